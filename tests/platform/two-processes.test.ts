import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../dev-server/security/passwords.ts';
import { callServer, exited, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';

/**
 * Two server processes on one PostgreSQL database, as an office runs them behind a load balancer: what one process
 * knows (a session, a count toward a limit, a job, a message) the other knows too.
 */
const ADMIN = { email: 'two@processes.test', password: 'Tw0!Processes#2026' };
const BILLER = { email: 'biller@processes.test', password: 'B1ller!Processes#26' };
const RATE_LIMIT = 40;

let database: { url: string; drop(): Promise<void> };
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let billingCompanyId: number;
let billerId: number;

const start = () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'two-processes-'));
  dataDirs.push(dataDir);
  return startServerProcess({
    dataDir,
    admin: ADMIN,
    env: {
      DATABASE_URL: database.url,
      RATE_LIMIT_MAX: String(RATE_LIMIT),
      RATE_LIMIT_WINDOW_MS: '600000',
      LIMIT_RECOVERY: '4/3600',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'info',
    },
  });
};
// A process that ended under the test says why: its own output, not only the refused connection.
const call = (s: ServerProcess, token: string | null, method: string, path: string, body?: unknown) =>
  callServer(s.base, token, method, path, body).catch((e: Error) => {
    const ended = s.child.exitCode !== null || s.child.signalCode !== null;
    throw ended
      ? new Error(`the server process ended (${s.child.exitCode ?? s.child.signalCode}):\n${s.output().slice(-4000)}`)
      : e;
  });
const signIn = async (s: ServerProcess, who: { email: string; password: string }) =>
  (await call(s, null, 'POST', '/auth/login', who)).body.access_token as string;

beforeAll(async () => {
  database = await createPostgresDatabase();
  // Started together: they migrate the empty database once between them.
  [a, b] = await Promise.all([start(), start()]);
  servers.push(a, b);
  // A biller of a billing company, to write to through Messenger.
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  const bc = (billingCompanyId = (
    await c.query(`insert into billing_companies (name, abbreviation) values ('Two Co', 'TWO') returning id`)
  ).rows[0].id);
  const u = (billerId = (
    await c.query(`insert into users (email, password_hash) values ($1, $2) returning id`, [
      BILLER.email,
      await hashPassword(BILLER.password),
    ])
  ).rows[0].id);
  await c.query(`insert into user_roles (user_id, role_id) select $1, id from roles where slug = 'biller'`, [u]);
  await c.query(`insert into billing_company_users (billing_company_id, user_id) values ($1, $2)`, [bc, u]);
  await c.end();
}, 120_000);
afterAll(async () => {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await exited(s.child);
  }
  await database?.drop();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

describe('two server processes on one database', () => {
  it('a session begun on one process is good on the other, and ended on one it is ended on both', async () => {
    const token = await signIn(a, ADMIN);
    expect((await call(b, token, 'GET', '/auth/me')).body).toMatchObject({ user: { email: ADMIN.email } });
    expect((await call(b, token, 'GET', '/auth/logout')).status).toBe(200);
    expect((await call(a, token, 'GET', '/auth/me')).status).toBe(401);
  });

  it('account recoveries are counted across processes: the limit of 4 holds however they are spread', async () => {
    const statuses: number[] = [];
    for (const s of [a, b, a, b, a, b])
      statuses.push((await call(s, null, 'POST', '/auth/forgot-password', { email: 'nobody@processes.test' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await call(a, null, 'POST', '/auth/forgot-password', { email: 'nobody@processes.test' });
    expect(refused.body.message).toMatch(
      /^Too many account recovery requests from this address\. Try again in \d+ minutes\.$/,
    );
  });

  it('a job queued through one process is worked by either, and its result read through the other', async () => {
    const token = await signIn(a, ADMIN);
    const queued = await call(a, token, 'POST', '/reports/daily-insurance-aging/export-jobs', { format: 'csv' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const done = (e: Record<string, unknown>) => e.msg === 'job completed' && e.job_id === queued.body.id;
    await Promise.race([a.waitFor(done), b.waitFor(done)]);
    const job = await call(b, await signIn(b, ADMIN), 'GET', `/jobs/${queued.body.id}`);
    expect(job.body).toMatchObject({ state: 'completed', percent: 100 });
  });

  it('a message sent through one process reaches its reader listening on the other', async () => {
    const admin = await signIn(a, ADMIN);
    const biller = await signIn(b, BILLER);
    const stream = await fetch(`${b.base}/messenger/events`, { headers: { authorization: `Bearer ${biller}` } });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    const until = async (text: string) => {
      while (!seen.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${text}: ${seen}`);
        seen += value;
      }
    };
    try {
      await until('event: ready');
      const thread = await call(a, admin, 'POST', '/messenger/threads', {
        subject: 'Across processes',
        member_ids: [Number(billerId)],
        body: 'Sent on the first process',
        billing_company_id: Number(billingCompanyId),
      });
      expect(thread.status, JSON.stringify(thread.body)).toBe(201);
      await until('event: message');
      expect(seen).toContain(`"thread_id":${thread.body.id}`);
    } finally {
      await reader.cancel();
    }
  });
  it('the per-address request limit is one limit: however requests are spread, a window lets exactly its limit through', async () => {
    // Behind a proxy (TRUST_PROXY) this client names an address of its own: a window no other test has touched.
    const ask = (s: ServerProcess) =>
      fetch(`${s.base}/auth/check-token`, { headers: { 'x-forwarded-for': '198.51.100.40' } }).then((r) => r.status);
    const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => ask(i % 2 ? a : b)));
    let allowed = statuses.filter((s) => s !== 429).length;
    // A process may still hold part of a lease it took during the burst (on a loaded machine one process can lease
    // ahead of its own requests): those acts are its own to give. Each process is asked until it refuses; then the
    // window has let through exactly its limit, never more.
    for (const s of [a, b]) for (let i = 0; i < RATE_LIMIT && (await ask(s)) !== 429; i++) allowed++;
    expect(allowed).toBe(RATE_LIMIT);
    // The window is spent on both: neither process has anything left to give.
    expect([await ask(a), await ask(b)]).toEqual([429, 429]);
  });
});
