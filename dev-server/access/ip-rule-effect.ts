import type { Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { ipAllowed, restrictionsOfUsers, type Restriction } from '../security/ip-restriction-check.ts';

interface Affected {
  id: number;
  email: string;
  name: string;
  last_ip: string | null;
  allowed_before: boolean;
  allowed_after: boolean;
}

/**
 * Who of a billing company a proposed IP rule concerns, and who of them, signing in from the address they last
 * used (the actor from this one), would be let in before and after it.
 */
export async function ipRuleEffect(db: Queryable, actor: Actor, bc: number, proposed: Restriction) {
  const people = await db.query<{
    id: number;
    email: string;
    name: string;
    last_ip: string | null;
    role_ids: number[];
  }>(
    `select u.id, u.email, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
              (select s.ip from sessions s where s.user_id = u.id order by s.created_at desc limit 1) as last_ip,
              array(select role_id from user_roles where user_id = u.id) as role_ids
         from users u join billing_company_users m on m.user_id = u.id and m.billing_company_id = $1 order by u.id limit 500`,
    [bc],
  );
  const restrictions = await restrictionsOfUsers(
    db,
    people.rows.map((p) => Number(p.id)),
  );
  const affected: Affected[] = [];
  for (const p of people.rows) {
    const roles = p.role_ids.map(Number);
    const concerns =
      proposed.applies_to === 'billing_company' ||
      (proposed.applies_to === 'user' && proposed.user_id === Number(p.id)) ||
      (proposed.applies_to === 'role' && proposed.role_id !== null && roles.includes(proposed.role_id));
    const current = restrictions.get(Number(p.id))!;
    const ip = Number(p.id) === actor.userId ? actor.ip : p.last_ip;
    const before = ip ? ipAllowed(ip, Number(p.id), roles, current) : true;
    const after = ip ? ipAllowed(ip, Number(p.id), roles, [...current, proposed]) : true;
    // The first rule makes a whitelist: everyone of the company is concerned when it would shut them out.
    if (concerns || before !== after)
      affected.push({
        id: Number(p.id),
        email: p.email,
        name: p.name,
        last_ip: ip,
        allowed_before: before,
        allowed_after: after,
      });
  }
  const locked = affected.filter((a) => a.allowed_before && !a.allowed_after);
  return { affected, locked_out: locked.length, locks_you_out: locked.some((a) => a.id === actor.userId) };
}
