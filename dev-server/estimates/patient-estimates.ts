import { storeOf } from '../resources/store-of.ts';
import { estimate, type CopayRow, type FeeRow } from '../../src/domain/estimate/patient-estimate.ts';
import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { readableBy } from '../resources/shared-tenancy.ts';

import type { EstimateContext, EstimateInput } from './estimate-routes.ts';

/** A patient's cost estimate: charges from the clinic's fee schedule, the plan's allowed amounts and copays, the patient's share. */
export async function patientEstimate(ctx: EstimateContext, actor: Actor, input: EstimateInput) {
  // Both are read through their stores: another billing company's clinic or plan is simply not found.
  const company = await storeOf(ctx, actor, 'company').get(input.companyId);
  const plan = input.planId ? await storeOf(ctx, actor, 'insurance-plan').get(input.planId) : null;
  const codes = [...new Set(input.lines.map((l) => l.procedure_code.toUpperCase()))];
  const found = new Map(
    (
      await ctx.db.query<{ code: string; description: string; price: number | null }>(
        `select upper(code) as code, coalesce(short_description, description) as description, price from procedures where upper(code) = any($1::text[]) and status is not false and ${readableBy('$2')}
       order by billing_company_id nulls first`,
        [codes, company.billing_company_id],
      )
    ).rows.map((p) => [p.code, p]),
  );
  const missing = input.lines
    .map((l, i) => [i, l] as const)
    .filter(([, l]) => !found.has(l.procedure_code.toUpperCase()));
  if (missing.length)
    throw invalid(
      Object.fromEntries(missing.map(([i]) => [`lines.${i}.procedure_code`, [problem('procedure_not_found')]])),
    );
  const services = new Map(
    ((company.services as Array<Record<string, unknown>> | undefined) ?? []).map((s) => [
      String(s.procedure_code).toUpperCase(),
      s,
    ]),
  );
  const today = new Date().toISOString().slice(0, 10);
  const result = estimate({
    lines: input.lines.map((l) => {
      const code = l.procedure_code.toUpperCase();
      const s = services.get(code);
      const p = found.get(code)!;
      return {
        code,
        description: p.description,
        units: l.units,
        unitPrice: Number(s?.custom_price ?? s?.std_price ?? p.price ?? 0),
      };
    }),
    plan: plan
      ? {
          id: Number(plan.id),
          copays: (plan.copays as CopayRow[] | undefined) ?? [],
          contractFees: (plan.contract_fees as FeeRow[] | undefined) ?? [],
        }
      : null,
    clinic: {
      copays: (company.copays as CopayRow[] | undefined) ?? [],
      contractFees: (company.contract_fees as FeeRow[] | undefined) ?? [],
    },
    deductibleLeft: input.deductibleLeft,
    coinsuranceBp: input.coinsuranceBp,
    date: today,
  });
  return {
    company: { id: Number(company.id), name: company.name },
    plan: plan ? { id: Number(plan.id), name: plan.name } : null,
    self_pay: !plan,
    ...result,
  };
}
