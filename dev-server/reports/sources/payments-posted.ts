import { ADJUSTMENTS_SQL } from '../../ledger/ledger-balances.ts';
import { periodClause, type SourceInput, type SourceSql } from './source.ts';
import { PAYMENT_SOURCE } from '../../../src/generated/ids.ts';

/** Payments Posted: what each payment posted to each claim in the period (by payment date) — paid, adjusted, left to the patient. */
export function paymentsPostedSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 'y.payment_date', params);
  return {
    params,
    sql: `
select y.billing_company_id, b.name as billing_company, c.company_id, co.name as company, y.payment_batch_id, pb.code as batch, y.payment_date,
       y.insurance_company_id, coalesce(i.name, case when y.source_id = ${PAYMENT_SOURCE.PATIENT} then 'Patient' end, ef.payer_name) as insurance, y.reference,
       c.id as claim_id, c.code as claim, c.patient_name as patient,
       sum(p.paid) as paid, sum(${ADJUSTMENTS_SQL}) as adjustments, sum(case when y.source_id = ${PAYMENT_SOURCE.PATIENT} then 0 else p.patient_responsibility end) as patient_responsibility, count(*) as postings
  from payment_services p join payments y on y.id = p.payment_id join payment_batches pb on pb.id = y.payment_batch_id
  join claims c on c.id = p.claim_id join billing_companies b on b.id = y.billing_company_id join companies co on co.id = c.company_id
  left join insurance_companies i on i.id = y.insurance_company_id left join era_files ef on ef.id = y.era_file_id
 where p.billing_company_id = any($1::bigint[])${period}
 group by y.billing_company_id, b.name, c.company_id, co.name, y.payment_batch_id, pb.code, y.payment_date, y.insurance_company_id, i.name, y.source_id, ef.payer_name, y.reference, c.id, c.code, c.patient_name`,
  };
}
