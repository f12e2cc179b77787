import { arg } from './bench-args.ts';
import { addBenchManager, benchToken, BENCH_PASSWORD } from './bench-sign-in.ts';
// Many people at once: USERS concurrent clients, each asking list pages in a loop (a Billing
// Manager's patient list, searched and sorted) for SECONDS, against the same API on embedded PGlite
// and on a PostgreSQL server. Usage: npm run bench:load [-- --rows 100000 --tenants 20 --users 200 --seconds 20]
import type { AddressInfo } from 'node:net';
import { createApp } from '../dev-server/app.ts';
import { actLimits as defaultActLimits } from '../dev-server/security/act-limits.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { generateDataset } from './dataset.ts';
import { onEachDatabase } from './bench-databases.ts';
import { loadRow, runClients } from './load-clients.ts';

const ROWS = arg('rows', 100_000);
const TENANTS = arg('tenants', 20);
const USERS = arg('users', 200);
const SECONDS = arg('seconds', 20);
/** A person's pause between two requests, on average (ms): 200 people reading their screens, not 200 scripts. */
const THINK = arg('think', 2000);

async function measure(label: string, db: Database): Promise<string[]> {
  await migrate(db);
  await seedAccess(db);
  const bcs = await generateDataset(db, TENANTS, ROWS);
  await addBenchManager(db, 'manager@load', bcs[1]);
  // One token stands for 200 people: the per-person limit on patient searches would stop it, not the server.
  const actLimits = { ...defaultActLimits(), phi_search: { ...defaultActLimits().phi_search, max: 1e9 } };
  const server = createApp({ db, rateLimitMax: 1e9, actLimits }).listen(0, '127.0.0.1');
  server.keepAliveTimeout = 65_000;
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const token = await benchToken(base, 'manager@load', BENCH_PASSWORD);
  const run = async (think: number) => {
    const load = { bases: [base], token, users: USERS, seconds: SECONDS, think };
    return loadRow(label, load, await runClients(load));
  };
  const out = [await run(THINK), await run(0)];
  await new Promise((r) => server.close(r));
  return out;
}

const rows = await onEachDatabase('rcp_load', measure);

console.log(
  `${SECONDS} s per row, a Billing Manager's patient list (${ROWS / TENANTS} of ${ROWS} patients) searched, filtered, sorted, paged; milliseconds.\n`,
);
console.log('| database | load | requests | requests/s | p50 | p95 | p99 | shed (503, retried) | errors |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
