import { ipInRange } from '../../src/domain/ip-address.ts';
import type { Queryable } from '../db/database.ts';

export interface Restriction { id: number; ip_beginning: string; ip_finish: string | null; applies_to: string; user_id: number | null; role_id: number | null }

/** The restrictions of every billing company the user belongs to (empty: the user is not restricted). */
export async function restrictionsFor(db: Queryable, userId: number): Promise<Restriction[]> {
  const r = await db.query<Restriction>(
    `select r.id, r.ip_beginning, r.ip_finish, r.applies_to, r.user_id, r.role_id
       from ip_restrictions r join billing_company_users m on m.billing_company_id = r.billing_company_id
      where m.user_id = $1`,
    [userId], { name: 'ip-restrictions-of-user' },
  );
  return r.rows;
}

/**
 * Once a billing company has any restriction, it is a whitelist for its users: a user gets in only
 * from an address that an entry for the whole company, for the user, or for one of their roles allows.
 */
export function ipAllowed(ip: string, userId: number, roleIds: number[], restrictions: Restriction[]): boolean {
  if (!restrictions.length) return true;
  return restrictions.some((r) => {
    const applies = r.applies_to === 'billing_company'
      || (r.applies_to === 'user' && Number(r.user_id) === userId)
      || (r.applies_to === 'role' && r.role_id !== null && roleIds.includes(Number(r.role_id)));
    return applies && ipInRange(ip, r.ip_beginning, r.ip_finish);
  });
}
