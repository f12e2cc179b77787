import type { Queryable } from '../db/database.ts';
import { evaluateClaimRules, type ClaimRule, type RuleFinding } from '../../src/domain/claims/claim-rule-engine.ts';

type Row = Record<string, unknown>;

/**
 * The billing company's enabled claim rules that apply to this claim: its form, the payers and plans
 * of its policies, its company and the policies' responsibilities (an empty list in a rule means
 * "any"). One query.
 */
export async function applicableRules(tx: Queryable, claim: Row & { billing_company_id: number }): Promise<ClaimRule[]> {
  const policyIds = (Array.isArray(claim.insurance_policy_ids) ? claim.insurance_policy_ids : []) as number[];
  const r = await tx.query<{ id: number; name: string; checks: ClaimRule['checks'] }>(
    `with p as (select insurance_company_id, insurance_plan_id, type_responsibility_id from insurance_policies where id = any($2::bigint[]) and billing_company_id = $1)
     select r.id, r.name, r.checks from claim_rules r
      where r.billing_company_id = $1 and r.status
        and (r.format_id is null or r.format_id = $3)
        and (coalesce(jsonb_array_length(r.company_ids), 0) = 0 or r.company_ids @> to_jsonb($4::bigint))
        and (coalesce(jsonb_array_length(r.insurance_company_ids), 0) = 0 or exists (select 1 from p where r.insurance_company_ids @> to_jsonb(p.insurance_company_id)))
        and (coalesce(jsonb_array_length(r.insurance_plan_ids), 0) = 0 or exists (select 1 from p where r.insurance_plan_ids @> to_jsonb(p.insurance_plan_id)))
        and (coalesce(jsonb_array_length(r.responsibilities), 0) = 0 or exists (select 1 from p where r.responsibilities @> to_jsonb(p.type_responsibility_id)))
      order by r.id`,
    [claim.billing_company_id, policyIds, Number(claim.format_id ?? 1), Number(claim.company_id ?? 0)]);
  return r.rows.map((x) => ({ id: Number(x.id), name: x.name, checks: x.checks }));
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

export async function scrubberFindings(tx: Queryable, claim: Row & { billing_company_id: number }) {
  return asFindings(evaluateClaimRules(claim, await applicableRules(tx, claim)));
}
