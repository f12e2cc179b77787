import { forbidden, invalid, notFound, problem, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { isUsDate } from '../../src/domain/formats.ts';
import { isRelativeDate } from '../../src/domain/relative-date.ts';
import type { Entity } from '../../src/platform/entity.ts';
import { actionSlug } from '../../src/platform/route-plan.ts';
import { filterKeys } from '../../src/platform/filter-keys.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import { can, type Actor } from '../security/actor.ts';
import { withinOwnLimit } from './own-rows.ts';

/**
 * A person's saved list filters: their own, for one list each, by name ("My follow-ups today"). Only
 * the list's own filters are kept (those its schema offers, plus the search words and, for someone who
 * sees every billing company, the company), so a saved filter is always one the list can apply.
 */
export const MAX_SAVED_FILTERS = 100;

export interface SavedFilter {
  id: number;
  entity: string;
  name: string;
  filters: Record<string, string | number | boolean>;
}

/** The list a saved filter belongs to, which the person must be allowed to read. */
export function filteredList(entities: Entity[], actor: Actor, name: unknown): Entity {
  const entity = entities.find((e) => e.name === name);
  if (!entity) throw invalid({ entity: [problem('saved_filter_list_unknown', { entity: String(name ?? '') })] });
  if (!can(actor, actionSlug(entity.resource, 'view'))) throw forbidden();
  return entity;
}

/** The filter keys a list takes: each x-list.filter field's (a range as its two bounds), q, and the billing company. */
function filterKeysOf(entity: Entity): Map<string, 'date' | 'other'> {
  const keys = new Map<string, 'date' | 'other'>([['q', 'other']]);
  if (entity.resource.tenancy === 'billing-company') keys.set('billing_company_id', 'other');
  for (const [name, f] of Object.entries(entity.schema.properties ?? {})) {
    const kind = f['x-list']?.filter;
    if (kind) for (const k of filterKeys(name, kind)) keys.set(k, kind === 'date-range' ? 'date' : 'other');
  }
  return keys;
}

/** A filter set as a form sends it, checked against the list: its own keys, short scalar values, dates as dates. */
export function checkedFilters(entity: Entity, given: unknown): SavedFilter['filters'] {
  const keys = filterKeysOf(entity);
  const errors: Record<string, FieldProblem[]> = {};
  const out: SavedFilter['filters'] = {};
  const entries = given && typeof given === 'object' && !Array.isArray(given) ? Object.entries(given) : [];
  for (const [k, v] of entries) {
    if (v === null || v === undefined || v === '') continue;
    const kind = keys.get(k);
    if (!kind) errors[`filters.${k}`] = [problem('saved_filter_field_not_filter', { field: k })];
    else if (
      kind === 'date'
        ? typeof v !== 'string' || !(isUsDate(v) || isRelativeDate(v))
        : !(typeof v === 'number' && Number.isFinite(v)) &&
          typeof v !== 'boolean' &&
          !(typeof v === 'string' && v.length <= 200)
    )
      errors[`filters.${k}`] = [problem('saved_filter_value_invalid')];
    else out[k] = v as string | number | boolean;
  }
  if (!Object.keys(errors).length && !Object.keys(out).length) errors.filters = [problem('saved_filter_empty')];
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

const asFilter = (r: { id: string | number; entity: string; name: string; filters: SavedFilter['filters'] }) => ({
  id: Number(r.id),
  entity: r.entity,
  name: r.name,
  filters: r.filters,
});

/** My saved filters for one list, by name. */
export async function mySavedFilters(db: Queryable, actor: Actor, entity: string): Promise<SavedFilter[]> {
  return (
    await db.query<SavedFilter>(
      'select id, entity, name, filters from saved_filters where user_id = $1 and entity = $2 order by lower(name), id',
      [actor.userId, entity],
    )
  ).rows.map(asFilter);
}

/** Saves a filter under a name: a name I already use for this list is replaced, as saving a document again is. */
export async function saveFilter(
  db: Database,
  actor: Actor,
  saved: { entity: string; name: string; filters: SavedFilter['filters'] },
): Promise<SavedFilter> {
  return db.transaction(async (tx) => {
    const before = (
      await tx.query<SavedFilter>(
        'select id, entity, name, filters from saved_filters where user_id = $1 and entity = $2 and name = $3 for update',
        [actor.userId, saved.entity, saved.name],
      )
    ).rows[0];
    if (!before)
      await withinOwnLimit({
        tx,
        actor,
        table: 'saved_filters',
        max: MAX_SAVED_FILTERS,
        field: 'name',
        code: 'saved_filters_at_most',
      });
    const row = (
      await tx.query<SavedFilter>(
        `insert into saved_filters (user_id, entity, name, filters) values ($1, $2, $3, $4)
           on conflict (user_id, entity, name) do update set filters = excluded.filters, updated_at = now()
           returning id, entity, name, filters`,
        [actor.userId, saved.entity, saved.name, JSON.stringify(saved.filters)],
      )
    ).rows[0];
    await writeAudit(tx, actor, {
      entity: 'saved_filter',
      entityId: Number(row.id),
      billingCompanyId: null,
      event: before ? 'updated' : 'created',
      oldValues: before ? { filters: before.filters } : null,
      newValues: { entity: saved.entity, name: saved.name, filters: saved.filters },
    });
    return asFilter(row);
  });
}

/** Throws one of my saved filters away; another person's is simply not found. */
export async function deleteSavedFilter(db: Database, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = (
      await tx.query<SavedFilter>(
        'delete from saved_filters where id = $1 and user_id = $2 returning id, entity, name, filters',
        [id, actor.userId],
      )
    ).rows[0];
    if (!row) throw notFound();
    await writeAudit(tx, actor, {
      entity: 'saved_filter',
      entityId: id,
      billingCompanyId: null,
      event: 'deleted',
      oldValues: { entity: row.entity, name: row.name, filters: row.filters },
      newValues: null,
    });
    return { id };
  });
}
