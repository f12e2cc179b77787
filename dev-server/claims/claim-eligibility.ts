import { storeOf } from '../resources/store-of.ts';
import type { Actor } from '../security/actor.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { isUsDate, usDateToIso } from '../../src/domain/formats.ts';
import type { ClaimContext } from './claim-service.ts';

/**
 * Whether each of the patient's policies covers a day. The payer's latest answer (a 271) about the policy is its word
 * and decides: inactive, or a plan that ends before the day, is ineligible; active is eligible. Without an answer, as
 * the policy on file says: eligible when active and the day lies within its effective and end dates; without an
 * effective date, unknown. `said_by` tells which, and `payer_said_on` when the payer answered.
 */
export async function eligibility(ctx: ClaimContext, actor: Actor, body: Record<string, unknown>) {
  const patientId = Number(body.patient_id);
  if (!Number.isSafeInteger(patientId) || patientId < 1)
    throw invalid({ patient_id: [problem('patient_field_required')] });
  const date = body.date_of_service === undefined ? null : String(body.date_of_service);
  if (date !== null && !isUsDate(date)) throw invalid({ date_of_service: [problem('date_service_not_valid_date_mm')] });
  const patient = await storeOf(ctx, actor, 'patient').get(patientId);
  const day = date ? usDateToIso(date) : new Date().toISOString().slice(0, 10);
  const r = await ctx.db.query<{
    id: number;
    policy_number: string;
    type_responsibility_id: number;
    eff_date: string | null;
    end_date: string | null;
    status: boolean;
    payer: string;
    coverage: string | null;
    plan_end: string | null;
    said_on: string | null;
  }>(
    `select p.id, p.policy_number, p.type_responsibility_id, p.eff_date::text, p.end_date::text, p.status, ic.name as payer,
            e.coverage, e.plan_end::text, to_char(e.answered_at, 'MM/DD/YYYY') as said_on
       from insurance_policies p join insurance_companies ic on ic.id = p.insurance_company_id
       left join lateral (select coverage, plan_end, answered_at from eligibility_checks e
                           where e.billing_company_id = p.billing_company_id and e.insurance_policy_id = p.id
                             and e.state = 'answered' and e.coverage in ('active', 'inactive')
                           order by e.answered_at desc limit 1) e on true
      where p.patient_id = $1 and p.billing_company_id = $2 order by p.type_responsibility_id`,
    [patient.id, patient.billing_company_id],
  );
  if (!r.rows.length) throw invalid({ patient_id: [problem('patient_without_policies')] }, 'patient_without_policies');
  const onFile = (p: (typeof r.rows)[number]) =>
    !p.eff_date
      ? 'Unknown'
      : p.status && p.eff_date <= day && (!p.end_date || p.end_date >= day)
        ? 'Eligible policy'
        : 'Ineligible policy';
  const payerSaid = (p: (typeof r.rows)[number]) =>
    p.coverage === 'active' && (!p.plan_end || p.plan_end >= day) ? 'Eligible policy' : 'Ineligible policy';
  return r.rows.map((p) => ({
    insurance_policy_id: p.id,
    policy_number: p.policy_number,
    payer: p.payer,
    type_responsibility_id: p.type_responsibility_id,
    eligibility: p.coverage ? payerSaid(p) : onFile(p),
    said_by: p.coverage ? 'payer' : 'policy',
    payer_said_on: p.said_on,
  }));
}
