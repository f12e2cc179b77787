import type { Actor } from '../security/actor.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { checkPeriod, type QueryProblems } from '../http/query-checks.ts';
import type { Queryable } from '../db/database.ts';
import { isoDayOf, usDateOf } from '../../src/domain/formats.ts';
import { DENIAL_SQL, OWN_ADJUSTMENT_SQL } from '../ledger/ledger-balances.ts';
import { agingSource } from './sources/aging.ts';
import { CLAIM_STATUS, VARIANCE_KIND, VARIANCE_STATUS } from '../../src/generated/ids.ts';
import { describeAdjustment } from '../../src/domain/x12/code-meanings.ts';
import type { Locale } from '../i18n/locale.ts';

/** The statuses of a claim its payer has answered. */
const ANSWERED = [CLAIM_STATUS.APPROVED, CLAIM_STATUS.DENIED, CLAIM_STATUS.COMPLETE].join(', ');

/** A ratio in basis points (1 = 0.01%) from two integers, without floating arithmetic on money. */
const basisPoints = (num: number, den: number) => (den === 0 ? null : Math.round((num * 10000) / den));

/** Each claim first adjudicated in the period ($2–$3): its first answer (4 Approved, 6 Denied, 7 Complete), and what came before it. */
const FIRST_ADJUDICATION = `
  select f.claim_id, f.outcome,
         exists (select 1 from state_transitions r where r.entity = 'claim' and r.entity_id = f.claim_id and r.to_state = ${CLAIM_STATUS.REJECTED} and r.created_at < f.at) as rejected_before,
         (select count(*) from state_transitions r where r.entity = 'claim' and r.entity_id = f.claim_id and r.to_state = ${CLAIM_STATUS.SUBMITTED} and r.created_at < f.at) as submissions_before
    from (select t.entity_id as claim_id, (array_agg(t.to_state order by t.created_at, t.id))[1] as outcome, min(t.created_at) as at
            from state_transitions t where t.entity = 'claim' and t.billing_company_id = any($1::bigint[]) and t.to_state in (${CLAIM_STATUS.APPROVED}, ${CLAIM_STATUS.DENIED}, ${CLAIM_STATUS.COMPLETE})
           group by t.entity_id having min(t.created_at)::date between $2::date and $3::date) f`;

/**
 * The contract-priced lines of the claims of the period ($1 billing companies, $2–$3 dates of service) the payers have
 * answered, each with what its contract payer's postings made collectible and its open or settled variance.
 */
const PRICED_LINES = `
  with lines as (
    select cs.id, cs.expected_allowed, k.insurance_company_id, paid.posted, paid.collectible, v.underpaid, v.overpaid
      from claims c
      join claim_services cs on cs.billing_company_id = c.billing_company_id and cs.claim_id = c.id
      join contracts k on k.id = cs.expected_contract_id
      -- The contract payer's answers on the line, as primary: one read of its postings.
      cross join lateral (
        select count(*) > 0 as posted,
               coalesce(sum(case when posting_covered(p.paid, p.adjustments) then posting_allowed(p.allowed, p.paid, p.patient_responsibility) else 0 end), 0) as collectible
          from payment_services p join payments y on y.id = p.payment_id
         where p.claim_service_id = cs.id and y.insurance_company_id = k.insurance_company_id and coalesce(p.paid_as, 'P') = 'P') paid
      -- Its variances still standing: one read of them.
      cross join lateral (
        select coalesce(sum(u.variance) filter (where u.kind_id = ${VARIANCE_KIND.UNDERPAID}), 0) as underpaid,
               coalesce(sum(u.variance) filter (where u.kind_id = ${VARIANCE_KIND.OVERPAID}), 0) as overpaid
          from underpayments u
         where u.claim_service_id = cs.id and u.status_id not in (${VARIANCE_STATUS.REVERSED}, ${VARIANCE_STATUS.SUPERSEDED})) v
     where c.billing_company_id = any($1::bigint[]) and c.status_id in (${ANSWERED})
       and c.date_of_service between $2::date and $3::date and cs.expected_allowed is not null)`;

