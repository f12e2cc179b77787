import { ipInRange } from '../../src/domain/ip-address.ts';
import type { Queryable } from '../db/database.ts';

export interface Restriction {
  id: number;
  ip_beginning: string;
  ip_finish: string | null;
  applies_to: string;
  user_id: number | null;
  role_id: number | null;
}

/** The restrictions of every billing company the user belongs to (empty: the user is not restricted). */
export async function restrictionsFor(db: Queryable, userId: number): Promise<Restriction[]> {
  return (await restrictionsOfUsers(db, [userId])).get(userId)!;
}

/** The restrictions that bind each of these users (one query for a whole billing company's people). */
export async function restrictionsOfUsers(db: Queryable, userIds: number[]): Promise<Map<number, Restriction[]>> {
  const r = await db.query<Restriction & { member: number }>(
    `select m.user_id as member, r.id, r.ip_beginning, r.ip_finish, r.applies_to, r.user_id, r.role_id
       from ip_restrictions r join billing_company_users m on m.billing_company_id = r.billing_company_id
      where m.user_id = any($1::bigint[])`,
    [userIds],
    { name: 'ip-restrictions-of-users' },
  );
  const out = new Map<number, Restriction[]>(userIds.map((id) => [id, []]));
  for (const { member, ...rule } of r.rows) out.get(Number(member))!.push(rule);
  return out;
}

/**
 * Once a billing company has any restriction, it is a whitelist for its users: a user gets in only
 * from an address that an entry for the whole company, for the user, or for one of their roles allows.
 */
export function ipAllowed(ip: string, userId: number, roleIds: number[], restrictions: Restriction[]): boolean {
  if (!restrictions.length) return true;
  return restrictions.some((r) => {
    const applies =
      r.applies_to === 'billing_company' ||
      (r.applies_to === 'user' && Number(r.user_id) === userId) ||
      (r.applies_to === 'role' && r.role_id !== null && roleIds.includes(Number(r.role_id)));
    return applies && ipInRange(ip, r.ip_beginning, r.ip_finish);
  });
}
