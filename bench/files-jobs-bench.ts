import { arg } from './bench-args.ts';
import { benchToken } from './bench-sign-in.ts';
// File store and jobs as a user meets them, through the real HTTP path on embedded PGlite:
// uploading and downloading an EOB, uploading the same bytes again, and how fast the app answers
// while a background import runs. Usage: npm run bench:files [-- --mb 20 --runs 5]
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createApp, defaultFileStore } from '../dev-server/app.ts';
import { hashPassword } from '../dev-server/security/passwords.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { openPglite } from '../dev-server/db/pglite-database.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { JobQueue, installJobSchema } from '../dev-server/jobs/job-queue.ts';

const MB = arg('mb', 20);
const RUNS = arg('runs', 5);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const dir = `/tmp/files-bench-${process.pid}`;

const db = await openPglite();
await migrate(db);
await seedAccess(db);
await installJobSchema(db);
const files = defaultFileStore(db, dir);
const jobs = new JobQueue(db, files, { pollingIntervalSeconds: 0.5 });
await jobs.start();
await db.query(`insert into users (email, password_hash) values ('bench@files.test', $1)`, [
  await hashPassword('Bench!Files#2026'),
]);
await db.query(
  `insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.email = 'bench@files.test' and r.slug = 'superuser'`,
);
await db.query(`insert into billing_companies (name, abbreviation) values ('Bench Billing', 'BB')`);
const server = createApp({ db, files, jobs, rateLimitMax: 1_000_000 }).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
const token = await benchToken(base, 'bench@files.test', 'Bench!Files#2026');
const auth = { authorization: `Bearer ${token}` };

async function upload(bytes: Buffer, kind: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const t = performance.now();
  const r = await fetch(`${base}/files?kind=${kind}&billing_company_id=1`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const body = await r.json();
  return { ms: performance.now() - t, body };
}

const results: string[] = [];
// An EOB scan: a PDF header and MB of content, different each run so each is a new file.
const eob = (run: number) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% run ${run}\n`), Buffer.alloc(MB * 1024 * 1024 - 64, run)]);
const up: number[] = [];
const again: number[] = [];
const down: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const bytes = eob(run);
  const first = await upload(bytes, 'eob', `eob-${run}.pdf`);
  up.push(first.ms);
  again.push((await upload(bytes, 'eob', `eob-${run}-again.pdf`)).ms);
  const t = performance.now();
  const r = await fetch(`${base}/files/${first.body.id}/content`, { headers: auth });
  const got = Buffer.from(await r.arrayBuffer());
  down.push(performance.now() - t);
  if (!got.equals(bytes)) throw new Error('downloaded bytes differ from the upload');
}
const rate = (ms: number) => `${(MB / (ms / 1000)).toFixed(0)} MB/s`;
results.push(
  `| upload a ${MB} MB EOB (multipart, streamed, hashed, typed by its bytes) | ${pct(up, 50).toFixed(0)} ms = ${rate(pct(up, 50))} |`,
);
results.push(
  `| the same ${MB} MB again (recognised by its SHA-256, nothing new kept) | ${pct(again, 50).toFixed(0)} ms |`,
);
results.push(`| download it (tenant-checked, streamed) | ${pct(down, 50).toFixed(0)} ms = ${rate(pct(down, 50))} |`);

// How the app answers a person while a job imports 74,719 ICD-10-CM codes.
async function listLatency(until: () => Promise<boolean>, max = 400) {
  const times: number[] = [];
  for (let i = 0; i < max && !(await until()); i++) {
    const t = performance.now();
    await (await fetch(`${base}/billing-company/get-all-server?itemsPerPage=10`, { headers: auth })).json();
    times.push(performance.now() - t);
  }
  return times;
}
const idle = await listLatency(async () => false, 100);
const release = readFileSync(new URL('../seed/codes/icd10cm_order_2026.txt.gz', import.meta.url));
const file = await upload(release, 'code-set', 'icd10cm_order_2026.txt.gz');
const started = performance.now();
const job = await (
  await fetch(`${base}/jobs/code-set-import`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ file_id: file.body.id, code_set: 'icd10cm' }),
  })
).json();
const state = async () => (await (await fetch(`${base}/jobs/${job.id}`, { headers: auth })).json()).state;
const busy = await listLatency(async () => ['completed', 'failed'].includes(await state()), 100_000);
const jobMs = performance.now() - started;
results.push(
  `| a list page, app idle (p50 / p95 of ${idle.length}) | ${pct(idle, 50).toFixed(1)} / ${pct(idle, 95).toFixed(1)} ms |`,
);
results.push(
  `| a list page while the job imports ICD-10-CM (p50 / p95 / max of ${busy.length}) | ${pct(busy, 50).toFixed(1)} / ${pct(busy, 95).toFixed(1)} / ${Math.max(...busy).toFixed(1)} ms |`,
);
results.push(
  `| the import job itself, queued to completed (74,719 codes, batches of 1,000) | ${(jobMs / 1000).toFixed(1)} s |`,
);

console.log(`| measure | result |\n|---|---|\n${results.join('\n')}`);
server.close();
await jobs.stop();
await db.close();
