import type { Actor } from '../security/actor.ts';
import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { checkPageNumber, checkPeriod, checkUsDate, type QueryProblems } from '../http/query-checks.ts';
import type { Queryable } from '../db/database.ts';
import { usDateOf, usDateToIso } from '../../src/domain/formats.ts';
import {
  basisPoints,
  reportPage,
  reportPages,
  type ReportColumn,
  type ReportDef,
  type ReportResult,
} from '../../src/platform/report.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
export type { ReportResult };
import { REPORT_SOURCES } from './sources/index.ts';
import type { SourceInput } from './sources/source.ts';

export interface ReportQuery {
  page?: number;
  /** group levels, outermost first (up to four of the report's groupBy) */
  groupBy?: string[] | string;
  /** false: the group and grand totals only (the simple view) */
  showDetails?: boolean | string;
  from?: string;
  to?: string;
  [filter: string]: unknown;
}

/** The columns a person sees: a Super User's sets carry the billing company; the simple view only its simple columns. */
export const visibleColumns = (def: ReportDef, actor: Actor, detailed = true) =>
  def.columns.filter((c) => (!c.adminOnly || actor.crossTenant) && (detailed || c.simple));

const quote = (key: string) => `"${key.replace(/"/g, '')}"`;
const lastMonthEnd = () => {
  const d = new Date();
  d.setDate(0);
  return usDateOf(d);
};

/** A code list's value (an id or a code) by its name in the reader's language; what the list does not hold, as it is. */
function codeName(list: string, v: unknown, locale: string): unknown {
  const items = codeListFile(list);
  const name = (x: unknown) => {
    const item = items.find((i) => String(i.id) === String(x) || (i as { code?: string }).code === String(x));
    return item ? (locale === 'es' && item.name_es) || item.name : x;
  };
  return Array.isArray(v) ? v.map(name).join(', ') : name(v);
}

/** Dates as people read them (mm/dd/yyyy), counts and cents as numbers, codes by their names. */
function present(row: Record<string, unknown>, columns: ReportColumn[], locale: string) {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const v = row[c.key];
    if (v === null || v === undefined) out[c.key] = null;
    else if (c.codeList) out[c.key] = codeName(c.codeList, v, locale);
    else if (c.type === 'date')
      out[c.key] =
        v instanceof Date
          ? usDateOf(new Date(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate()))
          : /^\d{4}-\d{2}-\d{2}/.test(String(v))
            ? `${String(v).slice(5, 7)}/${String(v).slice(8, 10)}/${String(v).slice(0, 4)}`
            : v;
    else if (c.type === 'money' || c.type === 'int' || c.type === 'percent') out[c.key] = Number(v);
    else out[c.key] = v;
  }
  return out;
}

