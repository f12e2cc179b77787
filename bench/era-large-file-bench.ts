// A payer's 99 MB ERA taken in by the product as it runs (npm start's server, its own process): the server's memory
// (VmRSS from /proc, sampled every 20 ms) and how long another person's request waits meanwhile (GET /auth/me every
// 100 ms). Embedded database and PostgreSQL server, one after the other; ERA_MB sets the size.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callServer, startServerProcess } from '../tests/helpers/server-process.ts';
import { createPostgresDatabase } from '../tests/helpers/test-database.ts';
import { generateEra } from './era-dataset.ts';
import { underLoadColumns, whileOthersWork } from './while-others-work.ts';

const MB = Number(process.env.ERA_MB ?? 99);
const ADMIN = { email: 'root@era-large.bench', password: 'R00t!EraLarge#2026' };
const era = generateEra(MB * 1024 * 1024);

async function measure(label: string, databaseUrl?: string) {
  const server = await startServerProcess({
    dataDir: mkdtempSync(join(tmpdir(), 'era-large-')),
    admin: ADMIN,
    env: { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' },
  });
  const token = (await callServer(server.base, null, 'POST', '/auth/login', ADMIN)).body.access_token as string;
  const bc = (await callServer(server.base, token, 'POST', '/billing-company', { name: 'Era Co', abbreviation: 'ERA' }))
    .body.id as number;
  const taken = await whileOthersWork(server, token, async () => {
    const form = new FormData();
    form.append('file', new Blob([era.text]), 'large.835');
    const up = await callServer(server.base, token, 'POST', `/files?kind=era&billing_company_id=${bc}`, form);
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
    const sync = await callServer(server.base, token, 'POST', '/payments/eras/sync', { billing_company_id: bc });
    if (sync.status !== 200) throw new Error(`sync: ${sync.status} ${JSON.stringify(sync.body)}`);
  });
  server.child.kill();
  return `| ${label} | ${(era.text.length / 1048576).toFixed(0)} MB, ${era.transactions.toLocaleString('en-US')} payments | ${underLoadColumns(taken)} |`;
}

const rows = [await measure('PGlite (embedded)')];
const database = await createPostgresDatabase();
try {
  rows.push(await measure('PostgreSQL 15 (server)', database.url));
} finally {
  await database.drop();
}
console.log(
  '| database | ERA | upload and take in (ms) | server RSS MB: before → peak | requests meanwhile | their wait p50 / max (ms) |',
);
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
