import { DomainError, fieldError } from '../../src/domain/errors/domain-error.ts';
import { changeRolePolicy } from '../access/role-policy.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { ALWAYS_MFA_ROLES } from '../security/permission-catalog.ts';

/** Days a person has, from the sign-in that first finds their role requires it, to set up an authenticator. */
const graceDays = () => Number(process.env.MFA_GRACE_DAYS ?? 7);

/** SQL: whether the user's roles require two-step sign-in. */
const REQUIRED = `exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                          where ur.user_id = u.id and (r.mfa_required or r.slug = any($2::text[])))`;

/** SQL: whether the user has a second step in force: an authenticator app confirmed, or a passkey. */
export const ENROLLED = `(exists (select 1 from user_mfa m where m.user_id = u.id and m.confirmed_at is not null)
                          or exists (select 1 from user_passkeys k where k.user_id = u.id))`;

export interface MfaStanding {
  /** until when the person may still work without an authenticator; null when none is required or one is set up */
  due_at: string | null;
  /** the time is up: the session can only set one up */
  overdue: boolean;
}

/**
 * At each sign-in: starts the grace period of someone whose role requires an authenticator they do not have yet,
 * keeps it running, or ends it (set up, or no longer required). The user's row is written only when that changes
 * it: most sign-ins change nothing, and a write per sign-in is a new row version for nothing.
 */
export async function settleMfaDue(db: Queryable, userId: number): Promise<MfaStanding> {
  const r = await db.query<{ due_at: string | null; overdue: boolean }>(
    `with due as (
       select u.id, case when ${REQUIRED} and not ${ENROLLED}
                         then coalesce(u.mfa_due_at, now() + make_interval(days => $3)) end as at
         from users u where u.id = $1
     ), settled as (
       update users u set mfa_due_at = due.at from due where u.id = due.id and u.mfa_due_at is distinct from due.at
     )
     select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as due_at, coalesce(at <= now(), false) as overdue
       from due`,
    [userId, ALWAYS_MFA_ROLES, graceDays()],
  );
  return r.rows[0] ?? { due_at: null, overdue: false };
}

/** Whether the person's roles require two-step sign-in (so it cannot be turned off). */
export async function mfaRequiredFor(db: Queryable, userId: number): Promise<boolean> {
  const r = await db.query<{ required: boolean }>(`select ${REQUIRED} as required from users u where u.id = $1`, [
    userId,
    ALWAYS_MFA_ROLES,
  ]);
  return !!r.rows[0]?.required;
}

/** A role's policy: its people must sign in with an authenticator, or need not. Audited. */
export async function setRoleMfaRequired(db: Database, actor: Actor, roleId: number, required: unknown) {
  if (typeof required !== 'boolean') throw fieldError('required', 'field_true_or_false', { field: 'required' });
  const role = await changeRolePolicy(db, actor, roleId, 'mfa_required', required, (r) => {
    if (!required && r.mfa_always) throw new DomainError('mfa_always_required_for_role');
  });
  return { id: role.id, mfa_required: required || role.mfa_always };
}
