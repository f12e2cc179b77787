import type { Request } from 'express';
import { json, file, type Shape } from '../http/answers.ts';
import { JOB } from '../jobs/job-answer.ts';
import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import type { ReportDef } from '../../src/platform/report.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import { bodyObject } from '../http/guarded-routes.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { StoreContext } from '../resources/store-of.ts';
import type { Actor } from '../security/actor.ts';
import { kpiClaims, kpiInput, kpisWithTrend } from './kpis.ts';
import { listReports, reportFor, setFavourite } from './report-catalogue.ts';
import { CLASSIFICATIONS, reportDefinitions } from './report-definitions.ts';
import { reportPlan, runReport, visibleColumns, type ReportQuery } from './report-engine.ts';
import { exportScope, type ExportFormat } from './report-export-job.ts';
import { exportReport } from './report-export.ts';

/** What a person may see of a report's definition: the Super User's columns and group levels only for a Super User. */
const described = (def: ReportDef, actor: Actor, locale: string) => ({
  key: def.key,
  module: def.module ?? null,
  name: locale === 'es' ? def.name_es : def.name,
  classification: def.classification,
  description: locale === 'es' ? def.description_es : def.description,
  period: def.period ? { label: locale === 'es' ? def.period.label_es : def.period.label } : null,
  filters: def.filters
    .filter((f) => f.key !== 'billing_companies' || actor.crossTenant)
    .map((f) => ({
      ...f,
      title: locale === 'es' ? f.title_es : f.title,
      options: f.options?.map((o) => ({ id: o.id, name: locale === 'es' ? o.name_es : o.name })),
    })),
  groupBy: def.groupBy.filter((g) => g !== 'billing_company' || actor.crossTenant),
  columns: visibleColumns(def, actor).map((c) => ({ ...c, label: locale === 'es' ? c.label_es : c.label })),
});

const queryOf = (req: Request): ReportQuery => req.query as ReportQuery;
const formatOf = (v: unknown): ExportFormat => {
  const format = String(v ?? 'csv');
  if (format !== 'csv' && format !== 'xlsx' && format !== 'pdf')
    throw invalid({ format: [problem('format_csv_xlsx_pdf')] });
  return format;
};
const localeOf = (res: { locals: Record<string, unknown> }) => (res.locals.locale === 'es' ? 'es' : 'en');

/** The reports module (document 1 "Reports"): the list by classification, a report's definition, its rows and its exports. */
/** A report's column: its key, its label in both languages, its type and how it is shown. */
const REPORT_COLUMN: Shape = {
  key: 'string',
  label: 'string',
  label_es: 'string',
  type: 'string',
  'adminOnly?': 'boolean',
  'simple?': 'boolean',
  'sum?': 'boolean',
};

/** A page of a report: its rows (their columns are the report's), its groups and the totals over every matching row. */
const REPORT_PAGE = json({
  columns: [REPORT_COLUMN],
  rows: ['object'],
  groupBy: ['string'],
  page: 'integer',
  pages: 'integer',
  count: 'integer',
  groups: ['object'],
  totals: { count: 'integer', sums: 'object' },
});

