// N API processes on one PostgreSQL server, behind a round-robin balancer: the load bench's people (a Billing
// Manager's patient list searched, sorted, paged) against 1, 2 and 4 server processes started as `npm start` starts
// them. Usage: npm run bench:processes [-- --rows 100000 --tenants 20 --users 200 --seconds 20 --processes 1,2,4]
import pg from 'pg';
import { migrate } from '../dev-server/db/migrate.ts';
import { openPostgres } from '../dev-server/db/postgres-database.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { PG_URL } from './bench-databases.ts';
import { addBenchManager, benchToken, BENCH_PASSWORD } from './bench-sign-in.ts';
import { generateDataset } from './dataset.ts';
import { loadRow, runClients } from './load-clients.ts';
import { startServerProcess } from './server-process.ts';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const ROWS = Number(arg('rows', '100000'));
const TENANTS = Number(arg('tenants', '20'));
const USERS = Number(arg('users', '200'));
const SECONDS = Number(arg('seconds', '20'));
const THINK = Number(arg('think', '2000'));
const COUNTS = arg('processes', '1,2,4').split(',').map(Number);

const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query('drop database if exists rcp_processes with (force)');
await admin.query('create database rcp_processes');
await admin.end();
const url = new URL(PG_URL);
url.pathname = '/rcp_processes';
const db = openPostgres(url.toString());
await migrate(db);
await seedAccess(db);
const bcs = await generateDataset(db, TENANTS, ROWS);
await addBenchManager(db, 'manager@processes', bcs[1]);
await db.close();

const rows: string[] = [];
for (const n of COUNTS) {
  const ports = Array.from({ length: n }, (_, i) => 3100 + i);
  const children = await Promise.all(
    ports.map((port) =>
      startServerProcess(url.toString(), port, { poolSize: Math.max(4, Math.floor(20 / COUNTS.at(-1)!)) }),
    ),
  );
  const bases = ports.map((p) => `http://127.0.0.1:${p}/api/v1`);
  const token = await benchToken(bases[0], 'manager@processes', BENCH_PASSWORD);
  for (const think of [THINK, 0]) {
    const load = { bases, token, users: USERS, seconds: SECONDS, think };
    rows.push(loadRow(`${n} process${n > 1 ? 'es' : ''}`, load, await runClients(load)));
  }
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
}

console.log(
  `${SECONDS} s per row, PostgreSQL 15, a Billing Manager's patient list (${ROWS / TENANTS} of ${ROWS} patients); milliseconds.\n`,
);
console.log('| API processes | load | requests | requests/s | p50 | p95 | p99 | shed (503, retried) | errors |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
