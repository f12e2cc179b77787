import { companyNamesSql } from './facilities.ts';
import { periodClause, type SourceInput, type SourceSql } from './source.ts';
import { CLAIM_STATUS } from '../../../src/generated/ids.ts';

/** General Healthcare Professional: each professional with NPI, taxonomy, type, roles and the claims they rendered. */
export function healthProfessionalsSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 'h.created_at::date', params);
  return {
    params,
    sql: `
with processed as (
  select c.attending_provider_id as id, count(*) as claims from claims c
   where c.billing_company_id = any($1::bigint[]) and c.status_id <> ${CLAIM_STATUS.DRAFT} and c.attending_provider_id is not null group by c.attending_provider_id)
select h.id, h.billing_company_id, b.name as billing_company, ${companyNamesSql('h.company_ids')} as companies,
       trim(coalesce(h.last_name, '') || ', ' || coalesce(h.first_name, '') || coalesce(' ' || h.middle_name, '')) as healthcare_professional, h.npi,
       h.taxonomy as primary_taxonomy, h.health_professional_type_id as health_professional_type, h.authorization_ids as health_professional_role,
       coalesce(x.claims, 0) as claims_processed, 1 as professionals
  from health_professionals h join billing_companies b on b.id = h.billing_company_id left join processed x on x.id = h.id
 where h.billing_company_id = any($1::bigint[])${period}`,
  };
}
