import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
const responses: string[] = [];
const logged: string[] = [];
const SSN = '612-34-5678';
const NEW_PASSWORD = 'Fresh!Pass9';
let resetToken = '';

/**
 * One pass over the identity flows that handle secrets, keeping every response body and every line
 * the server logs; the tests then look for the secrets in all of it.
 */
beforeAll(async () => {
  for (const level of ['log', 'error', 'warn', 'info'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
  }
  app = await startTestApp();
  const bc = await app.createBillingCompany('Secrets BC', 'SEC');
  await app.createUser({ email: 'bm@secrets.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  const call = async (token: string | null, method: string, path: string, body?: unknown) => {
    const r = await app.as(token)(method, path, body);
    responses.push(JSON.stringify(r.body));
    return r;
  };
  const bm = (await call(null, 'POST', '/auth/login', { email: 'bm@secrets.test', password: PASSWORD })).body
    .access_token;
  const biller = (await app.db.query<{ id: number }>("select id from roles where slug = 'biller'")).rows[0].id;
  const created = await call(bm, 'POST', '/user', {
    first_name: 'Sam',
    last_name: 'Lee',
    email: 'sam@secrets.test',
    ssn: SSN,
    date_of_birth: '01/02/1980',
    roles: [biller],
  });
  await call(bm, 'GET', `/user/${created.body.id}`);
  await call(bm, 'GET', '/user/get-all-server');
  await call(bm, 'GET', '/user/get-list');
  await call(bm, 'GET', `/user/${SSN}/get-by-ssn`);
  await call(bm, 'PUT', `/user/${created.body.id}`, { ssn: SSN, job_role: 'Biller' });
  await call(bm, 'PATCH', `/audit-all-by-entity/user/${created.body.id}`);
  await call(null, 'POST', '/auth/login', { email: 'bm@secrets.test', password: 'Wrong!pass1' });
  await call(null, 'POST', '/auth/forgot-password', { email: 'sam@secrets.test' });
  const mail = (
    await app.db.query<{ body: string }>(
      "select body from mail_outbox where recipient = 'sam@secrets.test' and kind = 'password-reset'",
    )
  ).rows[0].body;
  resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail)![1];
  await call(null, 'POST', '/auth/reset-password', {
    token: resetToken,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });
  const sam = (await call(null, 'POST', '/auth/login', { email: 'sam@secrets.test', password: NEW_PASSWORD })).body
    .access_token;
  await call(sam, 'POST', '/user/update-password', {
    current_password: NEW_PASSWORD,
    password: 'Other!Pass7',
    password_confirmation: 'Other!Pass7',
  });
  await call(sam, 'GET', '/auth/me');
  await call(sam, 'GET', '/user/profile');
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app.close();
});

const audits = async () =>
  (
    await app.db.query<{ t: string }>(
      "select coalesce(string_agg(row_to_json(a)::text, E'\\n'), '') as t from audits a",
    )
  ).rows[0].t;
const everything = async () => [...responses, ...logged, await audits()].join('\n');

describe('nothing secret leaves the server', () => {
  it('no response, log line or audit row holds a password hash', async () => {
    expect(await everything()).not.toMatch(/scrypt\$|password_hash/);
  });

  it('no response, log line or audit row holds a password as typed', async () => {
    const all = await everything();
    for (const p of [PASSWORD, NEW_PASSWORD, 'Other!Pass7', 'Wrong!pass1']) expect(all).not.toContain(p);
  });

  it('no response, log line or audit row holds the full SSN', async () => {
    expect(await everything()).not.toMatch(/612-?34-?5678/);
  });

  it('no response, log line or audit row holds the reset token', async () => {
    expect(resetToken.length).toBeGreaterThan(30);
    expect(await everything()).not.toContain(resetToken);
  });

  it('the SSN lookup key is never answered', async () => {
    expect(responses.join('\n')).not.toContain('ssn_hash');
  });
});
