import { json, record, idNames } from '../http/answers.ts';
import type { Actor } from '../security/actor.ts';
import { problem, invalid, forbidden, notFound } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { entityOf, storeOf, type StoreContext } from '../resources/store-of.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { reportByKey } from './report-definitions.ts';
import { createSaved, visibleSaved, type SavedReportKind } from './saved-reports.ts';

export function savedReportRoutes(kind: SavedReportKind): GuardedRoute<StoreContext>[] {
  const own = async (ctx: StoreContext, actor: Actor, id: number) => {
    const row = await storeOf(ctx, actor, kind.entity).get(id);
    if (Number(row.user_id) !== actor.userId && !(row.shared && actor.crossTenant)) throw forbidden();
    return row;
  };
  const checked = (body: Record<string, unknown>, current?: Row) => {
    if (typeof body.report_key === 'string' && !reportByKey(body.report_key))
      throw invalid({ report_key: [problem('no_such_report')] });
    kind.check(
      body,
      typeof body.report_key === 'string' ? body.report_key : (current?.report_key as string | undefined),
    );
    return body;
  };
  return [
    ...[kind.path, `${kind.path}/get-all-server`].map(
      (path): GuardedRoute<StoreContext> => ({
        method: 'get',
        path,
        answers: json({ data: [record(kind.entity.replace(/-/g, '_'))], count: 'integer', numberOfPages: 'integer' }),
        permission: 'report.view',
        summary: `The ${kind.noun} a person may use (their own and those shared with their billing company), ?report_key to narrow`,
        async handle(ctx, req, actor) {
          const data = await visibleSaved(ctx, actor, kind, req.query as Record<string, unknown>);
          return { data, count: data.length, numberOfPages: 1 };
        },
      }),
    ),
    {
      method: 'get',
      path: `${kind.path}/get-list`,
      answers: json(idNames),
      permission: 'report.view',
      summary: `The ${kind.noun} a person may use as picker names [{id, name}]`,
      async handle(ctx, req, actor) {
        return (await visibleSaved(ctx, actor, kind, req.query as Record<string, unknown>)).map((p) => ({
          id: p.id,
          name: p.name,
        }));
      },
    },
    {
      method: 'post',
      path: kind.path,
      answers: json(record(kind.entity.replace(/-/g, '_'))),
      permission: kind.save,
      status: 201,
      summary: `Saves one of the ${kind.noun}: private unless shared`,
      async handle(ctx, req, actor, res) {
        const entity = entityOf(ctx, kind.entity);
        const w = entityWriter(entity);
        const body = w.writable(bodyObject(req));
        w.check(body, res.locals.locale);
        checked(body);
        return createSaved(new ResourceStore(ctx.db, entity, actor), actor, kind, body);
      },
    },
    {
      method: 'get',
      path: `${kind.path}/{id}`,
      answers: json(record(kind.entity.replace(/-/g, '_'))),
      permission: 'report.view',
      summary: `One of the ${kind.noun} the person may use`,
      async handle(ctx, req, actor) {
        const row = (await visibleSaved(ctx, actor, kind, { ids: String(idParam(req)) }))[0];
        if (!row) throw notFound();
        return row;
      },
    },
    {
      method: 'put',
      path: `${kind.path}/{id}`,
      answers: json(record(kind.entity.replace(/-/g, '_'))),
      permission: kind.save,
      summary: `Renames, changes or shares one of the ${kind.noun} (only the one who saved it)`,
      async handle(ctx, req, actor, res) {
        const row = await own(ctx, actor, idParam(req));
        const entity = entityOf(ctx, kind.entity);
        const w = entityWriter(entity);
        const body = w.writable(bodyObject(req));
        const current = Object.fromEntries(
          Object.keys(entity.schema.properties)
            .filter((k) => k in row && !['id', 'user_id'].includes(k))
            .map((k) => [k, row[k] ?? undefined]),
        );
        w.check({ ...current, shared: row.shared ?? false, ...body }, res.locals.locale);
        checked(body, row);
        return storeOf(ctx, actor, kind.entity).update(Number(row.id), body);
      },
    },
    {
      method: 'delete',
      path: `${kind.path}/{id}`,
      answers: json({ id: 'integer' }),
      permission: kind.save,
      summary: `Deletes one of the ${kind.noun} (only the one who saved it)`,
      async handle(ctx, req, actor) {
        const row = await own(ctx, actor, idParam(req));
        await storeOf(ctx, actor, kind.entity).remove(Number(row.id));
        return { id: Number(row.id) };
      },
    },
  ];
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Presets: a name, a report and its filters (document 1 "presets"). */
export const reportPresetRoutes = savedReportRoutes({
  entity: 'report-preset',
  table: 'report_presets',
  path: '/report-presets',
  noun: 'presets',
  save: 'report.savepreset',
  check(body) {
    if (body.filters !== undefined && !isObject(body.filters)) throw invalid({ filters: [problem('filters_object')] });
  },
});

/** Custom reports: a base report's columns, picked and ordered by the person (predecessor-facts §5, report type 2). */
export const customReportRoutes = savedReportRoutes({
  entity: 'custom-report',
  table: 'custom_reports',
  path: '/custom-reports',
  noun: 'custom reports',
  save: 'report.create',
  check(body, reportKey) {
    if (body.columns === undefined) return;
    const base = reportKey ? reportByKey(reportKey) : undefined;
    const unknown = (body.columns as string[]).filter((c) => !base?.columns.some((x) => x.key === c));
    if (unknown.length) throw invalid({ columns: [problem('not_columns_of_report', { columns: unknown.join(', ') })] });
  },
});
