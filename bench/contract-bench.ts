import { arg } from './bench-args.ts';
import { addBenchManager, benchToken, BENCH_PASSWORD } from './bench-sign-in.ts';
// Contract pricing as the user gets it: the expected amounts of 5,000 claims as verification keeps them (the one
// pricing statement, and a whole POST /claim/verify of 1,000 claims that includes it), and the underpayment worklist
// through HTTP at 1,000,000 claims (100,000 variances over 50 billing companies) against the same SQL run directly.
// Usage: npm run bench:contracts [-- --claims 1000000 --pglite-claims 100000 --runs 100 --priced 5000]
import type { AddressInfo } from 'node:net';
import { createApp } from '../dev-server/app.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { priceClaimLines } from '../dev-server/contracts/contract-pricing.ts';
import { CONTRACT_BASIS, UNITS_BASIS } from '../src/generated/ids.ts';
import { onEachDatabase } from './bench-databases.ts';
import { pct, recording, timeAgainstSql } from './recording.ts';
import { generateClaims } from './claim-dataset.ts';
import { verifiableClaims } from './verifiable-claims.ts';

const CLAIMS = arg('claims', 1_000_000);
const PGLITE_CLAIMS = arg('pglite-claims', 100_000);
const TENANTS = arg('tenants', 50);
const RUNS = arg('runs', 100);
const PRICED = arg('priced', 5000);

