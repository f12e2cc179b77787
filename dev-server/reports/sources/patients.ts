import { periodClause, type SourceInput, type SourceSql } from './source.ts';
import { CLAIM_STATUS } from '../../../src/generated/ids.ts';

/**
 * The patient records (detailed and general patient reports): each patient of the billing companies
 * read, registered in the period, with their main address and how many claims were processed for
 * them (every claim past its draft). Claims are counted in one pass, not per patient.
 */
export function patientsSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 'p.created_at::date', params);
  return {
    params,
    sql: `
with processed as (
  select c.patient_id, count(*) as claims from claims c where c.billing_company_id = any($1::bigint[]) and c.status_id <> ${CLAIM_STATUS.DRAFT} group by c.patient_id)
select p.id, p.billing_company_id, b.name as billing_company, p.company_id, co.name as company, p.med_num,
       trim(coalesce(p.last_name, '') || ', ' || coalesce(p.first_name, '') || coalesce(' ' || p.middle_name, '')) as patient_name,
       p.date_of_birth, p.sex, case when p.ssn_last4 is null then null else '***-**-' || p.ssn_last4 end as ssn, p.driver_license, p.language,
       p.deceased_date, p.marital_status, p.phone, p.mobile, p.fax, p.email,
       (a.value->>'address_type_id')::int as address_type, a.value->>'address' as address, a.value->>'apt_suite' as apt_suite, a.value->>'zip' as zip,
       a.value->>'city' as city, a.value->>'state' as state, a.value->>'country' as country, p.created_at::date as registered,
       coalesce(x.claims, 0) as claims_processed, 1 as patients
  from patients p join billing_companies b on b.id = p.billing_company_id left join companies co on co.id = p.company_id
  left join processed x on x.patient_id = p.id
  left join lateral (select e.value from jsonb_array_elements(coalesce(p.addresses, '[]'::jsonb)) with ordinality e(value, n)
                      order by (e.value->>'main_address')::boolean desc nulls last, e.n limit 1) a on true
 where p.billing_company_id = any($1::bigint[])${period}`,
  };
}
