import { arg } from './bench-args.ts';
import { addBenchManager, benchToken } from './bench-sign-in.ts';
// The claim list at scale, as the user gets it (through HTTP), against the same SQL run directly;
// then bulk verification of 1,000 claims. Usage: npm run bench:claims [-- --claims 1000000 --tenants 50 --runs 100 --pglite-claims 100000]
import type { AddressInfo } from 'node:net';
import { createApp } from '../dev-server/app.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { onEachDatabase } from './bench-databases.ts';
import { pct, recording, timeAgainstSql } from './recording.ts';
import { generateClaims } from './claim-dataset.ts';
import { verifiableClaims } from './verifiable-claims.ts';

const CLAIMS = arg('claims', 1_000_000);
const PGLITE_CLAIMS = arg('pglite-claims', 100_000);
const TENANTS = arg('tenants', 50);
const RUNS = arg('runs', 100);
const VERIFY = arg('verify', 1000);

async function measure(label: string, db: Database) {
  const count = label.startsWith('PGlite') ? PGLITE_CLAIMS : CLAIMS;
  await migrate(db);
  await seedAccess(db);
  const t0 = Date.now();
  const { bcs } = await generateClaims(db, TENANTS, count);
  console.error(`${label}: ${count} claims in ${Date.now() - t0} ms`);
  const bc = bcs[6];
  await addBenchManager(db, 'manager@bench', bc);
  const rec = recording(db);
  const server = createApp({ db: rec.db, rateLimitMax: 1e9 }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const token = await benchToken(base, 'manager@bench', 'Bench!234');
  const auth = { authorization: `Bearer ${token}` };
  const results: string[] = [];
  const requests = [
    [
      'status filter, sort by date of service, page 3',
      '/claim/get-all-server?status_id=2&sortBy=date_of_service&sortDesc=true&itemsPerPage=25&page=3',
    ],
    [
      'search + status filter + sort + page',
      '/claim/get-all-server?query=smith&status_id=2&sortBy=date_of_service&sortDesc=true&itemsPerPage=25&page=2',
    ],
    [
      'verification list (status 1 or 2, not verified)',
      '/claim/get-all-server?status_id=1,2&verified=false&sortBy=id&itemsPerPage=25',
    ],
  ];
  for (const [what, path] of requests) {
    const { count: matching, api, sql } = await timeAgainstSql(rec, db, base + path, auth, /from claims/, RUNS);
    results.push(
      `| ${label} | ${count.toLocaleString('en-US')} | ${what} | ${matching} | ${pct(api, 50).toFixed(2)} | ${pct(api, 95).toFixed(2)} | ${pct(sql, 95).toFixed(2)} | ${(pct(api, 95) / pct(sql, 95)).toFixed(2)} |`,
    );
  }
  const ids = await verifiableClaims(db, bc, VERIFY);
  const verify = async (what: string, claimIds: number[]) => {
    const t = performance.now();
    const v = await (
      await fetch(`${base}/claim/verify`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: claimIds }),
      })
    ).json();
    const ms = performance.now() - t;
    const failed = (v.results as Array<{ verified: boolean; errors: unknown }>).find((x) => !x.verified);
    if (failed) console.error(`${label}: a claim failed verification:`, JSON.stringify(failed.errors));
    results.push(
      `| ${label} | ${count.toLocaleString('en-US')} | POST /claim/verify, ${claimIds.length} ${what} (${v.verified} verified, ${v.failed} failed) | — | ${ms.toFixed(0)} (once) | — | — | — |`,
    );
  };
  await verify('claims', ids);
  // The attack run's case: the same claims made near-identical (one patient, day, provider and procedures), so each is
  // a likely duplicate of every other; the duplicate check must stay one probe per claim, not every pair.
  await db.query(
    `update claims set patient_id = first.patient_id, insurance_policy_ids = first.insurance_policy_ids, verified = false
       from (select patient_id, insurance_policy_ids from claims where id = $1) first where claims.id = any($2::bigint[])`,
    [ids[0], ids],
  );
  await verify('near-identical claims', ids);
  await new Promise((r) => server.close(r));
  return results;
}

const rows = await onEachDatabase('rcp_claim_bench', measure);
console.log(
  `Billing Manager of one billing company (${(CLAIMS / TENANTS).toLocaleString('en-US')} of its claims on PostgreSQL), ${RUNS} runs each, milliseconds.\n`,
);
console.log('| database | claims | request | matching | API p50 | API p95 | SQL p95 | API p95 / SQL p95 |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
