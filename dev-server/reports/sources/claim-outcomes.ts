import { ADJUSTMENTS_SQL, DENIAL_SQL } from '../../ledger/ledger-balances.ts';
import { periodClause, type SourceInput, type SourceSql } from './source.ts';
import { CLAIM_STATUS, PAYMENT_SOURCE } from '../../../src/generated/ids.ts';

/**
 * One row per claim of the period (by date of service) with what came of it: its charges and lines,
 * what payers paid, what they wrote off (adjustments other than PR; a denial's are not a write-off),
 * whether a payer denied it — with the payer, plan, company, facility and rendering professional it
 * is grouped by. Payer mix and professional productivity are this, grouped.
 */
export function claimOutcomesSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 'c.date_of_service', params);
  return {
    params,
    sql: `
with po as (
  select p.claim_id, sum(p.paid) as paid, count(*) filter (where p.paid <> 0) as payments,
         sum(${ADJUSTMENTS_SQL}) filter (where not ${DENIAL_SQL}) as write_offs, count(*) filter (where ${ADJUSTMENTS_SQL} <> 0 and not ${DENIAL_SQL}) as write_off_count,
         bool_or(${DENIAL_SQL}) as denied
    from payment_services p join payments y on y.id = p.payment_id
   where p.billing_company_id = any($1::bigint[]) and y.source_id <> ${PAYMENT_SOURCE.PATIENT} group by p.claim_id)
select c.billing_company_id, b.name as billing_company, c.company_id, co.name as company, c.facility_id, f.name as facility,
       c.attending_provider_id as health_professional_id, trim(coalesce(h.first_name, '') || ' ' || coalesce(h.last_name, '')) as provider, h.npi,
       pol.insurance_company_id, coalesce(i.name, 'Self-pay') as insurance, pl.name as plan,
       c.id as claim_id, c.code as claim, c.patient_id, c.patient_name as patient, c.date_of_service,
       1 as claims, 1 as patient_count, (select count(*) from claim_services s where s.billing_company_id = c.billing_company_id and s.claim_id = c.id) as charge_count,
       c.billed_amount as charges, coalesce(po.paid, 0) as payments_amount, coalesce(po.payments, 0) as total_payments,
       coalesce(po.write_offs, 0) as writeoffs_amount, coalesce(po.write_off_count, 0) as total_write_offs,
       case when coalesce(po.denied, false) or c.status_id = ${CLAIM_STATUS.DENIED} then 1 else 0 end as total_denied,
       case when coalesce(po.denied, false) or c.status_id = ${CLAIM_STATUS.DENIED} then c.billed_amount else 0 end as denied_amount
  from claims c join billing_companies b on b.id = c.billing_company_id join companies co on co.id = c.company_id
  left join po on po.claim_id = c.id
  left join facilities f on f.id = c.facility_id left join health_professionals h on h.id = c.attending_provider_id
  left join insurance_policies pol on pol.id = (c.insurance_policy_ids->>0)::bigint
  left join insurance_companies i on i.id = pol.insurance_company_id left join insurance_plans pl on pl.id = pol.insurance_plan_id
 where c.billing_company_id = any($1::bigint[]) and c.status_id <> ${CLAIM_STATUS.DRAFT}${period}`,
  };
}
