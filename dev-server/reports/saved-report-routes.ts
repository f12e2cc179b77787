import type { Actor } from '../security/actor.ts';
import { problem, invalid, forbidden, notFound } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, idParam, optionalId, type GuardedRoute } from '../http/guarded-routes.ts';
import { entityOf, storeOf, type StoreContext } from '../resources/store-of.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { reportByKey } from './report-definitions.ts';

/**
 * What a person saves of a report and may share: a preset (its filters, group levels and view) or a
 * custom report (a base report's columns, picked). Private to whoever saved it, or shared with their
 * billing company; a person lists their own and the shared ones; only the one who saved it changes
 * or deletes it.
 */
export interface SavedReportKind {
  entity: 'report-preset' | 'custom-report';
  table: 'report_presets' | 'custom_reports';
  path: string;
  noun: string;
  /** who may save, change and delete one */
  save: string;
  /** the field of the body this kind carries besides the name and the report, checked against the base report */
  check(body: Record<string, unknown>, reportKey: string | undefined): void;
}

/** The saved rows a person may use: their own and those shared with their billing company. */
export async function visibleSaved(
  ctx: StoreContext,
  actor: Actor,
  kind: Pick<SavedReportKind, 'table'>,
  q: Record<string, unknown>,
): Promise<Row[]> {
  const params: unknown[] = [actor.userId];
  const where = ['(p.user_id = $1 or p.shared)'];
  if (!actor.crossTenant) {
    params.push(actor.billingCompanyIds);
    where.push(`p.billing_company_id = any($${params.length}::bigint[])`);
  }
  if (typeof q.report_key === 'string' && q.report_key) {
    params.push(q.report_key);
    where.push(`p.report_key = $${params.length}`);
  }
  // A Super User narrows to one billing company from the list's filters, as on every tenant-owned list.
  const bc = optionalId(q.billing_company_id, 'billing_company_id');
  if (bc !== undefined) {
    params.push(bc);
    where.push(`p.billing_company_id = $${params.length}`);
  }
  if (q.ids !== undefined) {
    const ids = String(q.ids).split(',').map(Number);
    if (ids.some((x) => !Number.isSafeInteger(x) || x < 1))
      throw invalid({ ids: [problem('ids_comma_separated_list_ids')] });
    params.push(ids);
    where.push(`p.id = any($${params.length}::bigint[])`);
  }
  const rows = (
    await ctx.db.query<Row>(
      `select p.*, p.user_id = $1 as mine from ${kind.table} p where ${where.join(' and ')} order by lower(p.name), p.id limit 500`,
      params,
    )
  ).rows;
  return rows.map((r): Row => ({ ...r, display_name: r.name }));
}

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
      permission: kind.save,
      status: 201,
      summary: `Saves one of the ${kind.noun}: private unless shared`,
      async handle(ctx, req, actor, res) {
        const entity = entityOf(ctx, kind.entity);
        const w = entityWriter(entity);
        const body = w.writable(bodyObject(req));
        w.check(body, res.locals.locale);
        checked(body);
        return new ResourceStore(ctx.db, entity, actor).create(body, {
          within: async (tx, row) => {
            await tx.query(`update ${kind.table} set user_id = $2 where id = $1`, [
              row.id,
              actor.system ? null : actor.userId,
            ]);
            return { user_id: actor.userId };
          },
        });
      },
    },
    {
      method: 'get',
      path: `${kind.path}/{id}`,
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
