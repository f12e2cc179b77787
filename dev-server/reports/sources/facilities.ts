import { periodClause, type SourceInput, type SourceSql } from './source.ts';
import { CLAIM_STATUS } from '../../../src/generated/ids.ts';

/** The companies of a record's company_ids, by name (one statement for the whole report). */
export const companyNamesSql = (ids: string) =>
  `(select string_agg(x.name, ', ' order by x.name) from companies x where x.id in (select jsonb_array_elements_text(coalesce(${ids}, '[]'::jsonb))::bigint))`;

/** General Facility: each facility with its codes, the companies it serves and the claims processed there. */
export function facilitiesSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 'f.created_at::date', params);
  return {
    params,
    sql: `
with processed as (
  select c.facility_id, count(*) as claims from claims c where c.billing_company_id = any($1::bigint[]) and c.status_id <> ${CLAIM_STATUS.DRAFT} and c.facility_id is not null group by c.facility_id)
select f.id, f.billing_company_id, b.name as billing_company, ${companyNamesSql('f.company_ids')} as companies, f.code, f.name as facility, f.npi,
       f.taxonomies->>0 as primary_taxonomy, f.place_of_service, f.facility_type_ids as facility_types, f.bill_classification_ids as bill_classifications,
       coalesce(x.claims, 0) as claims_processed, 1 as facilities
  from facilities f join billing_companies b on b.id = f.billing_company_id left join processed x on x.facility_id = f.id
 where f.billing_company_id = any($1::bigint[])${period}`,
  };
}