async function measure(label: string, db: Database) {
  const count = label.startsWith('PGlite') ? PGLITE_CLAIMS : CLAIMS;
  await migrate(db);
  await seedAccess(db);
  let t0 = Date.now();
  const { bcs } = await generateClaims(db, TENANTS, count);
  const bc = bcs[6];
  // The bench payer's fee schedule with every clinic of the billing company, and a share-of-charges contract beside it.
  // One claim per patient of the billing company, then copies of them (another day each) up to the count priced.
  const first = await verifiableClaims(db, bc, PRICED);
  const copies = Math.ceil(PRICED / first.length) - 1;
  const copied = (
    await db.query<{ id: string }>(
      `insert into claims (billing_company_id, code, format_id, patient_id, patient_name, company_id, attending_provider_id, status_id, verified,
                           date_of_service, billed_amount, amount_paid, self_pay, insurance_policy_ids, diagnoses, place_of_service, accept_assignment, frequency)
       select billing_company_id, code || '-' || k, format_id, patient_id, patient_name, company_id, attending_provider_id, status_id, verified,
              date_of_service + k, billed_amount, amount_paid, self_pay, insurance_policy_ids, diagnoses, place_of_service, accept_assignment, frequency
         from claims, generate_series(1, $2::int) k where id = any($1::bigint[]) returning id`,
      [first, copies],
    )
  ).rows.map((r) => Number(r.id));
  const ids = [...first, ...copied].slice(0, PRICED);
  await db.query(
    `insert into claim_services (billing_company_id, claim_id, line_number, from_service, to_service, procedure_code, diagnosis_pointers, days_or_units, price, line_charge)
     select c.billing_company_id, c.id, k, c.date_of_service, c.date_of_service, case k when 1 then 'G0439' else 'G0444' end, '["A"]', '1',
            case k when 1 then 17500 else 2200 end, case k when 1 then 17500 else 2200 end
       from claims c, generate_series(1, 2) k where c.id = any($1::bigint[])`,
    [copied],
  );
  const payer = Number(
    (await db.query<{ id: string }>(`select id from insurance_companies where payer_id = 'BENCH1'`)).rows[0].id,
  );
  await db.query(
    `insert into contracts (billing_company_id, name, company_id, insurance_company_id, basis_id, start_date)
     select $1, 'Bench PPO ' || co.id, co.id, $2, $3, '2026-01-01' from companies co where co.billing_company_id = $1`,
    [bc, payer, CONTRACT_BASIS.FEE_SCHEDULE],
  );
  await db.query(
    `insert into contract_rates (billing_company_id, contract_id, procedure_code, amount, units_basis_id)
     select $1, k.id, r.code, r.amount, $2 from contracts k, (values ('G0439', 13650), ('G0444', 1716)) r(code, amount) where k.billing_company_id = $1`,
    [bc, UNITS_BASIS.PER_UNIT],
  );
  // A variance for one claim in ten, most money first as the worklist reads it (bench rows: not what is timed).
  await db.query(
    `insert into underpayments (billing_company_id, claim_id, claim_code, patient_id, insurance_company_id, company_id, kind_id, date_of_service,
                                procedure_code, expected, allowed, paid, variance, reasons, posted_on, status_id)
     select c.billing_company_id, c.id, c.code, c.patient_id, $1, c.company_id, case when c.id % 9 = 0 then 2 else 1 end, c.date_of_service,
            '99213', 8500, 8500 - (c.id % 4000), 8500 - (c.id % 4000), c.id % 4000 + 101, 'CO-45 PR-2', c.date_of_service + 30, 1 + (c.n / 10 % 3)
       from (select c.*, row_number() over (partition by c.billing_company_id order by c.id) as n from claims c) c where c.n % 10 = 0`,
    [payer],
  );
  await db.query('vacuum analyze underpayments');
  console.error(`${label}: ${count} claims, ${PRICED} priced, variances in ${Date.now() - t0} ms`);
  await addBenchManager(db, 'manager@bench', bc);
  const rec = recording(db);
  const server = createApp({ db: rec.db, rateLimitMax: 1e9 }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const auth = { authorization: `Bearer ${await benchToken(base, 'manager@bench', BENCH_PASSWORD)}` };
  const results: string[] = [];

  // Pricing: the statement verification runs, for 5,000 claims (10,000 lines) each time made to price from nothing.
  const pricing: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 30); i++) {
    await db.query(
      'update claim_services set expected_allowed = null, expected_contract_id = null where claim_id = any($1::bigint[])',
      [ids],
    );
    // As autovacuum leaves the lines between one verification and the next: the reset's dead rows are not timed.
    await db.query('vacuum claim_services');
    t0 = performance.now();
    const changed = await db.transaction((tx) => priceClaimLines(tx, ids));
    pricing.push(performance.now() - t0);
    if (changed !== ids.length * 2) throw new Error(`priced ${changed} lines, not ${ids.length * 2}`);
  }
  results.push(
    `| ${label} | ${count.toLocaleString('en-US')} | expected amounts of ${ids.length.toLocaleString('en-US')} claims (${(ids.length * 2).toLocaleString('en-US')} lines), the statement verification runs | — | ${pct(pricing, 50).toFixed(1)} | ${pct(pricing, 95).toFixed(1)} | — | — |`,
  );
  await db.query(
    'update claim_services set expected_allowed = null, expected_contract_id = null where claim_id = any($1::bigint[])',
    [ids],
  );
  t0 = performance.now();
  const v = await (
    await fetch(`${base}/claim/verify`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: ids.slice(0, 1000) }),
    })
  ).json();
  const verifyMs = performance.now() - t0;
  const priced = await db.query<{ n: string }>(
    'select count(*) as n from claim_services where claim_id = any($1::bigint[]) and expected_allowed is not null',
    [ids.slice(0, 1000)],
  );
  results.push(
    `| ${label} | ${count.toLocaleString('en-US')} | POST /claim/verify of ${Math.min(1000, ids.length).toLocaleString('en-US')} claims, pricing included (${v.verified} verified, ${priced.rows[0].n} lines priced) | — | ${verifyMs.toFixed(0)} (once) | — | — | — |`,
  );

  const searched = (
    await db.query<{ code: string }>(
      'select claim_code as code from underpayments where billing_company_id = $1 order by id limit 1 offset (select count(*) / 2 from underpayments where billing_company_id = $1)',
      [bc],
    )
  ).rows[0].code;
  const requests = [
    ['worklist: open variances, most money first, page 1', '/underpayment?status_id=1&itemsPerPage=25'],
    [
      'worklist: underpaid by one payer, page 4',
      `/underpayment?status_id=1&kind_id=1&insurance_company_id=${payer}&itemsPerPage=25&page=4`,
    ],
    ['worklist: a claim searched by its number', `/underpayment?query=${encodeURIComponent(searched)}&itemsPerPage=25`],
  ];
  for (const [what, path] of requests) {
    const { count: matching, api, sql } = await timeAgainstSql(rec, db, base + path, auth, /from underpayments/, RUNS);
    results.push(
      `| ${label} | ${count.toLocaleString('en-US')} | ${what} | ${matching} | ${pct(api, 50).toFixed(2)} | ${pct(api, 95).toFixed(2)} | ${pct(sql, 95).toFixed(2)} | ${(pct(api, 95) / pct(sql, 95)).toFixed(2)} |`,
    );
  }
  await new Promise((r) => server.close(r));
  return results;
}

const rows = await onEachDatabase('rcp_contract_bench', measure);
console.log(
  `Billing Manager of one billing company (${(CLAIMS / TENANTS).toLocaleString('en-US')} of its claims on PostgreSQL), ${RUNS} runs each, milliseconds.\n`,
);
console.log('| database | claims | what | matching | p50 | p95 | SQL p95 | API p95 / SQL p95 |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
