import { periodClause, type SourceInput, type SourceSql } from './source.ts';
import { PAYMENT_SOURCE } from '../../../src/generated/ids.ts';

/**
 * Posted Payment Transaction Audit: every payment (check, EFT, patient payment) posted in the period,
 * by the month its batch was deposited, with the facility of the claims it paid and who posted it —
 * how many transactions (service lines posted) and how much was paid. A month's deposits per payer
 * and facility are the audit's groups.
 */
export function postedPaymentAuditSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 'y.payment_date', params);
  return {
    params,
    sql: `
select y.billing_company_id, b.name as billing_company, pb.company_id, co.name as company,
       y.insurance_company_id, coalesce(i.name, case when y.source_id = ${PAYMENT_SOURCE.PATIENT} then 'Patient' end, ef.payer_name) as insurance,
       c.facility_id, coalesce(f.name, '—') as facility,
       to_char(coalesce(pb.posting_date, y.payment_date), 'MM/YYYY') as deposit_month, coalesce(pb.posting_date, y.payment_date) as deposit_date,
       y.payment_date, y.reference, pb.code as batch, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as posted_by,
       count(*) as trans_count, sum(p.paid) as amount
  from payment_services p join payments y on y.id = p.payment_id join payment_batches pb on pb.id = y.payment_batch_id
  join claims c on c.id = p.claim_id join billing_companies b on b.id = y.billing_company_id join companies co on co.id = pb.company_id
  left join facilities f on f.id = c.facility_id left join insurance_companies i on i.id = y.insurance_company_id
  left join era_files ef on ef.id = y.era_file_id
  left join lateral (select a.user_id from audits a where a.entity = 'payment' and a.entity_id = y.id order by a.id limit 1) who on true
  left join users u on u.id = who.user_id
 where p.billing_company_id = any($1::bigint[])${period}
 group by y.billing_company_id, b.name, pb.company_id, co.name, y.insurance_company_id, i.name, y.source_id, ef.payer_name, c.facility_id, f.name,
          pb.posting_date, y.payment_date, y.id, y.reference, pb.code, u.first_name, u.last_name`,
  };
}
