import type { Entity } from './entity.ts';

export type RouteKind =
  | 'list'
  | 'getList'
  | 'codeList'
  | 'getBy'
  | 'show'
  | 'create'
  | 'update'
  | 'fieldUpdate'
  | 'changeStatus'
  | 'delete'
  | 'states'
  | 'nextStates'
  | 'stateHistory'
  | 'transition';

export interface PlannedRoute {
  kind: RouteKind;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** path below /api/v1, in OpenAPI form: /diagnosis/{id} */
  path: string;
  /** the permission action checked, prefixed by the resource's permission module */
  action: string;
  getBy?: { field: string; notFound?: string };
  fields?: string[];
  list?: string;
}

/**
 * Every path an entity answers, derived from its x-resource alone. The router and the OpenAPI
 * document both read this plan, so what is documented is what answers. Static paths come first
 * so that they are matched before /{id}.
 */
export function planRoutes(entity: Entity): PlannedRoute[] {
  const r = entity.resource;
  const b = `/${r.basePath}`;
  const routes: PlannedRoute[] = [
    { kind: 'list', method: 'get', path: `${b}/get-all-server`, action: 'view' },
    { kind: 'list', method: 'get', path: b, action: 'view' },
    { kind: 'getList', method: 'get', path: `${b}/get-list`, action: 'view' },
  ];
  for (const [suffix, list] of Object.entries(r.lists ?? {})) {
    routes.push({ kind: 'codeList', method: 'get', path: `${b}/${suffix}`, action: 'view', list });
    if (!suffix.includes('/'))
      routes.push({ kind: 'codeList', method: 'get', path: `${b}/get-list-${suffix}`, action: 'view', list });
  }
  for (const g of r.getBy ?? []) {
    routes.push({
      kind: 'getBy',
      method: 'get',
      path: `${b}/${g.path}`,
      action: 'show',
      getBy: { field: g.field, notFound: g.notFound },
    });
  }
  // Lines (a claim's service lines) are read here and written only with their parent.
  if (r.lineOf) return [...routes, { kind: 'show', method: 'get', path: `${b}/{id}`, action: 'show' }];
  const machine = entity.schema['x-states'];
  if (machine) routes.push({ kind: 'states', method: 'get', path: `${b}/states`, action: 'view' });
  if (r.systemWritten || r.viewOf)
    return [...routes, { kind: 'show', method: 'get', path: `${b}/{id}`, action: 'show' }];
  routes.push({ kind: 'create', method: 'post', path: b, action: 'create' });
  for (const p of r.createPaths ?? [])
    routes.push({ kind: 'create', method: 'post', path: `${b}/${p}`, action: 'create' });
  // Append-only records are never changed: no update, status toggle or delete route exists at all.
  if (!r.appendOnly) {
    for (const p of r.status?.paths ?? [])
      routes.push({ kind: 'changeStatus', method: 'patch', path: `${b}/${p}`, action: 'disable' });
    for (const u of r.fieldUpdates ?? [])
      routes.push({ kind: 'fieldUpdate', method: 'put', path: `${b}/${u.path}`, action: 'edit', fields: u.fields });
  }
  routes.push({ kind: 'show', method: 'get', path: `${b}/{id}`, action: 'show' });
  if (machine) {
    routes.push({ kind: 'nextStates', method: 'get', path: `${b}/{id}/next-states`, action: 'show' });
    routes.push({ kind: 'stateHistory', method: 'get', path: `${b}/{id}/state-history`, action: 'show' });
    routes.push({ kind: 'transition', method: 'patch', path: `${b}/{id}/transition`, action: machine.permission });
  }
  if (!r.appendOnly) routes.push({ kind: 'update', method: 'put', path: `${b}/{id}`, action: 'edit' });
  if (r.delete && !r.appendOnly) routes.push({ kind: 'delete', method: 'delete', path: `${b}/{id}`, action: r.delete });
  return routes;
}

/** The permission slug an action of an entity needs: the schema's actions map, else {permission}.{action}. */
export const actionSlug = (resource: { permission: string; actions?: Record<string, string> }, action: string) =>
  resource.actions?.[action] ?? `${resource.permission}.${action}`;

/** /diagnosis/{id} → /diagnosis/:id for Express. */
export const toExpressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
