import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const ICD = join(ROOT, 'seed/codes/icd10cm_order_2026.txt.gz');
const dataDir = mkdtempSync(join(tmpdir(), 'job-resume-'));
const port = 20000 + (process.pid % 20000);
const base = `http://127.0.0.1:${port}/api/v1`;
const ADMIN = { email: 'jobs@resume.test', password: 'Res1me!Jobs#2026' };

/** The product as a user starts it (npm start's server), on its own embedded database. */
function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev-server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), CODE_SETS: '0', DEMO_DATA: '0', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => { out += d.toString(); if (out.includes('Listening on')) resolve(child); };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => { if (child.exitCode !== null || child.signalCode) resolve(); else child.on('exit', () => resolve()); });

async function call(token: string | null, method: string, path: string, body?: unknown) {
  const init: RequestInit = { method, headers: token ? { authorization: `Bearer ${token}` } : {} };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) { init.body = JSON.stringify(body); (init.headers as Record<string, string>)['content-type'] = 'application/json'; }
  const r = await fetch(base + path, init);
  return { status: r.status, body: await r.json() };
}

/** Asks until the answer satisfies the wish: the test waits for the event, not for a fixed time. */
async function until<T>(ask: () => Promise<T>, wish: (v: T) => boolean, limit = 2000): Promise<T> {
  for (let i = 0; i < limit; i++) {
    const v = await ask();
    if (wish(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the awaited state never came');
}

let server: ChildProcess;
afterAll(async () => {
  if (server && server.exitCode === null) { server.kill('SIGTERM'); await exited(server); }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a background job and a crash', () => {
  let token: string;
  let jobId: number;
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
    jobId = started.body.id;

    // Part of the work is committed, not all of it: then the process dies without warning.
    const midway = await until(() => call(token, 'GET', `/jobs/${jobId}`), (r) => r.body.done > 0 || r.body.state === 'completed');
    expect(midway.body.state).toBe('running');
    expect(midway.body.done).toBeLessThan(74_719);
    server.kill('SIGKILL');
    await exited(server);

    server = await startServer();
    token = (await call(null, 'POST', '/auth/login', ADMIN)).body.access_token;
    const done = await until(() => call(token, 'GET', `/jobs/${jobId}`), (r) => r.body.state === 'completed' || r.body.state === 'failed', 100_000);
    expect(done.body).toMatchObject({ state: 'completed', attempts: 2, done: 74_719, total: 74_719, percent: 100 });
    expect(done.body.result.resumed_from).toBeGreaterThan(0);
    // The second run did only what the first had not committed.
    expect(done.body.result.resumed_from + done.body.result.batches_this_run * 1000).toBeGreaterThanOrEqual(74_719);
    expect(done.body.result.resumed_from + (done.body.result.batches_this_run - 1) * 1000).toBeLessThan(74_719);
    const search = await call(token, 'GET', '/diagnosis/get-all-server?itemsPerPage=1');
    expect(search.body.count).toBe(74_719);
  });
});
