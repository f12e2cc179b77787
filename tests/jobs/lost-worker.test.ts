import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../dev-server/db/postgres-database.ts';
import { migrate } from '../../dev-server/db/migrate.ts';
import { seedAccess } from '../../dev-server/db/seed.ts';
import { callServer, exited, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { availityFolderAccount, claimWorld, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';
import type { Api } from '../helpers/test-app.ts';

/**
 * Two server processes on one PostgreSQL database; the one sending a batch is killed (SIGKILL) after the 837 went out.
 * The other sees at once that the run's process is gone and resumes it: found by an attack run, where the job showed
 * "running" for 15 minutes (pg-boss's expiry) before a second attempt finished it.
 */
const ADMIN = { email: 'lost@worker.test', password: 'L0st!Worker#2026' };
// One data directory for every process, as a deployment shares it: the stored files (the 837 written) and the key.
const dataDir = mkdtempSync(join(tmpdir(), 'lost-worker-'));
const exchangeDir = mkdtempSync(join(tmpdir(), 'lost-worker-exchange-'));
const servers: ServerProcess[] = [];
let database: { url: string; drop(): Promise<void> };
let w: ClaimWorld;
let batchId: number;

const start = () =>
  startServerProcess({
    dataDir,
    admin: ADMIN,
    // Whichever process takes the send first is killed once the file is out; the run that resumes it is not.
    env: { DATABASE_URL: database.url, EXCHANGE_DIR: exchangeDir, CRASH_AT: `batch-send:after-put:${batchId}` },
  });
const apiOn = async (s: ServerProcess): Promise<Api> => {
  const token = (await callServer(s.base, null, 'POST', '/auth/login', ADMIN)).body.access_token as string;
  return async (method, path, body) => ({
    ...(await callServer(s.base, token, method, path, body)),
    headers: new Headers(),
  });
};

beforeAll(async () => {
  database = await createPostgresDatabase();
  const db = openPostgres(database.url);
  await migrate(db);
  await seedAccess(db);
  w = await claimWorld(db);
  await db.close();
  // The batch is made through a first process, stopped before the two that send it start.
  batchId = 0;
  const maker = await start();
  servers.push(maker);
  const root = await apiOn(maker);
  const account = await availityFolderAccount(root, w);
  const [claim] = await readyClaims(root, w, 1);
  const batch = await root('POST', '/claim/batch', {
    billing_company_id: w.bc,
    name: 'Lost worker',
    company_id: w.company,
    transmission: 'E',
    clearing_house_account_id: account,
    claim_ids: [claim],
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  batchId = batch.body.id;
  maker.child.kill('SIGTERM');
  await exited(maker.child);
}, 120_000);
afterAll(async () => {
  for (const s of servers)
    if (s.child.exitCode === null && !s.child.signalCode) {
      s.child.kill('SIGTERM');
      await exited(s.child);
    }
  await database?.drop();
  for (const d of [dataDir, exchangeDir]) rmSync(d, { recursive: true, force: true });
});

describe('a job whose process is killed while another process lives', () => {
  it('is taken up by the live process at once and finishes: one 837, the batch Submitted, the job completed on its second attempt', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    servers.push(a, b);
    const queued = await (await apiOn(a))('POST', '/jobs/batch-send', { batch_id: batchId });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const killed = await Promise.race([exited(a.child).then(() => a), exited(b.child).then(() => b)]);
    expect(killed.child.signalCode).toBe('SIGKILL');
    const live = killed === a ? b : a;
    const resumed = await live.waitFor((e) => e.msg === 'jobs of a stopped process resumed');
    expect(resumed.jobs).toBe(1);
    await live.waitFor((e) => e.msg === 'job completed' && e.job_id === queued.body.id);

    const root = await apiOn(live);
    expect((await root('GET', `/jobs/${queued.body.id}`)).body).toMatchObject({
      state: 'completed',
      attempts: 2,
      error: null,
    });
    expect(readdirSync(join(exchangeDir, String(w.bc), 'out')).filter((f) => !f.startsWith('.'))).toHaveLength(1);
    expect((await root('GET', `/claim/batch/${batchId}`)).body).toMatchObject({ status_id: 2 });
  }, 120_000);
});
