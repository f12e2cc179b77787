import type { SourceInput, SourceSql } from './source.ts';

/**
 * Census: who is in the house on a day (admitted by then, not discharged before it), by facility,
 * unit and room, with the days stayed so far and the expected discharge.
 */
export function censusSource(input: SourceInput): SourceSql {
  return {
    params: [input.billingCompanyIds, input.asOf],
    sql: `
select a.billing_company_id, b.name as billing_company, a.company_id, co.name as company, a.facility_id, f.name as facility, u.name as unit, a.room,
       a.patient_id, a.patient_name as patient, a.code as admission, a.admission_date, a.expected_discharge_date, a.program,
       ($2::date - a.admission_date) as days, 1 as patients
  from admissions a join billing_companies b on b.id = a.billing_company_id join companies co on co.id = a.company_id
  left join facilities f on f.id = a.facility_id left join units u on u.id = a.unit_id
 where a.billing_company_id = any($1::bigint[]) and a.admission_date <= $2::date and (a.discharge_date is null or a.discharge_date >= $2::date)`,
  };
}