export interface KpiInput {
  billingCompanyIds: number[];
  from: string;
  to: string;
}

/** The period and the billing companies a dashboard reads: the person's own (a Super User's choice, else all). */
export async function kpiInput(db: Queryable, actor: Actor, q: Record<string, unknown>): Promise<KpiInput> {
  const errors: QueryProblems = {};
  const today = new Date();
  const yearAgo = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate() + 1);
  // A year to today unless asked.
  const { from, to } = checkPeriod({ from: q.from || usDateOf(yearAgo), to: q.to || usDateOf(today) }, errors);
  let bcs = actor.crossTenant ? null : actor.billingCompanyIds;
  if (q.billing_companies !== undefined && q.billing_companies !== '') {
    const asked = String(q.billing_companies).split(',').map(Number);
    if (asked.some((x) => !Number.isSafeInteger(x) || x < 1)) errors.billing_companies = [problem('choose_from_list')];
    bcs = bcs ? asked.filter((id) => bcs!.includes(id)) : asked;
  }
  if (Object.keys(errors).length) throw invalid(errors);
  bcs ??= (await db.query<{ id: string }>('select id from billing_companies')).rows.map((r) => Number(r.id));
  // Both asked or defaulted, and checked above: present.
  return { billingCompanyIds: bcs, from: from!, to: to! };
}

/**
 * The revenue-cycle KPIs of a period, each from the rows it counts (HFMA's MAP Keys where they define
 * the measure; gross charges stand where the MAP Key says net revenue, as the product keeps no contract
 * prices): days in A/R, clean-claim rate, first-pass resolution, denial rate with its CARC groups and top
 * reasons, net collection rate, A/R over 90 days, and charges and payments per month. Ratios are basis
 * points (integers); money is cents.
 */
