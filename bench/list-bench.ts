import { arg } from './bench-args.ts';
import { benchToken } from './bench-sign-in.ts';
// List endpoint benchmark: the API (search + sort + filter + page) against the same SQL run directly,
// on PGlite and on PostgreSQL, in one run. Usage: npm run bench [-- --rows 500000 --tenants 50 --runs 200]
import type { AddressInfo } from 'node:net';
import { createApp } from '../dev-server/app.ts';
import { hashPassword } from '../dev-server/security/passwords.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { generateDataset } from './dataset.ts';
import { onEachDatabase } from './bench-databases.ts';
import { pct, recording, timeAgainstSql } from './recording.ts';

const ROWS = arg('rows', 500_000);
const TENANTS = arg('tenants', 50);
const RUNS = arg('runs', 200);

async function user(db: Database, email: string, role: string, bc?: number) {
  const u = await db.query<{ id: number }>('insert into users (email, password_hash) values ($1, $2) returning id', [
    email,
    await hashPassword('Bench!234'),
  ]);
  await db.query('insert into user_roles (user_id, role_id) select $1, id from roles where slug = $2', [
    u.rows[0].id,
    role,
  ]);
  if (bc) await db.query('insert into billing_company_users values ($1, $2)', [bc, u.rows[0].id]);
}

async function measure(label: string, db: Database) {
  await migrate(db);
  await seedAccess(db);
  const t0 = Date.now();
  const bcs = await generateDataset(db, TENANTS, ROWS);
  console.error(`${label}: ${ROWS} rows in ${Date.now() - t0} ms`);
  await user(db, 'super@bench', 'superuser');
  await user(db, 'manager@bench', 'billingmanager', bcs[6]);
  const rec = recording(db);
  const server = createApp({ db: rec.db, rateLimitMax: 1e9 }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const results: string[] = [];
  for (const who of ['super@bench', 'manager@bench']) {
    const token = await benchToken(base, who, 'Bench!234');
    const path = '/patient/get-all-server?query=smi&status=true&sortBy=last_name&sortDesc=false&itemsPerPage=25&page=3';
    const { count, api, sql } = await timeAgainstSql(
      rec,
      db,
      base + path,
      { authorization: `Bearer ${token}` },
      /from patients/,
      RUNS,
    );
    const role = who.startsWith('super') ? `Super User (${ROWS} rows)` : `Billing Manager (${ROWS / TENANTS} rows)`;
    results.push(
      `| ${label} | ${role} | ${count} | ${pct(api, 50).toFixed(2)} | ${pct(api, 95).toFixed(2)} | ${pct(sql, 50).toFixed(2)} | ${pct(sql, 95).toFixed(2)} | ${(pct(api, 95) / pct(sql, 95)).toFixed(2)} |`,
    );
  }
  await new Promise((r) => server.close(r));
  return results;
}

const rows = await onEachDatabase('rcp_bench', measure);

console.log(
  `Request: GET /patient/get-all-server?query=smi&status=true&sortBy=last_name&sortDesc=false&itemsPerPage=25&page=3, ${RUNS} runs each, milliseconds.\n`,
);
console.log('| database | caller | matching rows | API p50 | API p95 | SQL p50 | SQL p95 | API p95 / SQL p95 |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
