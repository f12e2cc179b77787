import { periodClause, type SourceInput, type SourceSql } from './source.ts';
import { CLAIM_STATUS } from '../../../src/generated/ids.ts';

/** Charge Transaction: every service line billed in the period (by date of service), with its claim, provider, facility and payer. */
export function chargesSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 's.from_service', params);
  return {
    params,
    sql: `
select c.billing_company_id, b.name as billing_company, c.company_id, co.name as company, c.facility_id, f.name as facility,
       c.attending_provider_id as health_professional_id, trim(coalesce(h.first_name, '') || ' ' || coalesce(h.last_name, '')) as provider,
       p.insurance_company_id, i.name as insurance, c.id as claim_id, c.code as claim, c.patient_name as patient, s.from_service as date_of_service,
       coalesce(s.procedure_code, s.revenue_code) as procedure, s.days_or_units::numeric as units, s.line_charge as charge, 1 as lines
  from claim_services s join claims c on c.id = s.claim_id and c.billing_company_id = s.billing_company_id
  join billing_companies b on b.id = c.billing_company_id join companies co on co.id = c.company_id
  left join facilities f on f.id = c.facility_id left join health_professionals h on h.id = c.attending_provider_id
  left join insurance_policies p on p.id = (c.insurance_policy_ids->>0)::bigint left join insurance_companies i on i.id = p.insurance_company_id
 where s.billing_company_id = any($1::bigint[]) and c.status_id <> ${CLAIM_STATUS.DRAFT}${period}`,
  };
}
