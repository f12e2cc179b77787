import type { Queryable } from '../db/database.ts';
import { isoDayOf, type IsoDate } from '../../src/domain/formats.ts';
import type { PolicyAsk } from './eligibility-questions.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';
import type { Actor } from '../security/actor.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';

/** Claims still being made ready: not yet sent, so a coverage found lapsed can still change who is billed. */
const UNSENT = [CLAIM_STATUS.DRAFT, CLAIM_STATUS.NOT_SUBMITTED];

/** The policy a claim bills now (its billed responsibility's: primary, secondary, tertiary) and its first date of service. */
export const BILLED_POLICY = `(select p.id from insurance_policies p
                         where p.id in (select jsonb_array_elements_text(coalesce(c.insurance_policy_ids, '[]'::jsonb))::bigint)
                         order by p.type_responsibility_id
                         offset (case c.billed_responsibility when 'T' then 2 when 'S' then 1 else 0 end) limit 1)`;

/**
 * What claims of one billing company ask: each claim's billed policy on its first date of service, asked as the claim's
 * clinic. A claim without a policy (self pay) asks nothing and is named in `without`.
 */
export async function claimAsks(
  db: Queryable,
  bc: number,
  claimIds: number[],
  today: Date,
): Promise<{ asks: PolicyAsk[]; without: number[] }> {
  const rows = (
    await db.query<{ id: string; policy_id: string | null; dos: string | null; company_id: string | null }>(
      `select c.id, ${BILLED_POLICY} as policy_id, c.date_of_service::text as dos, c.company_id
         from claims c where c.billing_company_id = $1 and c.id = any($2::bigint[]) order by c.id`,
      [bc, claimIds],
    )
  ).rows;
  return {
    asks: rows
      .filter((r) => r.policy_id)
      .map((r) => ({
        policyId: Number(r.policy_id),
        serviceDate: (r.dos ?? isoDayOf(today)) as IsoDate,
        claimId: Number(r.id),
        companyId: r.company_id ? Number(r.company_id) : undefined,
      })),
    without: rows.filter((r) => !r.policy_id).map((r) => Number(r.id)),
  };
}

/**
 * The policies to ask about before the visits of the next days: every active policy of a patient admitted or to be
 * admitted in them (not yet discharged), the billed policy of every claim not yet sent whose service falls in them,
 * and of every claim not yet sent whose policy the payer last answered about longer ago than the billing company's
 * setting (else 30 days) or never; once each (the earliest day), asked on that day.
 */
export async function upcomingAsks(db: Queryable, bc: number, daysAhead: number, today: Date): Promise<PolicyAsk[]> {
  const from = isoDayOf(today);
  const rows = (
    await db.query<{ policy_id: string; day: string; company_id: string | null }>(
      `with wanted as (
         select p.id as policy_id, greatest(a.admission_date, $2::date) as day, a.company_id
           from admissions a join insurance_policies p on p.patient_id = a.patient_id and p.billing_company_id = a.billing_company_id
          where a.billing_company_id = $1 and p.status and a.discharge_date is null
            and a.admission_date <= $2::date + $3::int and (p.end_date is null or p.end_date >= $2::date)
         union all
         select ${BILLED_POLICY}, c.date_of_service, c.company_id
           from claims c
          where c.billing_company_id = $1 and c.date_of_service between $2::date and $2::date + $3::int
            and c.status_id = any($4::int[])
         union all
         select x.policy_id, c.date_of_service, c.company_id
           from claims c cross join lateral (select ${BILLED_POLICY} as policy_id) x
           join billing_companies b on b.id = c.billing_company_id
          where c.billing_company_id = $1 and c.status_id = any($4::int[]) and c.date_of_service < $2::date
            and not exists (select 1 from eligibility_checks e
                             where e.billing_company_id = $1 and e.insurance_policy_id = x.policy_id and e.state = 'answered'
                               and e.answered_at > app_now() - make_interval(days => coalesce(b.eligibility_max_age_days, 30))))
       select distinct on (policy_id) policy_id, day::text, company_id from wanted where policy_id is not null order by policy_id, day`,
      [bc, from, daysAhead, UNSENT],
    )
  ).rows;
  return rows.map((r) => ({
    policyId: Number(r.policy_id),
    serviceDate: r.day as IsoDate,
    companyId: r.company_id ? Number(r.company_id) : undefined,
  }));
}

/** The billing company of records asked about in bulk (policies, claims): all of them the person's, all of one company. */
export async function recordsCompany(
  db: Queryable,
  actor: Actor,
  table: 'insurance_policies' | 'claims',
  ids: number[],
): Promise<number> {
  const r = await db.query<{ bc: string }>(
    `select distinct billing_company_id as bc from ${table} where id = any($1::bigint[])`,
    [ids],
  );
  const bcs = r.rows.map((x) => Number(x.bc));
  if (bcs.length !== 1 || (!actor.crossTenant && !actor.billingCompanyIds.includes(bcs[0])))
    throw new DomainError('forbidden');
  return bcs[0];
}
