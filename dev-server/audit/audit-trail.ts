import type { Entity } from '../../src/platform/entity.ts';
import { can, type Actor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import { actionSlug } from '../../src/platform/route-plan.ts';
import { DomainError, forbidden, notFound } from '../../src/domain/errors/domain-error.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';

import type { AuditContext, AuditPaging } from './audit-router.ts';

const entityByKey = (ctx: AuditContext, key: string) =>
  ctx.entities.find((e) => e.resource.module === key || e.resource.basePath === key || e.name === key);

/** Audit rows the actor may see: their billing companies' rows and global catalogue rows. */
export async function page({
  db,
  actor,
  where,
  params,
  paging,
}: {
  db: Database;
  actor: Actor;
  where: string[];
  params: unknown[];
  paging: AuditPaging;
}) {
  if (!actor.crossTenant) {
    params.push(actor.billingCompanyIds);
    where.push(`(a.billing_company_id is null or a.billing_company_id = any($${params.length}::bigint[]))`);
  }
  if (paging.query) {
    params.push(`%${paging.query}%`);
    where.push(
      `(a.event ilike $${params.length} or a.entity ilike $${params.length} or u.email ilike $${params.length})`,
    );
  }
  const w = where.length ? `where ${where.join(' and ')}` : '';
  const count = Number(
    (
      await db.query<{ n: number }>(
        `select count(*) n from audits a left join users u on u.id = a.user_id ${w}`,
        params,
      )
    ).rows[0].n,
  );
  const rows = await db.query(
    `select a.id, a.entity, a.entity_id, a.event, a.old_values, a.new_values, a.ip, a.url, a.user_agent, a.created_at,
              json_build_object('id', u.id, 'email', u.email, 'name', trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))) as user
         from audits a left join users u on u.id = a.user_id ${w}
        order by a.${paging.sortBy} ${paging.desc ? 'desc' : 'asc'}, a.id ${paging.desc ? 'desc' : 'asc'} limit ${paging.perPage} offset ${(paging.page - 1) * paging.perPage}`,
    params,
  );
  return { data: rows.rows, numberOfPages: Math.ceil(count / paging.perPage), count };
}

/**
 * History is as private as the record: when the record still exists, the actor must be able to
 * see it (users belong to billing companies through a link table, so their audit rows carry none).
 */
async function requireVisible(db: Database, actor: Actor, entity: Entity, id: number) {
  if (actor.crossTenant) return;
  const exists = await db.query(`select 1 from ${entity.resource.table} where id = $1`, [id]);
  if (exists.rowCount) await new ResourceStore(db, entity, actor).get(id);
}

/** A record's history, when the actor holds the entity's history permission and may see the record. */
export async function recordHistory(
  ctx: AuditContext,
  actor: Actor,
  record: { entity: string; id: number },
  paging: AuditPaging,
) {
  const { db } = ctx;
  const entity = entityByKey(ctx, record.entity);
  if (!entity) throw notFound();
  if (!can(actor, actionSlug(entity.resource, 'history'))) throw forbidden();
  const { id } = record;
  await requireVisible(db, actor, entity, id);
  return page({
    db,
    actor,
    // A record's history is its changes; who only read it is the accesses report's (GET /patient/{id}/accesses).
    where: ['a.entity = $1', 'a.entity_id = $2', "a.event <> 'read'"],
    params: [entity.resource.module, id],
    paging,
  });
}

/** One audit entry, for audit.show or the history permission of its entity, when the actor may see its record. */
export async function auditEntry(ctx: AuditContext, actor: Actor, id: number) {
  const { db } = ctx;
  const r = await db.query<{ entity: string; billing_company_id: number | null }>(
    "select a.*, row_to_json(u) ->> 'email' as user_email from audits a left join users u on u.id = a.user_id where a.id = $1",
    [id],
  );
  const row = r.rows[0];
  if (!row) throw notFound();
  const entity = entityByKey(ctx, row.entity);
  if (!can(actor, 'audit.show') && !(entity && can(actor, actionSlug(entity.resource, 'history')))) throw forbidden();
  if (
    !actor.crossTenant &&
    row.billing_company_id !== null &&
    !actor.billingCompanyIds.includes(Number(row.billing_company_id))
  )
    throw notFound();
  if (entity) await requireVisible(db, actor, entity, Number((row as unknown as { entity_id: number }).entity_id));
  return row;
}

/** Restores a record to an audit entry's old data, through the same rules as any edit (history and edit permissions). */
export async function rollBack(
  ctx: AuditContext,
  actor: Actor,
  ask: { entity: string; auditId: number; entityId: number; locale: 'en' | 'es' },
) {
  const { db } = ctx;
  const entity = entityByKey(ctx, ask.entity);
  if (!entity) throw notFound();
  if (!can(actor, actionSlug(entity.resource, 'history')) || !can(actor, actionSlug(entity.resource, 'edit')))
    throw forbidden();
  const r = await db.query<{
    id: number;
    entity: string;
    entity_id: number;
    event: string;
    old_values: Record<string, unknown> | null;
    billing_company_id: number | null;
  }>('select id, entity, entity_id, event, old_values, billing_company_id from audits where id = $1', [ask.auditId]);
  const audit = r.rows[0];
  if (!audit || audit.entity !== entity.resource.module || Number(audit.entity_id) !== ask.entityId) throw notFound();
  if (
    !actor.crossTenant &&
    audit.billing_company_id !== null &&
    !actor.billingCompanyIds.includes(Number(audit.billing_company_id))
  )
    throw notFound();
  // Money and its history are append-only: what was posted stays; a correction is a reversing entry.
  if (entity.resource.appendOnly) throw new DomainError('append_only_rollback', { entity: entity.schema.title });
  if (audit.event === 'created') throw new DomainError('rollback_creation');
  const old = { ...(audit.old_values ?? {}) };
  delete old.id;
  // A state changes only by its transitions, never by restoring an old value.
  if (entity.states) delete old[entity.states.field];
  delete old.version;
  const store = new ResourceStore(db, entity, actor);
  const { writable, check } = entityWriter(entity);
  const { locale } = ask;
  return db.transaction(async (tx) => {
    const exists = await tx.query(`select 1 from ${entity.resource.table} where id = $1`, [audit.entity_id]);
    if (!exists.rowCount) {
      check(writable(old), locale, 'rollback_invalid');
      return store.restoreDeleted(tx, Number(audit.entity_id), old);
    }
    // The same path as any edit: the merged record's validation and the rules that read other rows.
    return store.update(Number(audit.entity_id), old, {
      tx,
      event: 'rolled_back',
      check: (current) => check(writable({ ...current, ...old }), locale, 'rollback_invalid'),
    });
  });
}
