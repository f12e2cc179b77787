import type { Request } from 'express';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from './database.ts';

export type AuditEvent =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'status_changed'
  /** a month's books closed, or reopened with a reason (month-end close) */
  | 'books_closed'
  | 'books_reopened'
  /** a contract's fee schedule replaced from a spreadsheet (its file and how many lines) */
  | 'fee_schedule_imported'
  | 'rolled_back'
  | 'verified'
  | 'roles_changed'
  | 'permissions_changed'
  | 'unlocked'
  | 'password_changed'
  | 'password_reset'
  | 'sessions_ended'
  | 'photo_changed'
  | 'mfa_enabled'
  | 'mfa_disabled'
  /** the person proved again it was them, for a sensitive act */
  | 'stepped_up'
  /** the secrets key was replaced and every sealed secret sealed again under the new one */
  | 'keys_rotated'
  /** a patient's record (or its ledger, its statement) was read: who, when, from where; never what it holds */
  | 'read'
  /** a person gave the right password but was not let in (outside their role's sign-in hours) */
  | 'sign_in_refused'
  /** the server ended a person's session (their role's sign-in hours ended) */
  | 'signed_out';

/** Written inside the caller's transaction, so a write and its audit row land or fail together. */
/** One audited change: the record, its billing company, and its values before and after. */
export interface AuditRow {
  entityId: number;
  billingCompanyId: number | null;
  oldValues: object | null;
  newValues: object | null;
}

export async function writeAudit(
  tx: Queryable,
  actor: Actor,
  { entity, event, entityId, billingCompanyId, oldValues, newValues }: AuditRow & { entity: string; event: AuditEvent },
): Promise<void> {
  await tx.query(
    `insert into audits (entity, entity_id, billing_company_id, user_id, event, old_values, new_values, ip, url, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entity,
      entityId,
      billingCompanyId,
      actor.system ? null : actor.userId,
      event,
      oldValues && JSON.stringify(oldValues),
      newValues && JSON.stringify(newValues),
      actor.ip,
      actor.url,
      actor.userAgent,
    ],
  );
}

/** Many audit rows of one actor and event in one statement (a bulk operation: verifying a thousand claims). */
export async function writeAuditMany(
  tx: Queryable,
  actor: Actor,
  { entity, event, rows }: { entity: string; event: AuditEvent; rows: AuditRow[] },
): Promise<void> {
  if (!rows.length) return;
  await tx.query(
    `insert into audits (entity, entity_id, billing_company_id, user_id, event, old_values, new_values, ip, url, user_agent)
     select $1, r.id, r.bc, $2, $3, r.old::jsonb, r.new::jsonb, $4, $5, $6 from unnest($7::bigint[], $8::bigint[], $9::text[], $10::text[]) as r(id, bc, old, new)`,
    [
      entity,
      actor.system ? null : actor.userId,
      event,
      actor.ip,
      actor.url,
      actor.userAgent,
      rows.map((r) => r.entityId),
      rows.map((r) => r.billingCompanyId),
      rows.map((r) => r.oldValues && JSON.stringify(r.oldValues)),
      rows.map((r) => r.newValues && JSON.stringify(r.newValues)),
    ],
  );
}

/** An event with no signed-in actor (a password reset by link): the user it concerns is the one recorded. */
export async function writeSystemAudit(
  tx: Queryable,
  req: Request,
  {
    entity,
    entityId,
    event,
    userId,
    newValues = null,
  }: { entity: string; entityId: number; event: AuditEvent; userId: number | null; newValues?: object | null },
): Promise<void> {
  await tx.query(
    `insert into audits (entity, entity_id, user_id, event, new_values, ip, url, user_agent) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entity,
      entityId,
      userId,
      event,
      newValues && JSON.stringify(newValues),
      req.ip ?? null,
      req.originalUrl,
      req.headers['user-agent'] ?? null,
    ],
  );
}
