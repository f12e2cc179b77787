import { periodClause, type SourceInput, type SourceSql } from './source.ts';
import { VARIANCE_STATUS } from '../../../src/generated/ids.ts';

/**
 * Contract variances: the lines payers allowed under (or over) their contracts, by the month they were posted, payer
 * and company — how many lines, what the contracts expected, what was allowed and paid, and the difference. A variance
 * reversed with its posting or replaced by a later one is not counted (the later one is); one recovered or refunded
 * still is, in the month it was posted.
 */
export function contractVariancesSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 'u.posted_on', params);
  return {
    params,
    sql: `
select u.billing_company_id, b.name as billing_company, u.company_id, co.name as company,
       u.insurance_company_id, i.name as insurance, to_char(u.posted_on, 'MM/YYYY') as posted_month,
       date_trunc('month', u.posted_on)::date as posted_month_start, u.kind_id as kind,
       count(*) as lines, sum(u.expected) as expected, sum(u.allowed) as allowed, sum(u.paid) as paid,
       sum(u.variance) as variance
  from underpayments u
  join billing_companies b on b.id = u.billing_company_id
  left join companies co on co.id = u.company_id
  left join insurance_companies i on i.id = u.insurance_company_id
 where u.billing_company_id = any($1::bigint[])
   and u.status_id not in (${VARIANCE_STATUS.REVERSED}, ${VARIANCE_STATUS.SUPERSEDED})${period}
 group by u.billing_company_id, b.name, u.company_id, co.name, u.insurance_company_id, i.name,
          to_char(u.posted_on, 'MM/YYYY'), date_trunc('month', u.posted_on), u.kind_id`,
  };
}
