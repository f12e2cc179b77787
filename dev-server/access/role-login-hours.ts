import { DomainError } from '../../src/domain/errors/domain-error.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { parseLoginHours } from '../security/login-hours.ts';
import { changeRolePolicy } from './role-policy.ts';

/** The platform's administrators are never locked out by a clock: someone must be able to put a wrong rule right. */
const NEVER_LIMITED = 'superuser';

/**
 * A role's sign-in hours (null: any time), audited. Its people are refused sign-in outside them, and a session still
 * open when they end is ended at its next request (the access epoch moves with the role, so every process sees it).
 */
export async function setRoleLoginHours(db: Database, actor: Actor, roleId: number, given: unknown) {
  const hours = parseLoginHours(given);
  const role = await changeRolePolicy(db, actor, roleId, 'login_hours', hours, (r) => {
    if (hours && r.slug === NEVER_LIMITED) throw new DomainError('login_hours_not_for_super_user');
  });
  return { id: role.id, login_hours: hours };
}
