import { storeOf } from '../resources/store-of.ts';
import type { Actor } from '../security/actor.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { isUsDate, usDateToIso } from '../../src/domain/formats.ts';
import type { ClaimContext } from './claim-service.ts';

/**
 * Eligibility as this product can know it without a clearing house's 270/271: a policy is eligible
 * on a date when it is active and the date lies within its effective and end dates; without an
 * effective date it is unknown.
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
  }>(
    `select p.id, p.policy_number, p.type_responsibility_id, p.eff_date::text, p.end_date::text, p.status, ic.name as payer
       from insurance_policies p join insurance_companies ic on ic.id = p.insurance_company_id
      where p.patient_id = $1 and p.billing_company_id = $2 order by p.type_responsibility_id`,
    [patient.id, patient.billing_company_id],
  );
  if (!r.rows.length) throw invalid({ patient_id: [problem('patient_without_policies')] }, 'patient_without_policies');
  return r.rows.map((p) => ({
    insurance_policy_id: p.id,
    policy_number: p.policy_number,
    payer: p.payer,
    type_responsibility_id: p.type_responsibility_id,
    eligibility: !p.eff_date
      ? 'Unknown'
      : p.status && p.eff_date <= day && (!p.end_date || p.end_date >= day)
        ? 'Eligible policy'
        : 'Ineligible policy',
  }));
}
