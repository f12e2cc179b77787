import { arg } from './bench-args.ts';
import { addBenchManager, benchToken } from './bench-sign-in.ts';
// Daily Insurance Responsibility Aging over 1,000,000 claims across 50 billing companies, as a Billing
// Manager of one of them gets it through HTTP: the first page grouped by insurance (with every group's
// and the grand totals summed in SQL), and the simple view (the payers' buckets alone).
// Usage: npm run bench:reports [-- --claims 1000000 --tenants 50 --runs 5]; BENCH_ONLY=postgres|pglite.
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../dev-server/app.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { onEachDatabase } from './bench-databases.ts';
import { generateClaims } from './claim-dataset.ts';

const CLAIMS = arg('claims', 1_000_000);
const TENANTS = arg('tenants', 50);
const RUNS = arg('runs', 5);

/** Five payers; every patient insured by one; six claims in ten paid (a payment per thousand claims) with a CO-45 and a PR-2. */
async function insureAndPay(db: Database) {
  await db.query(
    `insert into insurance_companies (payer_id, code, name) select 'BP' || k, 'BP' || k, 'Bench Payer ' || k from generate_series(1, 5) k`,
  );
  await db.query(`insert into insurance_plans (billing_company_id, insurance_company_id, code, name)
    select b.id, i.id, 'PL-' || b.id || '-' || i.id, 'Plan ' || i.name from billing_companies b, insurance_companies i where i.payer_id like 'BP%'`);
  await db.query(`insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date)
    select p.billing_company_id, p.id, pl.insurance_company_id, pl.id, 'M' || p.id, 1, '2020-01-01'
      from patients p join insurance_plans pl on pl.billing_company_id = p.billing_company_id and pl.code like 'PL-%' and pl.insurance_company_id = (select min(id) from insurance_companies where payer_id like 'BP%') + (p.id % 5)`);
  await db.query(
    `update claims c set insurance_policy_ids = jsonb_build_array(pol.id) from insurance_policies pol where pol.patient_id = c.patient_id`,
  );
  await db.query(`insert into payment_batches (billing_company_id, name, company_id, amount, status_id)
    select b.id, 'Bench ERA batch', (select min(id) from companies where billing_company_id = b.id), 0, 2 from billing_companies b`);
  await db.query(
    `insert into payments (billing_company_id, payment_batch_id, source_id, method_id, payment_date, amount, insurance_company_id)
    select pb.billing_company_id, pb.id, 2, 1, date '2026-11-01' - (k * 3 % 500), 0, (select min(id) from insurance_companies where payer_id like 'BP%') + (k % 5)
      from payment_batches pb, generate_series(0, $1::int) k`,
    [Math.ceil(CLAIMS / TENANTS / 1000)],
  );
  await db.query(`insert into payment_services (billing_company_id, payment_id, claim_id, charge, paid, adjustments, patient_responsibility, remaining, claim_status)
    select c.billing_company_id, (select min(y.id) from payments y where y.billing_company_id = c.billing_company_id) + (c.id % ${Math.ceil(CLAIMS / TENANTS / 1000)}),
           c.id, c.billed_amount, c.billed_amount * 6 / 10, jsonb_build_array(jsonb_build_object('group', 'CO', 'reason', '45', 'amount', c.billed_amount * 3 / 10), jsonb_build_object('group', 'PR', 'reason', '2', 'amount', c.billed_amount / 10)),
           c.billed_amount / 10, 0, '1'
      from claims c where c.status_id in (4, 7) and c.id % 10 < 6`);
  // The bench's claims have no state history: a claim past Not submitted was first sent three days after its service.
  await db.query(`update claims set first_submitted_at = date_of_service + 3 where status_id >= 3`);
  await db.query('vacuum analyze');
}

async function measure(label: string, db: Database) {
  await migrate(db);
  await seedAccess(db);
  const t0 = performance.now();
  const { bcs } = await generateClaims(db, TENANTS, CLAIMS);
  await insureAndPay(db);
  console.error(`${label}: dataset in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const bc = bcs[0];
  await addBenchManager(db, 'manager@bench', bc);
  const server = createApp({
    db,
    rateLimitMax: 1e9,
    filesDir: mkdtempSync(join(tmpdir(), 'report-bench-files-')),
  }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const token = await benchToken(base, 'manager@bench', 'Bench!234');
  const get = async (path: string) => {
    const t = performance.now();
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return { ms: performance.now() - t, bytes };
  };
  const rows: string[] = [];
  for (const [what, path] of [
    ['first page, grouped by insurance', '/reports/daily-insurance-aging/records?groupBy=insurance'],
    ["simple view (payers' buckets)", '/reports/daily-insurance-aging/records?groupBy=insurance&showDetails=false'],
    ['aged from the first submission', '/reports/daily-insurance-aging/records?groupBy=insurance&aging_by=submission'],
  ]) {
    await get(path);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await get(path);
      times.push(r.ms);
      bytes = r.bytes;
    }
    times.sort((a, b) => a - b);
    const row = `| ${label} | ${CLAIMS.toLocaleString('en-US')} claims, ${TENANTS} billing companies | ${what} | ${times[Math.floor(times.length / 2)].toFixed(0)} | ${times.at(-1)!.toFixed(0)} | ${(bytes / 1024).toFixed(1)} KB |`;
    console.error(row);
    rows.push(row);
  }
  server.close();
  return rows;
}

const rows = await onEachDatabase('report_bench', measure);
console.log(
  ['| database | data | request | median (ms) | worst (ms) | response |', '|---|---|---|---|---|---|', ...rows].join(
    '\n',
  ),
);
