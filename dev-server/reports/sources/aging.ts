import { AGING_BUCKETS } from '../../../src/platform/report.ts';
import { ADJUSTMENTS_SQL, DENIAL_SQL, PATIENT_SHARE_SQL } from '../../ledger/ledger-balances.ts';
import type { SourceInput, SourceSql } from './source.ts';
import { CLAIM_STATUS, PAYMENT_SOURCE } from '../../../src/generated/ids.ts';

/** The nine bucket columns of an amount `amount` aged `age` days. */
const bucketColumns = (amount: string, age: string) =>
  AGING_BUCKETS.map((b, i) => {
    const from = i === 0 ? null : AGING_BUCKETS[i - 1].to;
    const cond =
      [from === null ? null : `${age} > ${from}`, Number.isFinite(b.to) ? `${age} <= ${b.to}` : null]
        .filter(Boolean)
        .join(' and ') || 'true';
    return `case when ${cond} then ${amount} else 0 end as ${b.key}`;
  }).join(',\n       ');

/**
 * What each claim owes as of a day, split by who owes it — the ledger's rules per claim (charges,
 * payer postings less their non-PR adjustments, a denial leaving the balance open, PR moved to the
 * patient and a later payer paying part of it, patient payments, write-offs and refunds), counting only what was posted by that day —
 * one row per claim and side that owes (by date of service; in closed books, once entered too), aged in the nine buckets from the date of service, the first
 * submission or the last payer posting. Every read leads with the billing company.
 */
export function agingSource(input: SourceInput, sides: Array<'insurance' | 'patient'>): SourceSql {
  const params: unknown[] = [input.billingCompanyIds, input.asOf];
  const since =
    input.agingBy === 'posting'
      ? 'coalesce(po.last_posted, c.date_of_service)'
      : input.agingBy === 'submission'
        ? 'coalesce(c.first_submitted_at, c.date_of_service)'
        : 'c.date_of_service';
  const side = (name: 'insurance' | 'patient') => `
    select cb.*, '${name}'::text as responsibility, ${name === 'insurance' ? 'cb.insurance_balance' : 'cb.patient_balance'} as balance from cb where ${name === 'insurance' ? 'cb.insurance_balance' : 'cb.patient_balance'} <> 0`;
  const sql = `
with po as (
  select p.claim_id,
         sum(p.paid) filter (where not y.source_id = ${PAYMENT_SOURCE.PATIENT}) as paid,
         sum(${ADJUSTMENTS_SQL}) filter (where not y.source_id = ${PAYMENT_SOURCE.PATIENT} and not ${DENIAL_SQL}) as adj,
         sum(${PATIENT_SHARE_SQL}) filter (where not y.source_id = ${PAYMENT_SOURCE.PATIENT}) as pr,
         -sum(p.patient_responsibility) filter (where y.source_id = ${PAYMENT_SOURCE.PATIENT}) as pat_paid,
         max(y.payment_date) filter (where y.source_id <> ${PAYMENT_SOURCE.PATIENT}) as last_posted
    from payment_services p join payments y on y.id = p.payment_id
   where p.billing_company_id = any($1::bigint[]) and y.payment_date <= $2::date
   group by p.claim_id),
le as (
  select e.claim_id,
         sum(case when e.responsibility = 'insurance' then (case when e.kind = 'refund' then e.amount else -e.amount end) else 0 end) as ins,
         sum(case when e.responsibility = 'patient' then (case when e.kind = 'refund' then e.amount else -e.amount end) else 0 end) as pat
    from ledger_entries e where e.billing_company_id = any($1::bigint[]) and e.claim_id is not null and e.entry_date <= $2::date group by e.claim_id),
cl as (
  select c.id as claim_id, c.billing_company_id, c.company_id, c.code as claim, c.patient_id, c.patient_name as patient, c.date_of_service, c.status_id, c.sub_status_id,
         c.attending_provider_id as health_professional_id,
         p.insurance_company_id, i.name as insurance,
         (case when jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 0 then c.billed_amount else 0 end)
           - coalesce(po.paid, 0) - coalesce(po.adj, 0) - coalesce(po.pr, 0) + coalesce(le.ins, 0) as insurance_balance,
         (case when jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 0 then 0 else c.billed_amount end)
           + coalesce(po.pr, 0) - coalesce(po.pat_paid, 0) + coalesce(le.pat, 0) as patient_balance,
         ($2::date - ${since}) as age_days
    from claims c
    left join po on po.claim_id = c.id left join le on le.claim_id = c.id
    left join insurance_policies p on p.id = (c.insurance_policy_ids->>0)::bigint
    left join insurance_companies i on i.id = p.insurance_company_id
   where c.billing_company_id = any($1::bigint[]) and c.status_id <> ${CLAIM_STATUS.DRAFT} and c.date_of_service <= $2::date
     -- As of a day inside closed books, a charge counts from the day it was entered: a late charge for a closed month
     -- is not in that month's aging, so a closed month reads the same every time it is run. Open months count by date
     -- of service alone.
     and (c.created_at < $2::date + 1 or not exists (
       select 1 from books_closed k where k.billing_company_id = c.billing_company_id
          and (k.company_id is null or k.company_id = c.company_id) and k.closed_through >= $2::date))),
cb as (select cl.*, co.name as company, b.name as billing_company, pt.med_num as account, ss.name as sub_status,
              trim(coalesce(h.first_name, '') || ' ' || coalesce(h.last_name, '')) as provider
         from cl join companies co on co.id = cl.company_id join billing_companies b on b.id = cl.billing_company_id
         join patients pt on pt.id = cl.patient_id left join claim_sub_statuses ss on ss.id = cl.sub_status_id
         left join health_professionals h on h.id = cl.health_professional_id)
select x.*,
       ${bucketColumns('x.balance', 'x.age_days')},
       x.balance as total
  from (${sides.map(side).join('\n    union all')}) x`;
  return { sql, params };
}
