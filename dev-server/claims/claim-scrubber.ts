import type { Queryable } from '../db/database.ts';
import { evaluateClaimRules, type ClaimRule, type RuleFinding } from '../../src/domain/claims/claim-rule-engine.ts';
import type { ClaimReferences } from './claim-checks.ts';

type Row = Record<string, unknown>;
export interface StoredRule extends ClaimRule {
  billing_company_id: number;
  format_id: number | null;
  company_ids: number[] | null;
  insurance_company_ids: number[] | null;
  insurance_plan_ids: number[] | null;
  responsibilities: number[] | null;
}

/** The enabled claim rules of these billing companies, read once for any number of claims. */
export async function enabledRules(tx: Queryable, billingCompanyIds: number[]): Promise<StoredRule[]> {
  const r = await tx.query<StoredRule>(
    `select id, name, checks, billing_company_id, format_id, company_ids, insurance_company_ids, insurance_plan_ids, responsibilities
       from claim_rules where billing_company_id = any($1::bigint[]) and status order by id`,
    [billingCompanyIds],
  );
  return r.rows.map((x) => ({ ...x, id: Number(x.id), billing_company_id: Number(x.billing_company_id) }));
}

const anyOf = (scope: number[] | null, values: number[]) =>
  !scope?.length || values.some((v) => scope.map(Number).includes(v));

/**
 * The rules that apply to a claim: its billing company's, for its form, company, and the payers,
 * plans and responsibilities of its policies (an empty list in a rule means "any").
 */
export function applicableRules(
  rules: StoredRule[],
  claim: Row & { billing_company_id: number },
  refs: ClaimReferences,
): StoredRule[] {
  const policies = ((claim.insurance_policy_ids as number[] | undefined) ?? [])
    .map((id) => refs.policies.get(Number(id)))
    .filter((p) => !!p);
  return rules.filter(
    (r) =>
      r.billing_company_id === claim.billing_company_id &&
      (r.format_id === null || Number(r.format_id) === Number(claim.format_id ?? 1)) &&
      anyOf(r.company_ids, [Number(claim.company_id)]) &&
      anyOf(
        r.insurance_company_ids,
        policies.map((p) => Number(p!.insurance_company_id)),
      ) &&
      anyOf(
        r.insurance_plan_ids,
        policies.map((p) => Number(p!.insurance_plan_id)),
      ) &&
      anyOf(
        r.responsibilities,
        policies.map((p) => Number(p!.type_responsibility_id)),
      ),
  );
}

/** Findings as field → messages, each message naming its rule so a person knows whose requirement it is. */
export const asFindings = (found: RuleFinding[]) => {
  const out: Record<string, string[]> = {};
  for (const f of found) {
    const m = `${f.message} (${f.rule})`;
    (out[f.field] ??= []).includes(m) || out[f.field].push(m);
  }
  return out;
};

export const scrubClaim = (rules: StoredRule[], claim: Row & { billing_company_id: number }, refs: ClaimReferences) =>
  asFindings(evaluateClaimRules(claim, applicableRules(rules, claim, refs)));