export async function computeKpis(
  db: Queryable,
  input: KpiInput,
  { breakdowns = true, locale = 'en' }: { breakdowns?: boolean; locale?: Locale } = {},
) {
  const p = [input.billingCompanyIds, input.from, input.to];
  const one = async (sql: string, params: unknown[] = p) =>
    (await db.query<Record<string, string | null>>(sql, params)).rows[0];
  // The groups, reasons and months: asked only when shown (a trend compares the headline figures alone).
  const breakdown = async <T extends Record<string, unknown>>(sql: string) =>
    breakdowns ? (await db.query<T>(sql, p)).rows : [];
  const aging = agingSource(
    { billingCompanyIds: input.billingCompanyIds, asOf: input.to, agingBy: 'date_of_service' },
    ['insurance', 'patient'],
  );
  const ar = await one(
    `select coalesce(sum(balance), 0) as ar, coalesce(sum(balance) filter (where age_days > 90), 0) as over_90 from (${aging.sql}) a`,
    aging.params,
  );
  const charges90 = await one(
    `select coalesce(sum(billed_amount), 0) as c from claims where billing_company_id = any($1::bigint[]) and status_id <> ${CLAIM_STATUS.DRAFT} and date_of_service > $2::date - 90 and date_of_service <= $2::date`,
    [input.billingCompanyIds, input.to],
  );
  // Claims first submitted in the period: accepted on that first submission unless ever rejected (5).
  // Claims first adjudicated in the period (their first move to Approved, Denied or Complete): the initial
  // denial rate counts those whose first answer was a denial; first-pass resolution those paid on the first
  // submission (no rejection, one submission before the answer).
  const history = await one(`
    with sub as (
      select t.entity_id as claim_id, bool_or(t.to_state = ${CLAIM_STATUS.REJECTED}) as rejected from state_transitions t
       where t.entity = 'claim' and t.billing_company_id = any($1::bigint[]) group by t.entity_id
      having min(t.created_at) filter (where t.to_state = ${CLAIM_STATUS.SUBMITTED}) is not null and (min(t.created_at) filter (where t.to_state = ${CLAIM_STATUS.SUBMITTED}))::date between $2::date and $3::date),
    adj as (${FIRST_ADJUDICATION})
    select (select count(*) from sub) as submitted, (select count(*) filter (where not rejected) from sub) as clean,
           count(*) as adjudicated, count(*) filter (where outcome = ${CLAIM_STATUS.DENIED}) as denied,
           count(*) filter (where outcome in (${CLAIM_STATUS.APPROVED}, ${CLAIM_STATUS.COMPLETE}) and not rejected_before and submissions_before = 1) as first_pass
      from adj`);
  // Net collection counts the claims of the period the payers have answered (Approved, Denied, Complete): a claim still
  // with its payer is not yet collectible, and counting it would read last month's work as money lost.
  // A secondary's CARC 23 restates the prior payer's adjudication: it is not a contractual allowance of its own.
  const money = await one(`
    select coalesce(sum(c.billed_amount), 0) as charges,
           coalesce((select sum(p.paid) from payment_services p join payments y on y.id = p.payment_id join claims k on k.id = p.claim_id
                      where p.billing_company_id = any($1::bigint[]) and k.date_of_service between $2::date and $3::date and k.status_id in (${ANSWERED})), 0) as payments,
           coalesce((select sum((a->>'amount')::bigint) from payment_services p join claims k on k.id = p.claim_id, jsonb_array_elements(coalesce(p.adjustments, '[]'::jsonb)) a
                      where p.billing_company_id = any($1::bigint[]) and a->>'group' = 'CO' and ${OWN_ADJUSTMENT_SQL} and not ${DENIAL_SQL} and k.date_of_service between $2::date and $3::date and k.status_id in (${ANSWERED})), 0) as contractual
      from claims c where c.billing_company_id = any($1::bigint[]) and c.status_id in (${ANSWERED}) and c.date_of_service between $2::date and $3::date`);
  // The claims of the period as their contracts priced them: what the contract payer's answers made collectible (its
  // allowed amount, or what it paid plus the patient's share) against what the contracts expected, and the lines it
  // allowed under them. Only lines the payer answered line by line count (an inpatient claim paid as a whole has no
  // line to compare). A variance reversed with its posting, or replaced by a later one, does not count.
  const contracts = await one(`
    ${PRICED_LINES}
    select coalesce(sum(l.expected_allowed) filter (where l.posted), 0) as expected, coalesce(sum(l.collectible), 0) as collectible,
           count(*) filter (where l.posted) as posted, count(*) filter (where l.underpaid > 0) as underpaid_lines,
           coalesce(sum(l.underpaid), 0) as underpaid, coalesce(sum(l.overpaid), 0) as overpaid
      from lines l`);
  const underpaidPayers = await breakdown<{ payer: string; lines: string; underpaid: string }>(`
    ${PRICED_LINES}
    select coalesce(i.name, '') as payer, count(*) as lines, sum(l.underpaid) as underpaid
      from lines l join insurance_companies i on i.id = l.insurance_company_id
     where l.underpaid > 0 group by i.name order by 3 desc, 1 limit 10`);
  const groups = await breakdown<{ grp: string; n: string }>(`
    select split_part(d, '-', 1) as grp, count(distinct c.id) as n from claims c, jsonb_array_elements_text(coalesce(c.denial_codes, '[]'::jsonb)) d
     where c.billing_company_id = any($1::bigint[]) and c.denied_at between $2::date and $3::date group by 1 order by 2 desc`);
  const reasons = await breakdown<{ code: string; n: string }>(`
    select d as code, count(*) as n from claims c, jsonb_array_elements_text(coalesce(c.denial_codes, '[]'::jsonb)) d
     where c.billing_company_id = any($1::bigint[]) and c.denied_at between $2::date and $3::date group by 1 order by 2 desc, 1 limit 10`);
  const monthly = await breakdown<{ month: string; charges: string; payments: string }>(`
    with months as (select to_char(m, 'YYYY-MM') as month from generate_series(date_trunc('month', $2::date), date_trunc('month', $3::date), interval '1 month') m)
    select months.month,
           coalesce((select sum(c.billed_amount) from claims c where c.billing_company_id = any($1::bigint[]) and c.status_id <> ${CLAIM_STATUS.DRAFT} and to_char(c.date_of_service, 'YYYY-MM') = months.month), 0) as charges,
           coalesce((select sum(p.paid) from payment_services p join payments y on y.id = p.payment_id where p.billing_company_id = any($1::bigint[]) and to_char(y.payment_date, 'YYYY-MM') = months.month), 0) as payments
      from months order by months.month`);
  const n = (v: string | null | undefined) => Number(v ?? 0);
  const dailyCharges90 = n(charges90.c);
  return {
    period: { from: input.from, to: input.to },
    days_in_ar: {
      ar: n(ar.ar),
      average_daily_charges: Math.round(dailyCharges90 / 90),
      value: dailyCharges90 === 0 ? null : Math.round((n(ar.ar) * 90 * 10) / dailyCharges90) / 10,
    },
    clean_claim_rate: {
      clean: n(history.clean),
      submitted: n(history.submitted),
      bp: basisPoints(n(history.clean), n(history.submitted)),
    },
    first_pass_resolution: {
      first_pass: n(history.first_pass),
      adjudicated: n(history.adjudicated),
      bp: basisPoints(n(history.first_pass), n(history.adjudicated)),
    },
    denial_rate: {
      denied: n(history.denied),
      adjudicated: n(history.adjudicated),
      bp: basisPoints(n(history.denied), n(history.adjudicated)),
      groups: groups.map((g) => ({ group: g.grp, claims: n(g.n) })),
      top_reasons: reasons.map((r) => ({
        code: r.code,
        meaning: describeAdjustment(r.code.split('-')[0], r.code.split('-')[1] ?? r.code, locale),
        claims: n(r.n),
      })),
    },
    net_collection_rate: {
      payments: n(money.payments),
      charges: n(money.charges),
      contractual: n(money.contractual),
      bp: basisPoints(n(money.payments), n(money.charges) - n(money.contractual)),
    },
    ar_over_90: { over_90: n(ar.over_90), ar: n(ar.ar), bp: basisPoints(n(ar.over_90), n(ar.ar)) },
    contract_collection_rate: {
      collectible: n(contracts.collectible),
      expected: n(contracts.expected),
      bp: basisPoints(n(contracts.collectible), n(contracts.expected)),
    },
    underpayment_rate: {
      underpaid_lines: n(contracts.underpaid_lines),
      posted_lines: n(contracts.posted),
      underpaid: n(contracts.underpaid),
      overpaid: n(contracts.overpaid),
      bp: basisPoints(n(contracts.underpaid_lines), n(contracts.posted)),
      by_payer: underpaidPayers.map((r) => ({ payer: r.payer, lines: n(r.lines), underpaid: n(r.underpaid) })),
    },
    monthly: monthly.map((m) => ({ month: m.month, charges: n(m.charges), payments: n(m.payments) })),
  };
}

