import type { Actor } from '../security/actor.ts';
import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { checkPage, checkSort, checkUsDate, note, type QueryProblems } from '../http/query-checks.ts';
import type { Queryable } from '../db/database.ts';
import { describeAdjustment, describeRemark } from '../../src/domain/x12/code-meanings.ts';
import type { Locale } from '../i18n/locale.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

export const DENIAL_STATUSES: number[] = [CLAIM_STATUS.REJECTED, CLAIM_STATUS.DENIED];
const TRANSMITTED: number[] = [
  CLAIM_STATUS.SUBMITTED,
  CLAIM_STATUS.APPROVED,
  CLAIM_STATUS.REJECTED,
  CLAIM_STATUS.DENIED,
  CLAIM_STATUS.COMPLETE,
];
const SORTS: Record<string, string> = {
  worth: 'c.billed_amount',
  billed_amount: 'c.billed_amount',
  denied_at: 'c.denied_at',
  follow_up_date: 'c.follow_up_date',
  date_of_service: 'c.date_of_service',
  age: 'c.denied_at',
  age_days: 'c.denied_at',
  code: 'c.code',
  id: 'c.id',
};
/** The list screen's names for the worklist's bounds (a schema's number and date ranges): the same filters under the generic names. */
const ALIASES: Record<string, string> = {
  billed_amount_min: 'amount_min',
  billed_amount_max: 'amount_max',
  age_days_min: 'age_min',
  age_days_max: 'age_max',
  follow_up_date_from: 'follow_up_from',
  follow_up_date_to: 'follow_up_to',
};

/**
 * The denial worklist a collector works: transmitted claims, Rejected and Denied by default, found by
 * what a collector works by — status and sub-status, payer, CARC or RARC, days since the denial, amount,
 * follow-up date, department, who it is assigned to — and ordered by what is worth money first. A page
 * at a time, each claim with its codes in plain words, in a fixed number of statements.
 */
