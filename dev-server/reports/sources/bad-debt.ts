import { periodClause, type SourceInput, type SourceSql } from './source.ts';

/**
 * Bad Debt Cost: each write-off of a patient's balance in the period (by write-off date) with the
 * story behind it — the claim's payers and when each last paid, the stay, the patient's 1st, 2nd and
 * 3rd statements before it and the last call to the patient about the claim.
 */
export function badDebtSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 'e.entry_date', params);
  return {
    params,
    sql: `
select e.id, e.billing_company_id, b.name as billing_company, p.company_id, co.name as company, p.med_num as patient_account,
       trim(coalesce(p.last_name, '') || ', ' || coalesce(p.first_name, '')) as patient_name, e.reason,
       case when c.admission_date is not null then 'Inpatient' when c.id is not null then 'Outpatient' end as inpatient_outpatient,
       i1.name as primary_insurance, i2.name as secondary_insurance, c.admission_date, c.discharge_date, e.entry_date as write_off_date,
       c.code as claim, c.billed_amount as amount,
       (select max(y.payment_date) from payment_services s join payments y on y.id = s.payment_id
         where s.billing_company_id = e.billing_company_id and s.claim_id = c.id and y.insurance_company_id = p1.insurance_company_id) as primary_paid_date,
       (select max(y.payment_date) from payment_services s join payments y on y.id = s.payment_id
         where s.billing_company_id = e.billing_company_id and s.claim_id = c.id and y.insurance_company_id = p2.insurance_company_id) as secondary_paid_date,
       st.first_bill_date, st.second_bill_date, st.third_bill_date,
       (select max(t.tracking_date) from denial_trackings t where t.billing_company_id = e.billing_company_id and t.claim_id = c.id and t.is_contact_to_patient) as phone_call_date,
       e.amount as writeoffs_amount, 1 as write_offs
  from ledger_entries e join billing_companies b on b.id = e.billing_company_id join patients p on p.id = e.patient_id
  left join companies co on co.id = p.company_id left join claims c on c.id = e.claim_id
  left join insurance_policies p1 on p1.id = (c.insurance_policy_ids->>0)::bigint left join insurance_companies i1 on i1.id = p1.insurance_company_id
  left join insurance_policies p2 on p2.id = (c.insurance_policy_ids->>1)::bigint left join insurance_companies i2 on i2.id = p2.insurance_company_id
  left join lateral (
    select (array_agg(s.statement_date order by s.statement_date, s.id))[1] as first_bill_date,
           (array_agg(s.statement_date order by s.statement_date, s.id))[2] as second_bill_date,
           (array_agg(s.statement_date order by s.statement_date, s.id))[3] as third_bill_date
      from patient_statements s where s.billing_company_id = e.billing_company_id and s.patient_id = e.patient_id and s.statement_date <= e.entry_date) st on true
 where e.billing_company_id = any($1::bigint[]) and e.kind = 'write_off' and e.responsibility = 'patient'${period}`,
  };
}
