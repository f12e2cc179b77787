import { benchToken } from './bench-sign-in.ts';
// Many people at once: USERS concurrent clients, each asking list pages in a loop (a Billing
// Manager's patient list, searched and sorted) for SECONDS, against the same API on embedded PGlite
// and on a PostgreSQL server. Usage: npm run bench:load [-- --rows 100000 --tenants 20 --users 200 --seconds 20]
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'node:http';
import { createApp } from '../dev-server/app.ts';
import { hashPassword } from '../dev-server/security/passwords.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { generateDataset } from './dataset.ts';
import { onEachDatabase } from './bench-databases.ts';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const ROWS = arg('rows', 100_000);
const TENANTS = arg('tenants', 20);
const USERS = arg('users', 200);
const SECONDS = arg('seconds', 20);
/** A person's pause between two requests, on average (ms): 200 people reading their screens, not 200 scripts. */
const THINK = arg('think', 2000);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
// Every simulated person keeps a connection open, as browsers do.
const agent = new Agent({ keepAlive: true, maxSockets: USERS + 10 });
/** One request: its status and, when the server sheds it (503), the Retry-After it asks for, in seconds. */
const get = (url: string, token: string) =>
  new Promise<{ status: number; retryAfterS: number }>((resolve, reject) => {
    request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, retryAfterS: Number(res.headers['retry-after'] ?? 1) }),
      );
    })
      .on('error', reject)
      .end();
  });

/**
 * A page as a person gets it: a request the server sheds (503) is sent again after its Retry-After, as the client
 * does, and the time counted is from the first try to the answer; how many tries were shed is counted apart.
 */
async function page(url: string, token: string): Promise<{ status: number; shed: number }> {
  for (let shed = 0; ; shed++) {
    const r = await get(url, token);
    if (r.status !== 503 || shed >= 30) return { status: r.status, shed };
    await new Promise((done) => setTimeout(done, r.retryAfterS * 1000));
  }
}

const QUERIES = ['smi', 'joh', 'gar', 'lee', 'mar', 'and', 'bro', 'wil'];

async function measure(label: string, db: Database): Promise<string[]> {
  await migrate(db);
  await seedAccess(db);
  const bcs = await generateDataset(db, TENANTS, ROWS);
  const u = await db.query<{ id: number }>('insert into users (email, password_hash) values ($1, $2) returning id', [
    'manager@load',
    await hashPassword('Bench!234'),
  ]);
  await db.query(`insert into user_roles (user_id, role_id) select $1, id from roles where slug = 'billingmanager'`, [
    u.rows[0].id,
  ]);
  await db.query('insert into billing_company_users values ($1, $2)', [bcs[1], u.rows[0].id]);
  const server = createApp({ db, rateLimitMax: 1e9 }).listen(0, '127.0.0.1');
  server.keepAliveTimeout = 65_000;
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const token = await benchToken(base, 'manager@load', 'Bench!234');
  const run = async (think: number) => {
    const times: number[] = [];
    let errors = 0;
    let shed = 0;
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        // People start at different moments and pause between clicks (uniform 0.5–1.5 × THINK).
        if (think) await new Promise((r) => setTimeout(r, Math.random() * think));
        for (let n = 0; performance.now() < end; n++) {
          const q = QUERIES[(i + n) % QUERIES.length];
          const t = performance.now();
          const { status, shed: tries } = await page(
            `${base}/patient/get-all-server?query=${q}&status=true&sortBy=last_name&itemsPerPage=25&page=${1 + (n % 3)}`,
            token,
          ).catch(() => ({ status: 0, shed: 0 }));
          if (status !== 200) errors++;
          shed += tries;
          times.push(performance.now() - t);
          if (think) await new Promise((r) => setTimeout(r, think * (0.5 + Math.random())));
        }
      }),
    );
    const mode = think
      ? `${USERS} people, ${think / 1000} s between clicks`
      : `${USERS} clients, no pause (saturation)`;
    return `| ${label} | ${mode} | ${times.length} | ${(times.length / SECONDS).toFixed(0)} | ${pct(times, 50).toFixed(0)} | ${pct(times, 95).toFixed(0)} | ${pct(times, 99).toFixed(0)} | ${shed} | ${errors} |`;
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
