// The claim list at scale, as the user gets it (through HTTP), against the same SQL run directly;
// then bulk verification of 1,000 claims. Usage: npm run bench:claims [-- --claims 1000000 --tenants 50 --runs 100 --pglite-claims 100000]
import type { AddressInfo } from 'node:net';
import { createApp } from '../dev-server/app.ts';
import { hashPassword } from '../dev-server/auth/passwords.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { onEachDatabase } from './bench-databases.ts';
import { pct, recording } from './recording.ts';
import { generateClaims } from './claim-dataset.ts';
import { npiFrom } from '../src/domain/formats.ts';

const arg = (name: string, def: number) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : def; };
const CLAIMS = arg('claims', 1_000_000);
const PGLITE_CLAIMS = arg('pglite-claims', 100_000);
const TENANTS = arg('tenants', 50);
const RUNS = arg('runs', 100);
const VERIFY = arg('verify', 1000);


/** Claims that pass every rule, with two lines each, for the verification bench (written by SQL: their saving is not what is timed). */
async function verifiableClaims(db: Database, bc: number, n: number): Promise<number[]> {
  await db.query(`insert into diagnoses (code, description, start_date) values ('J06.9', 'Acute upper respiratory infection', '2015-10-01'), ('R05.9', 'Cough', '2015-10-01') on conflict do nothing`);
  await db.query(`insert into procedures (code, description, start_date, price) values ('G0439', 'Annual wellness visit, subsequent', '2011-01-01', 17500), ('G0444', 'Annual depression screening', '2015-01-01', 2200) on conflict do nothing`);
  await db.query(`update companies set tax_id = '59-1234567', ein = '591234567', taxonomy = '207Q00000X', npi = $2 where id = (select min(id) from companies where billing_company_id = $1)`, [bc, npiFrom('512345678')]);
  const policy = await db.query<{ id: number; patient_id: number }>(
    `insert into insurance_companies (payer_id, name, timely_filing_days) values ('BENCH1', 'Bench Health', 365) on conflict do nothing returning id`);
  const payer = policy.rows[0]?.id ?? Number((await db.query<{ id: number }>(`select id from insurance_companies where payer_id = 'BENCH1'`)).rows[0].id);
  const plan = Number((await db.query<{ id: number }>(`insert into insurance_plans (billing_company_id, insurance_company_id, name) values ($1, $2, 'Bench PPO') returning id`, [bc, payer])).rows[0].id);
  const r = await db.query<{ id: number }>(
    `with p as (select id, company_id from patients where billing_company_id = $1 order by id limit $2),
          pol as (insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date)
                  select $1, id, $3, $4, 'BP' || id, 1, '2020-01-01' from p on conflict do nothing returning id, patient_id)
     insert into claims (billing_company_id, code, format_id, patient_id, patient_name, company_id, attending_provider_id, status_id, verified, date_of_service, billed_amount, amount_paid,
                         self_pay, insurance_policy_ids, diagnoses, place_of_service, accept_assignment, frequency)
     select $1, 'VER-' || pol.patient_id, 1, pol.patient_id, 'Bench Patient', p.company_id, (select min(id) from health_professionals where billing_company_id = $1), 1, false, '2026-03-02', 19700, 0,
            false, jsonb_build_array(pol.id), '[{"code": "J06.9"}, {"code": "R05.9"}]', '11', true, '1'
       from pol join p on p.id = pol.patient_id returning id`, [bc, n, payer, plan]);
  const ids = r.rows.map((x) => Number(x.id));
  await db.query(`insert into claim_services (billing_company_id, claim_id, line_number, from_service, to_service, procedure_code, diagnosis_pointers, days_or_units, price, line_charge)
    select $1, c, k, '2026-03-02', '2026-03-02', case k when 1 then 'G0439' else 'G0444' end, '["A"]', '1', case k when 1 then 17500 else 2200 end, case k when 1 then 17500 else 2200 end
      from unnest($2::bigint[]) c, generate_series(1, 2) k`, [bc, ids]);
  return ids;
}

async function measure(label: string, db: Database) {
  const count = label.startsWith('PGlite') ? PGLITE_CLAIMS : CLAIMS;
  await migrate(db);
  await seedAccess(db);
  const t0 = Date.now();
  const { bcs } = await generateClaims(db, TENANTS, count);
  console.error(`${label}: ${count} claims in ${Date.now() - t0} ms`);
  const bc = bcs[6];
  const u = await db.query<{ id: number }>('insert into users (email, password_hash) values ($1, $2) returning id', ['manager@bench', await hashPassword('Bench!234')]);
  await db.query('insert into user_roles (user_id, role_id) select $1, id from roles where slug = $2', [u.rows[0].id, 'billingmanager']);
  await db.query('insert into billing_company_users values ($1, $2)', [bc, u.rows[0].id]);
  const rec = recording(db);
  const server = createApp({ db: rec.db, rateLimitMax: 1e9 }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const token = (await (await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@bench', password: 'Bench!234' }) })).json()).access_token;
  const auth = { authorization: `Bearer ${token}` };
  const results: string[] = [];
  const requests = [
    ['status filter, sort by date of service, page 3', '/claim/get-all-server?status_id=2&sortBy=date_of_service&sortDesc=true&itemsPerPage=25&page=3'],
    ['search + status filter + sort + page', '/claim/get-all-server?query=smith&status_id=2&sortBy=date_of_service&sortDesc=true&itemsPerPage=25&page=2'],
    ['verification list (status 1 or 2, not verified)', '/claim/get-all-server?status_id=1,2&verified=false&sortBy=id&itemsPerPage=25'],
  ];
  for (const [what, path] of requests) {
    const api: number[] = [];
    const sql: number[] = [];
    rec.start();
    const first = await (await fetch(base + path, { headers: auth })).json();
    const statements = rec.stop().filter(([s]) => /from claims/.test(s));
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await (await fetch(base + path, { headers: auth })).json();
      api.push(performance.now() - t);
      t = performance.now();
      for (const [s, p] of statements) await db.query(s, p);
      sql.push(performance.now() - t);
    }
    results.push(`| ${label} | ${count.toLocaleString('en-US')} | ${what} | ${first.count} | ${pct(api, 50).toFixed(2)} | ${pct(api, 95).toFixed(2)} | ${pct(sql, 95).toFixed(2)} | ${(pct(api, 95) / pct(sql, 95)).toFixed(2)} |`);
  }
  const ids = await verifiableClaims(db, bc, VERIFY);
  const t = performance.now();
  const v = await (await fetch(`${base}/claim/verify`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ ids }) })).json();
  const ms = performance.now() - t;
  const failed = (v.results as Array<{ verified: boolean; errors: unknown }>).find((x) => !x.verified);
  if (failed) console.error(`${label}: a claim failed verification:`, JSON.stringify(failed.errors));
  results.push(`| ${label} | ${count.toLocaleString('en-US')} | POST /claim/verify, ${ids.length} claims (${v.verified} verified, ${v.failed} failed) | — | ${ms.toFixed(0)} (once) | — | — | — |`);
  await new Promise((r) => server.close(r));
  return results;
}

const rows = await onEachDatabase('rcp_claim_bench', measure);
console.log(`Billing Manager of one billing company (${(CLAIMS / TENANTS).toLocaleString('en-US')} of its claims on PostgreSQL), ${RUNS} runs each, milliseconds.\n`);
console.log('| database | claims | request | matching | API p50 | API p95 | SQL p95 | API p95 / SQL p95 |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
