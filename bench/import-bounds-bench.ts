// A fee-schedule import of a file made to hurt the server (issue 54): an XLSX "zip bomb" of 2.3 MB that unpacks to
// 526 MB of sheet XML (alone, three at once, and one that claims to be small), and a CSV of 1,000,000 rows, each sent
// to the product as it runs (npm start's server, its own process, on PostgreSQL). Measured as the user gets it: the
// time from the preview request to its refusal through HTTP, the server's memory (VmRSS from /proc, sampled every
// 20 ms) and how long another person's request waits meanwhile (GET /auth/me every 50 ms).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callServer, startServerProcess } from '../tests/helpers/server-process.ts';
import { createPostgresDatabase } from '../tests/helpers/test-database.ts';
import { openPostgres } from '../dev-server/db/postgres-database.ts';
import { claimWorld } from '../tests/helpers/claim-fixtures.ts';
import { csvOfRows, xlsxBomb } from '../tests/helpers/xlsx-bomb.ts';
import { underLoadColumns, whileOthersWork } from './while-others-work.ts';

const ADMIN = { email: 'root@bounds.bench', password: 'R00t!Bounds#2026' };

const database = await createPostgresDatabase();
const server = await startServerProcess({
  dataDir: mkdtempSync(join(tmpdir(), 'import-bounds-')),
  admin: ADMIN,
  env: { DATABASE_URL: database.url, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', LIMIT_UPLOAD: '1000/3600' },
});
const db = openPostgres(database.url);
const w = await claimWorld(db);
const token = (await callServer(server.base, null, 'POST', '/auth/login', ADMIN)).body.access_token as string;
const contract = await callServer(server.base, token, 'POST', '/contract', {
  billing_company_id: w.bc,
  company_id: w.company,
  insurance_company_id: w.payer,
  start_date: '01/01/2026',
  name: 'Bench PPO',
  basis_id: 1,
});
if (contract.status !== 201) throw new Error(JSON.stringify(contract.body));

async function store(bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const up = await callServer(server.base, token, 'POST', `/files?kind=fee-schedule&billing_company_id=${w.bc}`, form);
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
  return up.body.id as number;
}

async function measure(label: string, files: { bytes: Buffer; name: string }[]) {
  const ids: number[] = [];
  for (const f of files) ids.push(await store(f.bytes, f.name));
  const taken = await whileOthersWork(
    server,
    token,
    () =>
      Promise.all(
        ids.map((id) =>
          callServer(server.base, token, 'POST', `/contract/${contract.body.id}/rates/import`, {
            file_id: id,
            preview: true,
          }),
        ),
      ),
    50,
  );
  const answers = taken.result;
  for (const a of answers) if (a.status !== 422) throw new Error(`${label}: ${a.status} ${JSON.stringify(a.body)}`);
  const size = files.map((f) => `${(f.bytes.length / 1048576).toFixed(1)} MB`).join(' + ');
  return `| ${label} | ${size} | ${underLoadColumns(taken)} | ${answers[0].body.errors.file_id[0].slice(0, 40)}… |`;
}

const bomb = await xlsxBomb(526);
const rows = [
  await measure('XLSX bomb, 526 MB of sheet XML', [{ bytes: bomb, name: 'bomb.xlsx' }]),
  await measure(
    'three XLSX bombs at once',
    [1, 2, 3].map((n) => ({ bytes: bomb, name: `bomb-${n}.xlsx` })),
  ),
  await measure('XLSX bomb claiming 1 KB', [{ bytes: await xlsxBomb(526, { lies: true }), name: 'liar.xlsx' }]),
  await measure('CSV of 1,000,000 rows', [{ bytes: csvOfRows(1_000_000), name: 'million.csv' }]),
];
server.child.kill();
await db.close();
await database.drop();
console.log(
  '| file | size | refused after (ms) | server RSS MB: before → peak | requests meanwhile | their wait p50 / max (ms) | said |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
