import type { Actor } from '../security/actor.ts';
import { storeOf, type StoreContext } from '../resources/store-of.ts';
import { CLAIM_FORMAT } from '../../src/generated/ids.ts';
import { isoDayOf, usDateToIso } from '../../src/domain/formats.ts';

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
  // The policies a claim may bill (the claim form's own list: active, primary first), less those already ended.
  const today = isoDayOf(new Date());
  const policies = (
    await storeOf(ctx, actor, 'insurance-policy').list(
      { patient_id: String(patient.id), status: 'true', itemsPerPage: '100', sortBy: 'type_responsibility_id' },
      false,
    )
  ).data.filter((p) => !p.end_date || usDateToIso(String(p.end_date)) >= today);
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
    insurance_policy_ids: policies.map((p) => Number(p.id)),
  };
}