const DAY_MS = 86_400_000;

/** The period of the same number of days just before this one: what each KPI's trend is read against. */
export function previousPeriod(input: KpiInput): KpiInput {
  const from = Date.parse(`${input.from}T00:00:00Z`);
  const days = (Date.parse(`${input.to}T00:00:00Z`) - from) / DAY_MS + 1;
  return { ...input, from: isoDayOf(new Date(from - days * DAY_MS)), to: isoDayOf(new Date(from - DAY_MS)) };
}

/** The earlier period's headline figures when there is no full period before to compare with. */
const NO_FIGURES = {
  days_in_ar: null,
  clean_claim_rate: null,
  first_pass_resolution: null,
  denial_rate: null,
  net_collection_rate: null,
  ar_over_90: null,
  contract_collection_rate: null,
  underpayment_rate: null,
};

/**
 * The KPIs of a period with the same KPIs of the period before it (as long, ending the day before), so
 * each card can say whether it went up or down; the headline figure of each is enough for that.
 */
export async function kpisWithTrend(db: Queryable, input: KpiInput, locale: Locale = 'en') {
  const now = await computeKpis(db, input, { locale });
  const earlier = previousPeriod(input);
  // A period before the first claim on record is not a period to compare with: its figures would be those of a few
  // months (or none), and A/R as of a day before the records began reads as zero days. No trend is drawn then.
  const first = (
    await db.query<{ d: string | null }>(
      `select to_char(min(date_of_service), 'YYYY-MM-DD') as d from claims
        where billing_company_id = any($1::bigint[]) and status_id <> ${CLAIM_STATUS.DRAFT}`,
      [input.billingCompanyIds],
    )
  ).rows[0].d;
  if (!first || first > earlier.from)
    return { ...now, previous: { period: { from: earlier.from, to: earlier.to }, records_from: first, ...NO_FIGURES } };
  // Only the headline figures are compared: the earlier period's groups, reasons and months are not asked for.
  const before = await computeKpis(db, earlier, { breakdowns: false });
  return {
    ...now,
    previous: {
      period: before.period,
      records_from: first,
      days_in_ar: before.days_in_ar.value,
      clean_claim_rate: before.clean_claim_rate.bp,
      first_pass_resolution: before.first_pass_resolution.bp,
      denial_rate: before.denial_rate.bp,
      net_collection_rate: before.net_collection_rate.bp,
      ar_over_90: before.ar_over_90.bp,
      contract_collection_rate: before.contract_collection_rate.bp,
      underpayment_rate: before.underpayment_rate.bp,
    },
  };
}