/** What a report is asked, checked (a 422 naming each field at fault) and turned into its source's SQL and filters. */
export async function reportPlan(db: Queryable, actor: Actor, def: ReportDef, q: ReportQuery) {
  const errors: QueryProblems = {};
  const source = REPORT_SOURCES[def.source];
  const listOf = (v: unknown, key: string) => {
    if (v === undefined || v === '' || v === null) return null;
    const list = (Array.isArray(v) ? v : String(v).split(',')).map(Number);
    if (!list.length || list.some((x) => !Number.isSafeInteger(x) || x < 1)) {
      errors[key] = [problem('choose_from_list')];
      return null;
    }
    return list;
  };
  // Whose rows: a Super User's choice (all when none), or the person's own billing companies only.
  const asked = listOf(q.billing_companies, 'billing_companies');
  const own = actor.crossTenant ? null : actor.billingCompanyIds;
  let companies = asked ?? own;
  if (asked && own) companies = asked.filter((id) => own.includes(id));
  if (!companies)
    companies = (await db.query<{ id: string }>('select id from billing_companies')).rows.map((r) => Number(r.id));
  const agingBy = q.aging_by === undefined || q.aging_by === '' ? 'date_of_service' : String(q.aging_by);
  if (!['date_of_service', 'submission', 'posting'].includes(agingBy)) errors.aging_by = [problem('choose_from_list')];
  const asOf =
    checkUsDate(
      { aging_date: q.aging_date ?? (def.source === 'month-end-aging' ? lastMonthEnd() : usDateOf()) },
      'aging_date',
      errors,
    ) ?? usDateToIso(usDateOf());
  const { from, to } = def.period ? checkPeriod(q, errors) : {};
  const groupBy: string[] = (
    Array.isArray(q.groupBy) ? q.groupBy : typeof q.groupBy === 'string' && q.groupBy ? q.groupBy.split(',') : []
  ).map(String);
  if (
    groupBy.length > 4 ||
    groupBy.some((g) => !def.groupBy.includes(g) || (g === 'billing_company' && !actor.crossTenant)) ||
    new Set(groupBy).size !== groupBy.length
  ) {
    errors.groupBy = [
      problem('group_by_up_to_four', {
        fields: def.groupBy.filter((g) => g !== 'billing_company' || actor.crossTenant).join(', '),
      }),
    ];
  }
  const page = checkPageNumber(q, errors);
  const where: string[] = [];
  const input: SourceInput = {
    billingCompanyIds: companies,
    from,
    to,
    asOf,
    agingBy: agingBy as SourceInput['agingBy'],
  };
  const src = source(input);
  const params = [...src.params];
  let filtered = false;
  for (const f of def.filters) {
    if (!f.column || f.key === 'billing_companies') continue;
    const v = listOf(q[f.key], f.key);
    if (!v) continue;
    filtered = true;
    params.push(v);
    where.push(`r.${f.column} = any($${params.length}::bigint[])`);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { src, params, where, filtered, groupBy, page };
}

/**
 * Runs a report: its source's rows for the billing companies the person may read, narrowed by the
 * filters, ordered by the group levels then the report's order; one page of rows by document 1's rule
 * (22/20, 21/19 when filtered) and, computed in SQL over every matching row, the sums of each group
 * present and the grand total. `all` answers every row (an export).
 */
export async function runReport({
  db,
  actor,
  def,
  q,
  opts = {},
}: {
  db: Queryable;
  actor: Actor;
  def: ReportDef;
  q: ReportQuery;
  opts?: { all?: boolean; locale?: string };
}): Promise<ReportResult> {
  const locale = opts.locale ?? 'en';
  const { src, params, where, filtered, groupBy, page } = await reportPlan(db, actor, def, q);

  const detailed = q.showDetails !== false && q.showDetails !== 'false';
  const columns = visibleColumns(def, actor, detailed);
  const summed = def.columns.filter((c) => c.sum || c.countDistinct);
  const aggregate = (c: ReportColumn) =>
    c.countDistinct ? `count(distinct r.${quote(c.countDistinct)})` : `coalesce(sum(r.${quote(c.key)}), 0)`;
  const base = `(${src.sql}) r${where.length ? ` where ${where.join(' and ')}` : ''}`;
  const orderOf = (g: string) => def.columns.find((c) => c.key === g)?.orderBy ?? g;
  const order = [
    ...groupBy.map((g) => `r.${quote(orderOf(g))} nulls last, r.${quote(g)}`),
    ...def.sort.map((s) => `r.${quote(s.key)} ${s.desc ? 'desc' : 'asc'} nulls last`),
  ].join(', ');
  // Totals per group and overall, in one pass of SQL over every matching row (never added up from pages).
  const sets = [
    ...groupBy.map(
      (_g, i) =>
        `(${groupBy
          .slice(0, i + 1)
          .map((g) => `r.${quote(g)}`)
          .join(', ')})`,
    ),
    '()',
  ];
  const totalsSql = `select ${[
    ...groupBy.map((g) => `r.${quote(g)} as ${quote(g)}`),
    ...groupBy.map((g, i) => `grouping(r.${quote(g)}) as g${i}`),
    'count(*) as count__',
    ...summed.map((c) => `${aggregate(c)} as ${quote(c.key)}`),
  ].join(', ')} from ${base} group by grouping sets (${sets.join(', ')})`;
  const totals = (await db.query<Record<string, unknown>>(totalsSql, params)).rows;
  const grand = totals.find((r) => groupBy.every((_g, i) => Number(r[`g${i}`]) === 1)) ?? { count__: 0 };
  // A share of the whole: each row's, group's and the total's part of the grand total of another column.
  const shares = def.columns.filter((c) => c.percentOf);
  const withShares = (r: Record<string, unknown>) => {
    for (const c of shares) r[c.key] = basisPoints(Number(r[c.percentOf!] ?? 0), Number(grand[c.percentOf!] ?? 0));
    return r;
  };
  const sumsOf = (r: Record<string, unknown>) =>
    withShares(Object.fromEntries(summed.map((c) => [c.key, Number(r[c.key] ?? 0)]))) as Record<string, number>;
  const count = Number(grand.count__ ?? 0);
  const groups = totals
    .filter((r) => groupBy.length && Number(r.g0) === 0)
    .map((r) => {
      const level = groupBy.filter((_g, i) => Number(r[`g${i}`]) === 0).length - 1;
      return {
        level,
        keys: Object.fromEntries(groupBy.slice(0, level + 1).map((g) => [g, r[g] ?? null])),
        count: Number(r.count__),
        sums: sumsOf(r),
      };
    });

  const pages = opts.all || !detailed ? 1 : reportPages(count, filtered);
  let rows: Array<Record<string, unknown>> = [];
  if (detailed) {
    const window = opts.all
      ? ''
      : (() => {
          const p = reportPage(page, filtered);
          return ` limit ${p.size} offset ${p.offset}`;
        })();
    rows = (
      await db.query<Record<string, unknown>>(`select r.* from ${base} order by ${order}${window}`, params)
    ).rows.map((r) => present(withShares(r), columns, locale));
  }
  const presentKeys = (k: Record<string, unknown>) =>
    present(
      k,
      def.columns.filter((c) => c.key in k),
      locale,
    );
  const shown = groups.map((g) => ({ ...g, keys: presentKeys(g.keys) }));
  // A page carries the totals of the groups its rows belong to (every group in the simple view and in an export).
  const onPage = (g: (typeof shown)[number]) =>
    rows.some((r) => Object.entries(g.keys).every(([k, v]) => String(r[k] ?? null) === String(v ?? null)));
  return {
    columns,
    rows,
    groupBy,
    page,
    pages,
    count,
    groups: detailed && !opts.all ? shown.filter(onPage) : shown,
    totals: { count, sums: sumsOf(grand) },
  };
}
