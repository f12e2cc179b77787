import type { Queryable } from '../db/database.ts';
import type { Row } from '../resources/resource-store.ts';
import type { Actor } from '../security/actor.ts';
import { readableBy } from '../resources/shared-tenancy.ts';

/** The people who created claims in the actor's billing companies [{id, name}], for the list filter. */
export async function claimCreators(db: Queryable, actor: Actor) {
  const r = await db.query<{ id: number; name: string }>(
    `select u.id, coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as name from users u
          where u.id in (select distinct created_by from claims where created_by is not null and ($1::boolean or billing_company_id = any($2::bigint[])))
          order by name limit 500`,
    [actor.crossTenant, actor.billingCompanyIds],
  );
  return r.rows;
}

/** Procedures matching a search (code or name), each with the company's price for it: its service's custom or standard price, else the procedure's. */
export async function pricedProcedures(db: Queryable, company: Row, search: string) {
  const r = await db.query<{ id: number; code: string; description: string; price: string | null }>(
    `select id, code, coalesce(short_description, description) as description, price from procedures
          where status is not false and ${readableBy('$2')} and ($1 = '' or lower(code) like $1 || '%' or lower(coalesce(short_description, description)) like '%' || $1 || '%')
          order by code limit 50`,
    [search, company.billing_company_id],
  );
  const services = new Map(
    ((company.services as Array<Record<string, unknown>> | undefined) ?? []).map((s) => [
      String(s.procedure_code).toUpperCase(),
      s,
    ]),
  );
  return r.rows.map((p) => {
    const s = services.get(p.code.toUpperCase());
    return {
      id: p.id,
      code: p.code,
      name: `${p.code} - ${p.description}`,
      price: Number(s?.custom_price ?? s?.std_price ?? p.price ?? 0),
    };
  });
}
