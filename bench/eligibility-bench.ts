import { arg } from './bench-args.ts';
import { addBenchManager, benchToken } from './bench-sign-in.ts';
// Eligibility for 5,000 policies as the user gets it (through HTTP, as a Billing Manager): the bulk question — the
// policies read, one 270 written, kept in the file store and put in the clearing house's folder, 5,000 checks
// recorded — then the payer's 271 of 5,000 answers taken in like any file it sends and applied to the checks.
// Usage: npm run bench:eligibility [-- --policies 5000 --background 100000 --runs 3]
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../dev-server/app.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { onEachDatabase } from './bench-databases.ts';
import { generateDataset } from './dataset.ts';
import { payerAnswers } from '../tests/helpers/payer-answers.ts';

const POLICIES = arg('policies', 5000);
const BACKGROUND = arg('background', 100_000);
const RUNS = arg('runs', 3);

async function measure(label: string, db: Database) {
  await migrate(db);
  await seedAccess(db);
  const [bc] = await generateDataset(db, 2, BACKGROUND);
  process.env.EXCHANGE_DIR = mkdtempSync(join(tmpdir(), 'eligibility-bench-'));
  const payer = (
    await db.query<{ id: number }>(
      `insert into insurance_companies (payer_id, code, name) values ('87726', 'KEY', 'Key Insurance') returning id`,
    )
  ).rows[0].id;
  const plan = (
    await db.query<{ id: number }>(
      `insert into insurance_plans (billing_company_id, insurance_company_id, code, name) values ($1, $2, 'KEY-PPO', 'Gold PPO') returning id`,
      [bc, payer],
    )
  ).rows[0].id;
  // Every patient of the first billing company has a primary policy with the payer.
  await db.query(
    `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date, status)
     select p.billing_company_id, p.id, $2, $3, 'M' || lpad(p.id::text, 9, '0'), 1, '2020-01-01', true from patients p where p.billing_company_id = $1`,
    [bc, payer, plan],
  );
  await addBenchManager(db, 'manager@bench', bc);
  const house = (
    await db.query<{ id: number }>(
      `insert into clearing_houses (code, name, status) values ('AVAIL', 'Availity', true) returning id`,
    )
  ).rows[0].id;
  const account = (
    await db.query<{ id: number }>(
      `insert into clearing_house_accounts (billing_company_id, clearing_house_id, submitter_id, receiver_id, usage, connection, outbound_folder, inbound_folder)
       values ($1, $2, 'BENCH01', '030240928', 'T', 'folder', 'out', 'in') returning id`,
      [bc, house],
    )
  ).rows[0].id;
  await db.query('vacuum analyze insurance_policies');
  const server = createApp({
    db,
    rateLimitMax: 1e9,
    filesDir: mkdtempSync(join(tmpdir(), 'eligibility-bench-files-')),
  }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const token = await benchToken(base, 'manager@bench', 'Bench!234');
  const call = async (method: string, path: string, body?: unknown) => {
    const t = performance.now();
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return { ms: performance.now() - t, body: JSON.parse(text) };
  };
  const policies = (
    await db.query<{ id: string }>(
      'select id from insurance_policies where billing_company_id = $1 order by id limit $2',
      [bc, POLICIES],
    )
  ).rows.map((r) => Number(r.id));
  const rows: string[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const asked = await call('POST', '/insurance-policy/check-eligibility', { ids: policies });
    if (asked.body.updated !== policies.length)
      throw new Error(`asked ${asked.body.updated}: ${JSON.stringify(asked.body.failed.slice(0, 3))}`);
    const out = join(process.env.EXCHANGE_DIR!, String(bc), 'out');
    const file = readdirSync(out)
      .map((f) => join(out, f))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    const answer = payerAnswers(readFileSync(file, 'latin1'));
    // The payer's answer arrives in the inbound folder, and is taken in by the account's poll.
    const inbound = join(process.env.EXCHANGE_DIR!, String(bc), 'in');
    mkdirSync(inbound, { recursive: true });
    writeFileSync(join(inbound, `bench-${run}.271`), answer);
    const applied = await call('POST', `/clearing-house-account/${account}/poll`);
    const answerFile = Number(
      (
        await db.query<{ id: string }>(
          `select file_id as id from exchange_files where billing_company_id = $1 and kind = '271' order by id desc limit 1`,
          [bc],
        )
      ).rows[0].id,
    );
    const answered = Number(
      (
        await db.query<{ n: string }>(
          `select count(*) as n from eligibility_checks where billing_company_id = $1 and state = 'answered' and answer_file_id = $2`,
          [bc, answerFile],
        )
      ).rows[0].n,
    );
    rows.push(
      `| ${label} | ${run} | ${policies.length.toLocaleString('en-US')} | ${asked.ms.toFixed(0)} | ${(statSync(file).size / 1024).toFixed(0)} kB | ${applied.ms.toFixed(0)} | ${(Buffer.byteLength(answer) / 1024).toFixed(0)} kB | ${answered.toLocaleString('en-US')} answered |`,
    );
    console.error(rows.at(-1));
  }
  await new Promise((r) => server.close(r));
  return rows;
}

const rows = await onEachDatabase('rcp_eligibility_bench', measure);
console.log(
  `Eligibility for ${POLICIES.toLocaleString('en-US')} policies among ${BACKGROUND.toLocaleString('en-US')} patients, through HTTP as a Billing Manager, ${RUNS} runs each, milliseconds.\n`,
);
console.log(
  '| database | run | policies | ask (read, write the 270, store, put in folder, record the checks) | 270 size | poll and take in the 271 (apply every answer) | 271 size | result |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
