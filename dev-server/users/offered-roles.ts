import type { Actor } from '../security/actor.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { SYSTEM_ROLE_TYPE } from '../security/permission-catalog.ts';
import type { Queryable } from '../db/database.ts';
import { endSessions } from '../auth/sessions.ts';
import type { ResourceStore, Row } from '../resources/resource-store.ts';

export interface RoleRow {
  id: number;
  slug: string;
  name: string;
  type: number;
  billing_company_id: number | null;
}

/** Role types never given through user management: those accounts come with their own records. */
const NOT_OFFERED_TYPES = [3, 4];

/**
 * The roles an actor may hand out: never Patient or Health Professional; a billing company's staff
 * only their companies' roles and the shared billing-company roles, never a system role.
 */
export async function offeredRoles(db: Queryable, actor: Actor, billingCompanyId?: number): Promise<RoleRow[]> {
  const params: unknown[] = [NOT_OFFERED_TYPES];
  const where = ['not (type = any($1::int[]))'];
  if (!actor.crossTenant) {
    params.push(SYSTEM_ROLE_TYPE, actor.billingCompanyIds);
    where.push(`type <> $2`, `(billing_company_id is null or billing_company_id = any($3::bigint[]))`);
  }
  if (billingCompanyId) {
    params.push(billingCompanyId);
    where.push(`(billing_company_id is null or billing_company_id = $${params.length})`);
  }
  const r = await db.query<RoleRow>(
    `select id, slug, name, type, billing_company_id from roles where ${where.join(' and ')} order by id`,
    params,
  );
  return r.rows.map((x) => ({
    ...x,
    id: Number(x.id),
    billing_company_id: x.billing_company_id === null ? null : Number(x.billing_company_id),
  }));
}

/** Checks a list of role ids against what the actor may give; answers the roles. */
export async function requireOfferedRoles(db: Queryable, actor: Actor, ids: number[]): Promise<RoleRow[]> {
  if (!ids.length) throw invalid({ roles: [problem('roles_field_required')] });
  const offered = new Map((await offeredRoles(db, actor)).map((r) => [r.id, r]));
  const refused = ids.filter((id) => !offered.has(id));
  if (refused.length) throw invalid({ roles: [problem('selected_roles_invalid')] });
  return ids.map((id) => offered.get(id)!);
}

export async function rolesOf(db: Queryable, userId: number): Promise<RoleRow[]> {
  const r = await db.query<RoleRow>(
    'select r.id, r.slug, r.name, r.type, r.billing_company_id from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1 order by r.id',
    [userId],
  );
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
}

export async function setRoles(db: Queryable, userId: number, roleIds: number[]): Promise<void> {
  await db.query('delete from user_roles where user_id = $1 and not (role_id = any($2::bigint[]))', [userId, roleIds]);
  await db.query('insert into user_roles (user_id, role_id) select $1, unnest($2::bigint[]) on conflict do nothing', [
    userId,
    roleIds,
  ]);
}

/**
 * Gives a user another set of roles, audited. Their other sessions end: what they may do has changed, and they sign
 * in again under it (a person changing their own roles keeps the session they did it from).
 */
export async function changeRoles({
  tx,
  store,
  actor,
  user,
  before,
  next,
}: {
  tx: Queryable;
  store: ResourceStore;
  actor: Actor;
  user: Row;
  before: number[];
  next: number[];
}): Promise<void> {
  const userId = Number(user.id);
  await setRoles(tx, userId, next);
  await endSessions(tx, userId, userId === actor.userId ? actor.sessionId : undefined);
  await store.audit({
    tx,
    event: 'roles_changed',
    row: user,
    oldValues: { roles: before },
    newValues: { roles: next },
  });
}
