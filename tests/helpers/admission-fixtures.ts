import type { ClaimWorld } from './claim-fixtures.ts';

/** A day counted back from today, as a person types it (mm/dd/yyyy): an admission's dates must not be in the future. */
export const daysAgo = (back: number) => {
  const d = new Date();
  d.setDate(d.getDate() - back);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

/**
 * An admission that passes every rule: Lucia Perez admitted to room 101 of the unit two days ago, one
 * policy, a diagnosis present on admission and two services (room and board, a blood count).
 */
export const goodAdmission = (w: ClaimWorld, unit: number, over: Record<string, unknown> = {}) => ({
  billing_company_id: w.bc,
  patient_id: w.patient,
  company_id: w.company,
  facility_id: w.facility,
  program: 'INP',
  unit_id: unit,
  room: '101',
  attending_provider_id: w.attending,
  admission_date: daysAgo(2),
  admission_hour: 9,
  policies: [{ insurance_policy_id: w.policy, authorization_number: 'AU-123/45' }],
  diagnoses: [{ code: 'E11.9', poa: 'Y' }],
  services: [
    { from_service: daysAgo(2), to_service: daysAgo(1), revenue_code: '0120', days_or_units: '2', price: 90000 },
    {
      from_service: daysAgo(1),
      to_service: daysAgo(1),
      revenue_code: '0300',
      procedure_code: '85025',
      days_or_units: '1',
      price: 2500,
    },
  ],
  ...over,
});
