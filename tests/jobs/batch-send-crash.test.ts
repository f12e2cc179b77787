import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../dev-server/db/pglite-database.ts';
import { migrate } from '../../dev-server/db/migrate.ts';
import { seedAccess } from '../../dev-server/db/seed.ts';
import { callServer, exited, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { availityFolderAccount, claimWorld, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import type { Api } from '../helpers/test-app.ts';

/**
 * A batch killed while it is sent goes out once: the server process is killed (SIGKILL, as a power
 * cut would) at each step of a send, restarted, and left to finish by itself. Found by an attack run:
 * a second 837 with the same claims after Send again, and jobs "running" for ever.
 */
const STEPS = ['after-prepare', 'before-put', 'after-put', 'after-submitted'] as const;
const dataDir = mkdtempSync(join(tmpdir(), 'send-crash-'));
const exchangeDir = mkdtempSync(join(tmpdir(), 'send-crash-exchange-'));
const ADMIN = { email: 'send@crash.test', password: 'Cr4sh!Send#2026' };
let server: ServerProcess;
let w: ClaimWorld;
const batches: number[] = [];
const jobs: number[] = [];

const start = (crashAt?: string) =>
  startServerProcess({
    dataDir,
    admin: ADMIN,
    env: { EXCHANGE_DIR: exchangeDir, ...(crashAt ? { CRASH_AT: crashAt } : {}) },
  });
const token = async () =>
  (await callServer(server.base, null, 'POST', '/auth/login', ADMIN)).body.access_token as string;
const api = async (): Promise<Api> => {
  const t = await token();
  return async (method, path, body) => ({
    ...(await callServer(server.base, t, method, path, body)),
    headers: new Headers(),
  });
};

beforeAll(async () => {
  const db = await openPglite(join(dataDir, 'pglite'));
  await migrate(db);
  await seedAccess(db);
  w = await claimWorld(db);
  await db.close();
  server = await start();
  const root = await api();
  const account = await availityFolderAccount(root, w);
  const claims = await readyClaims(root, w, STEPS.length);
  for (const [i, claim] of claims.entries()) {
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: `Crash ${STEPS[i]}`,
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: [claim],
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    batches.push(b.body.id);
  }
  server.child.kill('SIGTERM');
  await exited(server.child);
});
afterAll(async () => {
  if (server && server.child.exitCode === null && !server.child.signalCode) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(exchangeDir, { recursive: true, force: true });
});

describe('a batch send killed at each step', () => {
  it('resumes after the restart: one 837 per batch in the outbound folder, every batch and claim Submitted, every job completed', async () => {
    for (const [i, step] of STEPS.entries()) {
      // This start resumes the send the last one was killed in, and will itself be killed in the next batch's send.
      server = await start(`batch-send:${step}:${batches[i]}`);
      if (i > 0) await server.waitFor((e) => e.msg === 'job completed' && e.job_id === jobs[i - 1]);
      const queued = await (await api())('POST', '/jobs/batch-send', { batch_id: batches[i] });
      expect(queued.status, JSON.stringify(queued.body)).toBe(202);
      jobs.push(queued.body.id);
      await exited(server.child);
      expect(server.child.signalCode).toBe('SIGKILL');
    }
    server = await start();
    await server.waitFor((e) => e.msg === 'job completed' && e.job_id === jobs.at(-1));

    const root = await api();
    const sent = readdirSync(join(exchangeDir, String(w.bc), 'out')).filter((f) => !f.startsWith('.'));
    const listed = (await root('GET', `/claim/batch/get-all-server?ids=${batches.join(',')}&itemsPerPage=10`)).body
      .data as Array<{
      id: number;
      status_id: number;
      control_number: number;
      send_state: string | null;
      claim_ids: number[];
    }>;
    expect(listed.map((b) => [b.status_id, b.send_state ?? null])).toEqual(STEPS.map(() => [2, null]));
    // Exactly one file per batch, and each file is the batch's own interchange (its control number in ISA13).
    expect(sent).toHaveLength(STEPS.length);
    const controls = sent.map((f) =>
      Number(readFileSync(join(exchangeDir, String(w.bc), 'out', f), 'latin1').split('*')[13]),
    );
    expect(controls.sort()).toEqual(listed.map((b) => b.control_number).sort());
    for (const b of listed) {
      const claim = (await root('GET', `/claim/${b.claim_ids[0]}`)).body;
      expect(claim.status.id ?? claim.status_id, `claim of batch ${b.id}`).toBe(3);
      const log = (await root('GET', `/claim/batch/${b.id}/exchanges`)).body as Array<{
        direction: string;
        result: string;
      }>;
      expect(
        log.filter((e) => e.result === 'sent'),
        `batch ${b.id}`,
      ).toHaveLength(1);
    }
    for (const id of jobs)
      expect((await root('GET', `/jobs/${id}`)).body).toMatchObject({ state: 'completed', attempts: 2 });
    // Six server processes started in turn, each opening the same embedded database: more than the default minute on a loaded machine.
  }, 240_000);
});