export async function denialWorklist(
  db: Queryable,
  actor: Actor,
  query: Record<string, unknown>,
  locale: Locale = 'en',
) {
  const q: Record<string, unknown> = { ...query };
  for (const [alias, key] of Object.entries(ALIASES))
    if (q[alias] !== undefined && q[key] === undefined) q[key] = q[alias];
  const errors: QueryProblems = {};
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  if (!actor.crossTenant) add((n) => `c.billing_company_id = any(${n}::bigint[])`, actor.billingCompanyIds);
  const ids = (v: unknown, field: string, allowed?: number[]) => {
    const list = String(v).split(',').map(Number);
    if (list.some((x) => !Number.isSafeInteger(x) || x < 1 || (allowed && !allowed.includes(x)))) {
      note(
        errors,
        field,
        allowed
          ? problem('status_one_of', { allowed: allowed.join(', ') })
          : problem('field_an_id', { field: field.replace(/_/g, ' ') }),
      );
      return null;
    }
    return list;
  };
  // ?ids: the claims a screen names (a denial reopened after its refile put it back to Not submitted), in any status.
  const named = q.ids === undefined || q.ids === '' ? null : ids(q.ids, 'ids');
  if (named) add((n) => `c.id = any(${n}::bigint[])`, named);
  const statuses =
    q.status_id === undefined || q.status_id === ''
      ? named
        ? null
        : DENIAL_STATUSES
      : ids(q.status_id, 'status_id', TRANSMITTED);
  if (statuses) add((n) => `c.status_id = any(${n}::int[])`, statuses);
  for (const [key, column] of [
    ['sub_status_id', 'c.sub_status_id'],
    ['assigned_user_id', 'c.assigned_user_id'],
    ['department_responsibility_id', 'c.department_responsibility_id'],
    ['company_id', 'c.company_id'],
    ['billing_company_id', 'c.billing_company_id'],
  ] as const) {
    if (q[key] === undefined || q[key] === '') continue;
    const v = ids(q[key], key);
    if (v) add((n) => `${column} = any(${n}::bigint[])`, v);
  }
  if (q.insurance_company_id !== undefined && q.insurance_company_id !== '') {
    const v = ids(q.insurance_company_id, 'insurance_company_id');
    if (v)
      add(
        (n) =>
          `exists (select 1 from insurance_policies p where p.id = (c.insurance_policy_ids->>0)::bigint and p.insurance_company_id = any(${n}::bigint[]))`,
        v,
      );
  }
  if (typeof q.carc === 'string' && q.carc.trim()) {
    // "CO-50" exactly, or "50" under any group.
    const code = q.carc.trim().toUpperCase();
    if (!/^([A-Z]{2}-)?[A-Z0-9]{1,5}$/.test(code)) errors.carc = [problem('carc_code_like')];
    else if (code.includes('-')) add((n) => `c.denial_codes @> ${n}::jsonb`, JSON.stringify([code]));
    else
      add(
        (n) => `exists (select 1 from jsonb_array_elements_text(c.denial_codes) d where split_part(d, '-', 2) = ${n})`,
        code,
      );
  }
  for (const [key, sql] of [
    ['age_min', (n: string) => `c.denied_at <= current_date - ${n}::int`],
    ['age_max', (n: string) => `c.denied_at >= current_date - ${n}::int`],
    ['amount_min', (n: string) => `c.billed_amount >= ${n}::bigint`],
    ['amount_max', (n: string) => `c.billed_amount <= ${n}::bigint`],
  ] as const) {
    const v = q[key];
    if (v === undefined || v === '') continue;
    if (!/^\d{1,12}$/.test(String(v))) {
      errors[key] = [problem(key.startsWith('amount') ? 'amount_whole_cents' : 'age_whole_days')];
      continue;
    }
    add(sql, Number(v));
  }
  for (const [key, op] of [
    ['follow_up_from', '>='],
    ['follow_up_to', '<='],
  ] as const) {
    const day = checkUsDate(q, key, errors);
    if (day) add((n) => `c.follow_up_date ${op} ${n}`, day);
  }
  if (typeof q.query === 'string' && q.query.trim())
    add(
      (n) => `lower(c.code || ' ' || coalesce(c.patient_name, '')) like ${n}`,
      `%${q.query
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (x) => `\\${x}`)}%`,
    );
  if (typeof q.rarc === 'string' && q.rarc.trim()) {
    const code = q.rarc.trim().toUpperCase();
    if (!/^[A-Z]{1,2}\d{1,4}$/.test(code)) errors.rarc = [problem('rarc_code_like')];
    else add((n) => `c.remark_codes @> ${n}::jsonb`, JSON.stringify([code]));
  }
  const { page, perPage } = checkPage(q, errors, { perPage: 25, max: 100 });
  if (named && named.length > 100) note(errors, 'ids', problem('ids_at_most', { max: 100 }));
  const sortBy = checkSort(String(q.sortBy ?? 'worth'), Object.keys(SORTS), errors);
  if (Object.keys(errors).length) throw invalid(errors);
  // Worth first by default: the most money at stake on top; the oldest denial first when sorted by age.
  const desc =
    q.sortDesc === undefined ? sortBy === 'worth' || sortBy === 'age' : q.sortDesc === 'true' || q.sortDesc === '1';
  // Age is days since the denial: the oldest denial has the earliest date.
  const dir = (sortBy === 'age' ? !desc : desc) ? 'desc' : 'asc';
  const rows = (
    await db.query<Record<string, unknown> & { total__: string }>(
      `select c.id, c.billing_company_id, c.code, c.patient_id, c.patient_name, c.status_id, c.sub_status_id, s.name as sub_status, c.billed_amount,
            to_char(c.date_of_service, 'MM/DD/YYYY') as date_of_service, to_char(c.denied_at, 'MM/DD/YYYY') as denied_at, (current_date - c.denied_at) as age_days,
            c.denial_codes, c.remark_codes, to_char(c.follow_up_date, 'MM/DD/YYYY') as follow_up_date, c.assigned_user_id, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as assigned_to,
            c.department_responsibility_id, i.name as payer, p.insurance_company_id, count(*) over () as total__
       from claims c left join claim_sub_statuses s on s.id = c.sub_status_id left join users u on u.id = c.assigned_user_id
       left join insurance_policies p on p.id = (c.insurance_policy_ids->>0)::bigint left join insurance_companies i on i.id = p.insurance_company_id
      where ${where.join(' and ') || 'true'} order by ${SORTS[sortBy]} ${dir} nulls last, c.id ${dir} limit ${perPage} offset ${(page - 1) * perPage}`,
      params,
    )
  ).rows;
  const count = rows[0] ? Number(rows[0].total__) : 0;
  return {
    data: rows.map(
      ({ total__: _t, ...r }): Record<string, unknown> => ({
        ...r,
        billed_amount: Number(r.billed_amount),
        age_days: r.age_days === null ? null : Number(r.age_days),
        ...denialCodes(r.denial_codes as string[] | null, r.remark_codes as string[] | null, locale),
      }),
    ),
    count,
    numberOfPages: Math.ceil(count / perPage),
  };
}

/** A claim's denial codes with their meanings, as a list and as one line a column shows. */
function denialCodes(codes: string[] | null, remarks: string[] | null, locale: Locale) {
  const denial_codes = (codes ?? []).map((code) => ({
    code,
    meaning: describeAdjustment(code.split('-')[0], code.split('-')[1] ?? code, locale),
  }));
  const remark_codes = (remarks ?? []).map((code) => ({ code, meaning: describeRemark(code, locale) }));
  return {
    denial_codes,
    remark_codes,
    // One list of both kinds, which the worklist shows as chips (the words in each chip's tooltip).
    reason_codes: [...denial_codes, ...remark_codes],
    denial_reasons: [...denial_codes, ...remark_codes].map((d) => d.meaning).join('; '),
  };
}
