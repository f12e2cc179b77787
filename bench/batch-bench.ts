import { arg } from './bench-args.ts';
import { addBenchManager, benchToken } from './bench-sign-in.ts';
// A 5,000-claim batch as the user gets it (through HTTP): sending it — reading the claims, writing the
// 837, keeping it in the file store, putting it in the clearing house's folder, marking every claim
// Submitted — and then applying the clearing house's 277CA for all 5,000 claims.
// Usage: npm run bench:batches [-- --claims 5000 --background 100000 --runs 3]
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../dev-server/app.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { onEachDatabase } from './bench-databases.ts';
import { generateClaims } from './claim-dataset.ts';
import { verifiableClaims } from './verifiable-claims.ts';
import { ack277 } from '../tests/helpers/ack-files.ts';
import { validateX12 } from '../tests/helpers/x12-validator.ts';

const CLAIMS = arg('claims', 5000);
const BACKGROUND = arg('background', 100_000);
const RUNS = arg('runs', 3);

async function measure(label: string, db: Database) {
  await migrate(db);
  await seedAccess(db);
  const { bcs } = await generateClaims(db, 2, BACKGROUND);
  const bc = bcs[0];
  process.env.EXCHANGE_DIR = mkdtempSync(join(tmpdir(), 'batch-bench-'));
  await addBenchManager(db, 'manager@bench', bc);
  const house = (
    await db.query<{ id: number }>(
      `insert into clearing_houses (code, name, status) values ('AVAIL', 'Availity', true) returning id`,
    )
  ).rows[0].id;
  const account = (
    await db.query<{ id: number }>(
      `insert into clearing_house_accounts (billing_company_id, clearing_house_id, submitter_id, receiver_id, usage, connection, outbound_folder, inbound_folder, contact_phone)
    values ($1, $2, 'BENCH01', '030240928', 'T', 'folder', 'out', 'in', '800-555-0100') returning id`,
      [bc, house],
    )
  ).rows[0].id;
  const company = Number(
    (await db.query<{ id: number }>('select min(id) as id from companies where billing_company_id = $1', [bc])).rows[0]
      .id,
  );
  const server = createApp({
    db,
    rateLimitMax: 1e9,
    filesDir: mkdtempSync(join(tmpdir(), 'batch-bench-files-')),
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
    return { ms: performance.now() - t, body: JSON.parse(text), bytes: text.length };
  };
  const rows: string[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const ids = await verifiableClaims(db, bc, CLAIMS, true);
    if (ids.length !== CLAIMS) throw new Error(`only ${ids.length} claims could be made`);
    const batch = await call('POST', '/claim/batch', {
      name: `Bench run ${run}`,
      company_id: company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: ids,
    });
    const sent = await call('PATCH', `/claim/batch/submit-to-clearing-house/${batch.body.id}`);
    // Each billing company's folders live under its own root (EXCHANGE_DIR/<billing company id>/).
    const out = join(process.env.EXCHANGE_DIR, String(bc), 'out');
    const file = readdirSync(out)
      .map((f) => join(out, f))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    // Checked once by the independent 5010 validator, outside the timing.
    const checked = await validateX12({ 'bench.837': readFileSync(file, 'latin1') });
    if (!checked.ok) throw new Error(`the 837 of run ${run} did not pass x12valid:\n${checked.output.slice(0, 2000)}`);
    const codes = (
      await db.query<{ code: string }>('select code from claims where id = any($1::bigint[]) order by id', [ids])
    ).rows.map((r) => r.code);
    const ack = ack277(
      9000 + run,
      codes.map((code, i) => ({ code, stc: i === 0 ? 'A7:562:85' : 'A2:20' })),
    );
    const applied = await call('POST', '/claim/batch/acknowledgments', { content: ack, name: `bench-${run}.277` });
    rows.push(
      `| ${label} | ${run} | ${CLAIMS.toLocaleString('en-US')} | ${sent.ms.toFixed(0)} | ${(statSync(file).size / 1024 / 1024).toFixed(2)} MB | ${applied.ms.toFixed(0)} | ${applied.body.accepted.length} accepted, ${applied.body.rejected.length} rejected; 837 valid (x12valid) |`,
    );
    console.error(rows.at(-1));
  }
  await new Promise((r) => server.close(r));
  return rows;
}

const rows = await onEachDatabase('rcp_batch_bench', measure);
console.log(
  `A batch of ${CLAIMS.toLocaleString('en-US')} claims (2 lines each) among ${BACKGROUND.toLocaleString('en-US')} others, through HTTP as a Billing Manager, ${RUNS} runs each, milliseconds.\n`,
);
console.log(
  '| database | run | claims | send (read, write 837, store, put in folder, mark Submitted) | 837 size | apply the 277CA (5,000 claim statuses) | result |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
