import { arg } from './bench-args.ts';
import { addBenchManager, benchToken, BENCH_PASSWORD } from './bench-sign-in.ts';
// The fixed cost of an API request: what a signed-in person's request pays before and around its own
// SQL (HTTP, the session check, permissions, JSON). A Billing Manager's patient list is asked through the
// real HTTP path; its own statements are then run directly; the difference is the fixed cost. Beside it:
// the floor (a bare node:http answer, the app's 401 before any SQL) and each statement of the request.
// Usage: npm run bench:request [-- --rows 100000 --runs 1000]   (BENCH_ONLY=postgres|pglite)
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { createApp } from '../dev-server/app.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { generateDataset } from './dataset.ts';
import { onEachDatabase } from './bench-databases.ts';
import { pct, recording } from './recording.ts';
import { startServerProcess } from './server-process.ts';

const ROWS = arg('rows', 100_000);
const TENANTS = 10;
const RUNS = arg('runs', 1000);
const SERVER_PORT = 3190;
// A page whose SQL is cheap (a tenant's patients by last name): what is measured is what surrounds it.
const PATH = '/patient/get-all-server?status=true&sortBy=last_name&sortDesc=false&itemsPerPage=25&page=3';

async function timed(n: number, once: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await once();
    out.push(performance.now() - t);
  }
  return out;
}
const ms = (xs: number[]) => `${pct(xs, 50).toFixed(2)} / ${pct(xs, 95).toFixed(2)}`;

async function measure(label: string, db: Database, url?: string): Promise<string[]> {
  await migrate(db);
  await seedAccess(db);
  const bcs = await generateDataset(db, TENANTS, ROWS);
  await db.exec('vacuum analyze');
  await addBenchManager(db, 'manager@bench', bcs[1]);
  const rec = recording(db);
  const server = createApp({ db: rec.db, rateLimitMax: 1e9 }).listen(0, '127.0.0.1');
  const bare = http.createServer((_q, s) => s.end('{"message":"x"}')).listen(0, '127.0.0.1');
  await Promise.all([server, bare].map((s) => new Promise((r) => s.once('listening', r))));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const token = await benchToken(base, 'manager@bench', BENCH_PASSWORD);
  const get =
    (url: string, auth = true) =>
    async () =>
      (await fetch(url, auth ? { headers: { authorization: `Bearer ${token}` } } : {})).text();
  await get(base + PATH)();
  rec.start();
  await get(base + PATH)();
  const statements = rec.stop();
  const own = statements.filter(([s]) => /from patients/.test(s));
  // The list's statements as the request runs them: on a PostgreSQL server its page and its totals at once, on two of
  // the pool's connections (ResourceStore.list); on the embedded database one after the other.
  const ownSql = url
    ? () => Promise.all(own.map(([s, p]) => db.query(s, p)))
    : async () => {
        for (const [s, p] of own) await db.query(s, p);
      };
  // The API in the bench's process (its HTTP client shares the server's event loop and CPU) and, on PostgreSQL, in a
  // process of its own as `npm start` runs it, as a person's browser meets it. Taken in turns, so both see the same load.
  const apart = url ? await startServerProcess(url, SERVER_PORT) : undefined;
  const ways = [{ name: '', get: get(base + PATH), api: [] as number[] }];
  if (apart)
    ways.push({
      name: ', server in its own process',
      get: get(`http://127.0.0.1:${SERVER_PORT}/api/v1${PATH}`),
      api: [],
    });
  for (const w of ways) await w.get();
  const sql: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const w of ways) w.api.push(...(await timed(1, w.get)));
    sql.push(...(await timed(1, ownSql)));
  }
  apart?.kill();
  const rows = ways.map(
    ({ name, api }) =>
      `| ${label} | Billing Manager's patient list (${ROWS / TENANTS} of ${ROWS} rows)${name} | ${ms(api)} | ${ms(sql)} | ${(pct(api, 50) - pct(sql, 50)).toFixed(2)} | ${(pct(api, 95) / pct(sql, 95)).toFixed(2)} |`,
  );
  rows.push(
    `| ${label} | floor: bare node:http | ${ms(await timed(RUNS, get(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, false)))} | — | — | — |`,
    `| ${label} | floor: the app's 401 (no SQL) | ${ms(await timed(RUNS, get(`${base}/diagnosis`, false)))} | — | — | — |`,
  );
  for (const [s, p] of statements) {
    const name = /from sessions/.test(s)
      ? 'the session check (every request)'
      : /from patients/.test(s)
        ? `the list's own: ${/count\(/.test(s) ? 'count' : 'page'}`
        : s.slice(0, 40);
    rows.push(`| ${label} | statement: ${name} | — | ${ms(await timed(300, () => db.query(s, p)))} | — | — |`);
  }
  await Promise.all([server, bare].map((s) => new Promise((r) => s.close(r))));
  return rows;
}

const rows = await onEachDatabase('rc_bench', measure);
console.log(`Request: GET ${PATH}, ${RUNS} runs, milliseconds (p50 / p95).\n`);
console.log('| database | what | API p50 / p95 | SQL p50 / p95 | fixed cost at p50 | API p95 ÷ SQL p95 |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
