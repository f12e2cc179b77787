import type { Actor } from '../auth/actor.ts';
import { forbidden, invalid, notFound } from '../http/errors.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { entityOf, storeOf, type MasterDataContext } from '../master-data/store-of.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { reportByKey } from './report-definitions.ts';

/**
 * Report presets (document 1 "presets": a name, a report and its filters), private to the person
 * who saved them or shared with their billing company. A person lists their own and the shared ones;
 * only the one who saved a preset changes or deletes it.
 */
async function visible(ctx: MasterDataContext, actor: Actor, q: Record<string, unknown>) {
  const params: unknown[] = [actor.userId];
  const where = ['(p.user_id = $1 or p.shared)'];
  if (!actor.crossTenant) { params.push(actor.billingCompanyIds); where.push(`p.billing_company_id = any($${params.length}::bigint[])`); }
  if (typeof q.report_key === 'string' && q.report_key) { params.push(q.report_key); where.push(`p.report_key = $${params.length}`); }
  if (q.ids !== undefined) {
    const ids = String(q.ids).split(',').map(Number);
    if (ids.some((x) => !Number.isSafeInteger(x) || x < 1)) throw invalid({ ids: ['The ids must be a comma-separated list of ids.'] });
    params.push(ids); where.push(`p.id = any($${params.length}::bigint[])`);
  }
  const rows = (await ctx.db.query<Row>(`select p.*, p.user_id = $1 as mine from report_presets p where ${where.join(' and ')} order by lower(p.name), p.id limit 500`, params)).rows;
  return rows.map((r): Row => ({ ...r, display_name: r.name }));
}

async function own(ctx: MasterDataContext, actor: Actor, id: number) {
  const row = await storeOf(ctx, actor, 'report-preset').get(id);
  if (Number(row.user_id) !== actor.userId && !(row.shared && actor.crossTenant)) throw forbidden();
  return row;
}

function checked(body: Record<string, unknown>) {
  if (typeof body.report_key === 'string' && !reportByKey(body.report_key)) throw invalid({ report_key: ['There is no such report.'] });
  if (body.filters !== undefined && (typeof body.filters !== 'object' || body.filters === null || Array.isArray(body.filters))) throw invalid({ filters: ['The filters must be an object.'] });
  return body;
}

export const reportPresetRoutes: GuardedRoute<MasterDataContext>[] = [
  ...(['/report-presets', '/report-presets/get-all-server'] as const).map((path): GuardedRoute<MasterDataContext> => ({
    method: 'get', path, permission: 'report.view', summary: "The presets a person may use (their own and those shared with their billing company), ?report_key to narrow",
    async handle(ctx, req, actor) { const data = await visible(ctx, actor, req.query as Record<string, unknown>); return { data, count: data.length, numberOfPages: 1 }; },
  })),
  {
    method: 'get', path: '/report-presets/get-list', permission: 'report.view', summary: 'The presets a person may use as picker names [{id, name}]',
    async handle(ctx, req, actor) { return (await visible(ctx, actor, req.query as Record<string, unknown>)).map((p) => ({ id: p.id, name: p.name })); },
  },
  {
    method: 'post', path: '/report-presets', permission: 'report.savepreset', status: 201, summary: 'Saves a preset {name, report_key, filters, shared}: private unless shared',
    async handle(ctx, req, actor, res) {
      const entity = entityOf(ctx, 'report-preset');
      const w = entityWriter(entity);
      const body = w.writable(checked(bodyObject(req)));
      w.check(body, res.locals.locale);
      const store = new ResourceStore(ctx.db, entity, actor);
      return store.create(body, { within: async (tx, row) => {
        await tx.query('update report_presets set user_id = $2 where id = $1', [row.id, actor.system ? null : actor.userId]);
        return { user_id: actor.userId };
      } });
    },
  },
  {
    method: 'get', path: '/report-presets/{id}', permission: 'report.view', summary: 'A preset the person may use',
    async handle(ctx, req, actor) {
      const row = (await visible(ctx, actor, { ids: String(idParam(req)) }))[0];
      if (!row) throw notFound();
      return row;
    },
  },
  {
    method: 'put', path: '/report-presets/{id}', permission: 'report.savepreset', summary: 'Renames, re-filters or shares a preset (only the one who saved it)',
    async handle(ctx, req, actor, res) {
      const row = await own(ctx, actor, idParam(req));
      const w = entityWriter(entityOf(ctx, 'report-preset'));
      const body = w.writable(checked(bodyObject(req)));
      w.check({ name: row.name, report_key: row.report_key, filters: row.filters, shared: row.shared ?? false, ...body }, res.locals.locale);
      return storeOf(ctx, actor, 'report-preset').update(Number(row.id), body);
    },
  },
  {
    method: 'delete', path: '/report-presets/{id}', permission: 'report.savepreset', summary: 'Deletes a preset (only the one who saved it)',
    async handle(ctx, req, actor) {
      const row = await own(ctx, actor, idParam(req));
      await storeOf(ctx, actor, 'report-preset').remove(Number(row.id));
      return { id: Number(row.id) };
    },
  },
];
