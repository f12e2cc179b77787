import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../dev-server/db/pglite-database.ts';
import { migrate } from '../../dev-server/db/migrate.ts';
import { seedAccess } from '../../dev-server/db/seed.ts';
import { callServer, exited, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { bulkClaimsForEra } from '../helpers/era-claims.ts';
import { generateOnePayment } from '../../bench/era-dataset.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'era-crash-'));
const ADMIN = { email: 'era@crash.test', password: 'Cr4sh!Era#2026' };
const ERA = generateOnePayment(2000);
let server: ServerProcess;
let w: ClaimWorld;
let lines: number;
const start = () => startServerProcess({ dataDir, admin: ADMIN });

beforeAll(async () => {
  // The claims the ERA pays, written before the server holds the database.
  const db = await openPglite(join(dataDir, 'pglite'));
  await migrate(db);
  await seedAccess(db);
  w = await claimWorld(db);
  lines = await bulkClaimsForEra(db, w, ERA);
  await db.close();
  server = await start();
});
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an ERA and a crash', () => {
  it('a server killed while posting an ERA posts it exactly once after restart', async () => {
    let token = (await callServer(server.base, null, 'POST', '/auth/login', ADMIN)).body.access_token;
    const form = new FormData();
    form.append('file', new Blob([ERA]), 'big.835');
    expect(
      (await callServer(server.base, token, 'POST', `/files?kind=era&billing_company_id=${w.bc}`, form)).status,
    ).toBe(201);
    expect(
      (await callServer(server.base, token, 'POST', '/payments/eras/sync', { billing_company_id: w.bc })).status,
    ).toBe(200);
    const era = (await callServer(server.base, token, 'GET', '/payments/eras/get-all-server')).body.data[0];
    const job = await callServer(server.base, token, 'POST', '/payments/eras/process', { id: era.id });
    expect(job.status, JSON.stringify(job.body)).toBe(200);
    // The posting has begun (its first step is reported): then the process dies without warning.
    await server.waitFor((e) => e.msg === 'job progress' && e.job_id === job.body.id && e.kind === 'era-post');
    server.child.kill('SIGKILL');
    await exited(server.child);

    server = await start();
    await server.waitFor((e) => e.msg === 'job completed' && e.job_id === job.body.id);
    token = (await callServer(server.base, null, 'POST', '/auth/login', ADMIN)).body.access_token;
    const done = await callServer(server.base, token, 'GET', `/jobs/${job.body.id}`);
    expect(done.body).toMatchObject({ state: 'completed', attempts: 2 });
    const posted = await callServer(
      server.base,
      token,
      'GET',
      `/payments/service/get-all-server?era_file_id=${era.id}&itemsPerPage=1`,
    );
    expect(posted.body.count).toBe(lines);
    const batches = await callServer(server.base, token, 'GET', `/payments/batch/get-all-server?era_file_id=${era.id}`);
    expect(batches.body.count).toBe(1);
    const rec = await callServer(server.base, token, 'GET', `/payments/eras/${era.id}/reconciliation`);
    expect(rec.body).toMatchObject({ difference: 0, balanced: true });
  });
});
