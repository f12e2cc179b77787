import type { Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';

/** Subscribers already entered on policies the actor may see, to pick one again, narrowed by name; at most 50. */
export async function knownSubscribers(db: Queryable, actor: Actor, query: unknown) {
  const q = String(query ?? '')
    .trim()
    .toLowerCase();
  const params: unknown[] = [];
  const where = ['subscriber is not null'];
  if (!actor.crossTenant) {
    params.push(actor.billingCompanyIds);
    where.push(`billing_company_id = any($${params.length}::bigint[])`);
  }
  if (q) {
    params.push(`%${q}%`);
    where.push(`lower((subscriber->>'first_name') || ' ' || (subscriber->>'last_name')) like $${params.length}`);
  }
  const r = await db.query<{ subscriber: Record<string, unknown> }>(
    `select distinct on (lower(subscriber->>'first_name'), lower(subscriber->>'last_name'), subscriber->>'date_of_birth') subscriber from insurance_policies where ${where.join(' and ')} limit 50`,
    params,
  );
  return r.rows.map((x) => x.subscriber);
}
