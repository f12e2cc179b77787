import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer, exited, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const ICD = join(ROOT, 'seed/codes/icd10cm_order_2026.txt.gz');
const dataDir = mkdtempSync(join(tmpdir(), 'job-resume-'));
const ADMIN = { email: 'jobs@resume.test', password: 'Res1me!Jobs#2026' };

const startServer = () => startServerProcess({ dataDir, admin: ADMIN });
const call = (token: string | null, method: string, path: string, body?: unknown) =>
  callServer(server.base, token, method, path, body);

let server: ServerProcess;
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a background job and a crash', () => {
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    token = (await call(null, 'POST', '/auth/login', ADMIN)).body.access_token;
  });

  it('a job killed mid-run with its process is resumed after restart, and its effect appears exactly once', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(readFileSync(ICD))]), 'icd10cm_order_2026.txt.gz');
    const file = await call(token, 'POST', '/files?kind=code-set', form);
    expect(file.status).toBe(201);
    const started = await call(token, 'POST', '/jobs/code-set-import', { file_id: file.body.id, code_set: 'icd10cm' });
    expect(started.status).toBe(202);
    const jobId = started.body.id;

    // The first batches are committed (the job says so), not all of them: then the process dies without warning.
    const midway = await server.waitFor(
      (e) => e.msg === 'job progress' && e.job_id === jobId && Number(e.done) >= 2000,
    );
    expect(Number(midway.done)).toBeLessThan(74_719);
    server.child.kill('SIGKILL');
    await exited(server.child);

    server = await startServer();
    await server.waitFor((e) => e.msg === 'job completed' && e.job_id === jobId);
    token = (await call(null, 'POST', '/auth/login', ADMIN)).body.access_token;
    const done = await call(token, 'GET', `/jobs/${jobId}`);
    expect(done.body).toMatchObject({ state: 'completed', attempts: 2, done: 74_719, total: 74_719, percent: 100 });
    expect(done.body.result.resumed_from).toBeGreaterThanOrEqual(2000);
    // The second run did only what the first had not committed.
    expect(done.body.result.resumed_from + done.body.result.batches_this_run * 1000).toBeGreaterThanOrEqual(74_719);
    expect(done.body.result.resumed_from + (done.body.result.batches_this_run - 1) * 1000).toBeLessThan(74_719);
    const search = await call(token, 'GET', '/diagnosis/get-all-server?itemsPerPage=1');
    expect(search.body.count).toBe(74_719);
    // Two server starts and an import of 74,719 codes: minutes, not the default minute, on a loaded machine.
  }, 240_000);
});
