import { priceClaimLines } from '../dev-server/contracts/contract-pricing.ts';
import { CLAIM_STATUS, CONTRACT_BASIS } from '../src/generated/ids.ts';
import { arg } from './bench-args.ts';
import { addBenchManager, benchToken } from './bench-sign-in.ts';
// An ERA of 5,000 claims (15,000 service lines) as the user gets it, through HTTP: taken in
// (read, balanced, registered) and posted into a payment batch (claims matched, lines paid with their
// adjustments, claims moved, notes, audit) in one transaction. Usage: npm run bench:era [-- --claims 5000]
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../dev-server/app.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { bulkClaimsForEra } from '../tests/helpers/era-claims.ts';
import type { ClaimWorld } from '../tests/helpers/claim-fixtures.ts';
import { onEachDatabase } from './bench-databases.ts';
import { generateClaims } from './claim-dataset.ts';
import { generateEra, generateOnePayment } from './era-dataset.ts';

const CLAIMS = arg('claims', 5000);
const MANY_MB = arg('many-mb', 50);
// --contracts 1: the claims are priced by a contract (70 % of charges) first, so every posting is compared with it.
const CONTRACTS = arg('contracts', 0) === 1;

async function measure(label: string, db: Database) {
  await migrate(db);
  await seedAccess(db);
  const { bcs } = await generateClaims(db, 2, 20_000);
  const bc = bcs[0];
  const text = generateOnePayment(CLAIMS);
  const parties = (
    await db.query<{ patient: number; company: number; hp: number }>(
      `select (select min(id) from patients where billing_company_id = $1) as patient, (select min(id) from companies where billing_company_id = $1) as company, (select min(id) from health_professionals where billing_company_id = $1) as hp`,
      [bc],
    )
  ).rows[0];
  await bulkClaimsForEra(
    db,
    {
      bc,
      patient: Number(parties.patient),
      company: Number(parties.company),
      attending: Number(parties.hp),
    } as ClaimWorld,
    text,
  );
  if (CONTRACTS) {
    await db.query(
      `insert into contracts (billing_company_id, name, company_id, insurance_company_id, basis_id, percentage, start_date)
       select distinct c.billing_company_id, 'Bench 70%', c.company_id, p.insurance_company_id, ${CONTRACT_BASIS.PERCENT_OF_CHARGES}, '70', date '2000-01-01'
         from claims c join insurance_policies p on p.id = (c.insurance_policy_ids ->> 0)::bigint
        where c.billing_company_id = $1 and c.status_id = ${CLAIM_STATUS.SUBMITTED}`,
      [bc],
    );
    const submitted = await db.query<{ id: string }>(
      'select id from claims where billing_company_id = $1 and status_id = $2',
      [bc, CLAIM_STATUS.SUBMITTED],
    );
    const priced = await db.transaction((tx) =>
      priceClaimLines(
        tx,
        submitted.rows.map((r) => Number(r.id)),
      ),
    );
    console.error(`${label}: ${priced} lines priced by a contract`);
  }
  await addBenchManager(db, 'manager@bench', bc);
  const server = createApp({ db, rateLimitMax: 1e9, filesDir: mkdtempSync(join(tmpdir(), 'era-bench-files-')) }).listen(
    0,
    '127.0.0.1',
  );
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const token = await benchToken(base, 'manager@bench', 'Bench!234');
  const call = async (path: string, body: unknown) => {
    const t = performance.now();
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const out = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(out).slice(0, 300)}`);
    return { ms: performance.now() - t, out };
  };
  const rss0 = process.memoryUsage().rss;
  // As a person does it: the file uploaded to the file store (multipart), then taken in.
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([text]), 'bench.835');
  const up = await fetch(`${base}/files?kind=era`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
  const sync = await call('/payments/eras/sync', {});
  const taken = { ms: performance.now() - t0, out: sync.out };
  const era = (await db.query<{ id: number }>(`select id from era_files where name = 'bench.835'`)).rows[0];
  const posted = await call('/payments/eras/process', { id: era.id });
  const rss = process.memoryUsage().rss - rss0;
  if (CONTRACTS) {
    const listed = await db.query<{ n: string }>(
      'select count(*) as n from underpayments where billing_company_id = $1',
      [bc],
    );
    console.error(`${label}: ${listed.rows[0].n} contract variances listed by the posting`);
  }
  const row = `| ${label} | ${CLAIMS.toLocaleString('en-US')} (${(CLAIMS * 3).toLocaleString('en-US')} lines, ${(text.length / 1024 / 1024).toFixed(1)} MB) | ${taken.ms.toFixed(0)} | ${posted.ms.toFixed(0)} | ${posted.out.posted_claims} posted, ${posted.out.exceptions} exceptions | ${(rss / 1024 / 1024).toFixed(0)} MB |`;
  console.error(row);

  // A payer's large file of many payments: taken in a payment at a time. The peak RSS while it is read
  // and registered, sampled every 20 ms, against the file's size.
  const many = generateEra(MANY_MB * 1024 * 1024);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t1 = performance.now();
  const bigForm = new FormData();
  bigForm.append('file', new Blob([many.text]), 'many.835');
  const bigUp = await fetch(`${base}/files?kind=era`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: bigForm,
  });
  if (!bigUp.ok) throw new Error(`upload: ${bigUp.status} ${await bigUp.text()}`);
  await call('/payments/eras/sync', {});
  const manyMs = performance.now() - t1;
  clearInterval(sampler);
  const registered = Number(
    (await db.query<{ n: string }>(`select count(*) as n from era_files where name = 'many.835'`)).rows[0].n,
  );
  await new Promise((r) => server.close(r));
  const manyRow = `| ${label} | ${many.transactions.toLocaleString('en-US')} payments, ${many.claims.toLocaleString('en-US')} claims (${(many.text.length / 1024 / 1024).toFixed(0)} MB), taken in | ${manyMs.toFixed(0)} | — | ${registered.toLocaleString('en-US')} ERAs registered | peak +${((peak - before) / 1024 / 1024).toFixed(0)} MB |`;
  console.error(manyRow);
  return [row, manyRow];
}

const rows = await onEachDatabase('rcp_era_bench', measure);
console.log(`An ERA of ${CLAIMS.toLocaleString('en-US')} claims through HTTP as a Billing Manager, milliseconds.\n`);
console.log(
  '| database | ERA | take in (read, balance, register) | post (match, post, move claims, notes, audit) | result | RSS growth |',
);
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
