import type { Actor } from '../security/actor.ts';
import { storeOf, type StoreContext } from '../resources/store-of.ts';
import { CLAIM_FORMAT } from '../../src/generated/ids.ts';

// What a patient's next claim usually shares with the last one: the clinic, where and by whom the patient is seen.
const CARRIED = [
  'format_id',
  'company_id',
  'facility_id',
  'billing_provider_id',
  'attending_provider_id',
  'referring_provider_id',
  'referring_qualifier',
  'place_of_service',
] as const;

/**
 * A new claim's values for a patient, as a biller starts one from the patient's record: the patient, their
 * active policies in the order of responsibility (primary, secondary, tertiary), and the clinic, facility,
 * providers and place of service of their latest claim (the patient's own clinic when there is none).
 * Reading it is a read of the patient (tenancy and the PHI access log come with the store).
 */
export async function claimDraft(ctx: StoreContext, actor: Actor, patientId: number): Promise<Record<string, unknown>> {
  const patients = storeOf(ctx, actor, 'patient');
  const patient = await patients.get(patientId);
  await patients.recordRead(patient);
  const policies = await ctx.db.query<{ id: string }>(
    `select id from insurance_policies where patient_id = $1 and status and (end_date is null or end_date >= current_date)
      order by type_responsibility_id, id`,
    [patient.id],
  );
  const last = (
    await ctx.db.query<Record<(typeof CARRIED)[number], unknown>>(
      `select ${CARRIED.join(', ')} from claims where patient_id = $1 order by date_of_service desc nulls last, id desc limit 1`,
      [patient.id],
    )
  ).rows[0];
  const carried = Object.fromEntries(
    CARRIED.filter((f) => last?.[f] !== null && last?.[f] !== undefined).map((f) => [f, last![f]]),
  );
  return {
    billing_company_id: patient.billing_company_id,
    format_id: CLAIM_FORMAT.PROFESSIONAL,
    ...(patient.company_id ? { company_id: patient.company_id } : {}),
    ...carried,
    patient_id: patient.id,
    insurance_policy_ids: policies.rows.map((p) => Number(p.id)),
  };
}