export const reportRoutes: GuardedRoute<StoreContext & { jobs?: JobQueue }>[] = [
  {
    method: 'get',
    path: '/reports/classifications',
    answers: json([{ id: 'integer', name: 'string', background: 'string', color: 'string' }]),
    permission: 'report.view',
    summary: 'The report classifications [{id, name, background, color}]',
    async handle(_c, _r, _a, res) {
      return CLASSIFICATIONS.map((c) => ({
        id: c.id,
        name: res.locals.locale === 'es' ? c.name_es : c.name,
        background: c.background,
        color: c.color,
      }));
    },
  },
  {
    method: 'get',
    path: '/reports',
    answers: json([
      {
        key: 'string',
        name: 'string',
        classification: 'integer',
        description: 'string',
        type: 'integer',
        base: 'any',
        mine: 'boolean',
        shared: 'boolean',
        favorite: 'boolean',
      },
    ]),
    permission: 'report.view',
    summary:
      'The reports a person may run, the custom reports they may use among them (type 2, custom-N) [{key, name, classification, description, type, base, favorite}]; ?clasifications=1,2 and ?favorite=true narrow it',
    async handle(ctx, req, actor, res) {
      return listReports(ctx, actor, String(res.locals.locale), req.query as Record<string, unknown>);
    },
  },
  {
    method: 'put',
    path: '/reports/{key}/favorite',
    answers: json({ key: 'string', favorite: 'boolean' }),
    permission: 'report.view',
    summary: 'Marks or unmarks a report as one of my favourites {favorite: true|false}',
    async handle(ctx, req, actor) {
      return setFavourite(ctx, actor, String(req.params.key), bodyObject(req).favorite);
    },
  },
  {
    method: 'get',
    path: '/reports/records',
    answers: REPORT_PAGE,
    permission: 'report.view',
    summary:
      "A report's rows (?report=key, or the predecessor's ?module=PGFOODVKOC…, and its filters; the same as /reports/{key}/records)",
    async handle(ctx, req, actor, res) {
      const def =
        typeof req.query.module === 'string'
          ? reportDefinitions().find((d) => d.module === req.query.module)
          : typeof req.query.report === 'string'
            ? await reportFor(ctx, actor, req.query.report)
            : undefined;
      if (!def) throw invalid({ report: [problem('say_which_report')] });
      return runReport({ db: ctx.db, actor, def, q: queryOf(req), opts: { locale: localeOf(res) } });
    },
  },
  {
    method: 'get',
    path: '/reports/kpis',
    answers: json({
      period: { from: 'string', to: 'string' },
      days_in_ar: { ar: 'integer', average_daily_charges: 'integer', value: 'number?' },
      clean_claim_rate: { clean: 'integer', submitted: 'integer', bp: 'integer?' },
      first_pass_resolution: { first_pass: 'integer', adjudicated: 'integer', bp: 'integer?' },
      denial_rate: {
        denied: 'integer',
        adjudicated: 'integer',
        bp: 'integer?',
        groups: ['object'],
        top_reasons: ['object'],
      },
      net_collection_rate: { payments: 'integer', charges: 'integer', contractual: 'integer', bp: 'integer?' },
      ar_over_90: { over_90: 'integer', ar: 'integer', bp: 'integer?' },
      contract_collection_rate: { collectible: 'integer', expected: 'integer', bp: 'integer?' },
      underpayment_rate: {
        underpaid_lines: 'integer',
        posted_lines: 'integer',
        underpaid: 'integer',
        overpaid: 'integer',
        bp: 'integer?',
        by_payer: [{ payer: 'string', lines: 'integer', underpaid: 'integer' }],
      },
      monthly: [{ month: 'string', charges: 'integer', payments: 'integer' }],
      previous: {
        period: { from: 'string', to: 'string' },
        records_from: 'string?',
        days_in_ar: 'number?',
        clean_claim_rate: 'integer?',
        first_pass_resolution: 'integer?',
        denial_rate: 'integer?',
        net_collection_rate: 'integer?',
        ar_over_90: 'integer?',
        contract_collection_rate: 'integer?',
        underpayment_rate: 'integer?',
      },
    }),
    permission: 'report.view',
    summary:
      'The KPI dashboard of a period (?from, ?to; a year to today by default; ?billing_companies for a Super User): days in A/R, clean-claim rate, first-pass resolution, denial rate with CARC groups and top reasons, net collection rate, A/R over 90 days (ratios in basis points), charges and payments per month (cents); previous: each headline figure of the period as long just before, for its trend (none when that period starts before records_from, the date of service of the first claim)',
    async handle(ctx, req, actor, res) {
      return kpisWithTrend(
        ctx.db,
        await kpiInput(ctx.db, actor, req.query as Record<string, unknown>),
        res.locals.locale,
      );
    },
  },
  {
    method: 'get',
    path: '/reports/kpis/{kpi}/claims',
    answers: json({
      data: [
        {
          id: 'integer',
          code: 'string',
          patient_name: 'string',
          status_id: 'integer',
          billed_amount: 'integer',
          date_of_service: 'string',
          denial_codes: ['string'],
        },
      ],
      count: 'integer',
      numberOfPages: 'integer',
    }),
    permission: 'report.view',
    summary:
      'The claims behind a KPI (denial_rate ?group=CO…, clean_claim_rate: the rejected, ar_over_90), most money first, 25 a page',
    async handle(ctx, req, actor) {
      return kpiClaims(
        ctx.db,
        await kpiInput(ctx.db, actor, req.query as Record<string, unknown>),
        String(req.params.kpi),
        req.query as Record<string, unknown>,
      );
    },
  },
  {
    method: 'get',
    path: '/reports/{key}',
    answers: json({
      key: 'string',
      module: 'string?',
      name: 'string',
      classification: 'integer',
      description: 'string',
      period: 'object?',
      filters: [
        {
          key: 'string',
          title: 'string',
          title_es: 'string',
          type: 'string',
          'source?': 'string',
          'column?': 'string',
          'options?': 'any',
        },
      ],
      groupBy: ['string'],
      columns: [REPORT_COLUMN],
    }),
    permission: 'report.view',
    summary: "A report's filters, group levels and columns (a Super User's include the billing company)",
    async handle(ctx, req, actor, res) {
      return described(await reportFor(ctx, actor, String(req.params.key)), actor, res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/reports/{key}/records',
    answers: REPORT_PAGE,
    permission: 'report.view',
    summary:
      "A page of a report: ?page (22 rows then 20; 21/19 when filtered), ?groupBy=a,b (up to four), ?showDetails=false (groups only), ?from/?to (its period), its filters (ids, comma-separated), ?aging_by, ?aging_date; with each group's and the grand totals computed over every matching row",
    async handle(ctx, req, actor, res) {
      return runReport({
        db: ctx.db,
        actor,
        def: await reportFor(ctx, actor, String(req.params.key)),
        q: queryOf(req),
        opts: {
          locale: localeOf(res),
        },
      });
    },
  },
  {
    method: 'get',
    path: '/reports/{key}/export',
    answers: file(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf']),
    stepUp: true,
    limit: 'export',
    permission: 'report.download',
    raw: true,
    summary:
      'The whole report as shown (?format=csv|xlsx|pdf and the same parameters as its records): rows, group subtotals and the grand total',
    async handle(ctx, req, actor, res) {
      const format = formatOf(req.query.format);
      const def = await reportFor(ctx, actor, String(req.params.key));
      const result = await runReport({
        db: ctx.db,
        actor,
        def,
        q: queryOf(req),
        opts: { all: true, locale: localeOf(res) },
      });
      const file = await exportReport(def, result, format, localeOf(res));
      res.type(file.type).setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
      res.send(file.body);
    },
  },
  {
    method: 'post',
    path: '/reports/{key}/export-jobs',
    answers: json(JOB),
    stepUp: true,
    limit: 'export',
    permission: 'report.download',
    status: 202,
    summary:
      'Exports a long report in the background ({format, ...the parameters of its records}): answers the queued job at once; GET /jobs/{id} tells its progress and, done, the file (result.file_id, read at /files/{id}/content)',
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const format = formatOf(body.format);
      const def = await reportFor(ctx, actor, String(req.params.key));
      const { format: _f, ...query } = body;
      // The ask is checked now, so a bad date is a 422 here rather than a failed job later.
      await reportPlan(ctx.db, actor, def, query as ReportQuery);
      if (!ctx.jobs) throw invalid({ format: [problem('server_runs_no_background_jobs_export')] });
      const input = { report: def.key, query, format, locale: localeOf(res), scope: exportScope(actor) };
      return ctx.jobs.enqueue({
        actor,
        kind: 'report-export',
        input,
        billingCompanyId: actor.crossTenant ? null : (actor.billingCompanyIds[0] ?? null),
      });
    },
  },
];
