import type { Queryable } from '../dev-server/db/database.ts';
import { hashPassword } from '../dev-server/security/passwords.ts';

/** Signs a bench's user in through the real sign-in route; answers the access token its requests carry. */
export async function benchToken(base: string, email: string, password: string): Promise<string> {
  const r = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}

/** The benches' Billing Manager of one billing company, signed in through benchToken with BENCH_PASSWORD. */
export const BENCH_PASSWORD = 'Bench!234';
export async function addBenchManager(db: Queryable, email: string, billingCompanyId: number): Promise<void> {
  const u = await db.query<{ id: number }>('insert into users (email, password_hash) values ($1, $2) returning id', [
    email,
    await hashPassword(BENCH_PASSWORD),
  ]);
  await db.query(`insert into user_roles (user_id, role_id) select $1, id from roles where slug = 'billingmanager'`, [
    u.rows[0].id,
  ]);
  await db.query('insert into billing_company_users values ($1, $2)', [billingCompanyId, u.rows[0].id]);
}