/** The claims behind a number: the denied ones (optionally of a CARC group), the rejected ones, or those aged over 90 days. */
export async function kpiClaims(db: Queryable, input: KpiInput, kpi: string, q: Record<string, unknown>) {
  const page = Number(q.page ?? 1);
  if (!Number.isSafeInteger(page) || page < 1) throw invalid({ page: [problem('page_positive_integer')] });
  const params: unknown[] = [input.billingCompanyIds, input.from, input.to];
  let where: string;
  if (kpi === 'denial_rate' && typeof q.group === 'string' && /^[A-Z]{2}$/.test(q.group)) {
    // A CARC group's bar: the claims denied in the period with a code of that group.
    params.push(q.group);
    where = `c.denied_at between $2::date and $3::date and exists (select 1 from jsonb_array_elements_text(coalesce(c.denial_codes, '[]'::jsonb)) d where split_part(d, '-', 1) = $${params.length})`;
  } else if (kpi === 'denial_rate') {
    // The rate's own claims: first adjudicated in the period, and denied that first time.
    where = `c.id in (select a.claim_id from (${FIRST_ADJUDICATION}) a where a.outcome = ${CLAIM_STATUS.DENIED})`;
  } else if (kpi === 'clean_claim_rate') {
    where = `exists (select 1 from state_transitions t where t.entity = 'claim' and t.entity_id = c.id and t.to_state = ${CLAIM_STATUS.REJECTED} and t.created_at::date between $2::date and $3::date)`;
  } else if (kpi === 'ar_over_90') {
    where = `c.status_id not in (${CLAIM_STATUS.DRAFT}, ${CLAIM_STATUS.COMPLETE}) and c.date_of_service < $3::date - 90 and c.date_of_service >= $2::date - 3650`;
  } else throw invalid({ kpi: [problem('claims_behind_denial_rate_clean_claim')] });
  const rows = (
    await db.query<Record<string, unknown> & { total__: string }>(
      `select c.id, c.code, c.patient_name, c.status_id, c.billed_amount, to_char(c.date_of_service, 'MM/DD/YYYY') as date_of_service, c.denial_codes, count(*) over () as total__
       from claims c where c.billing_company_id = any($1::bigint[]) and ${where} order by c.billed_amount desc, c.id limit 25 offset ${(page - 1) * 25}`,
      params,
    )
  ).rows;
  const count = rows[0] ? Number(rows[0].total__) : 0;
  return {
    data: rows.map(({ total__: _t, ...r }) => ({ ...r, billed_amount: Number(r.billed_amount) })),
    count,
    numberOfPages: Math.ceil(count / 25),
  };
}
