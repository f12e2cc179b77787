import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY } from '../../dev-server/auth/recovery-router.ts';
import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE } from '../../src/domain/password-policy.ts';
import { PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let n = 0;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const NEW_PASSWORD = 'N3w!Secret';
async function freshUser() {
  const email = `person${++n}@recovery.test`;
  const id = await app.createUser({ email, roles: ['superuser'] });
  await app.db.query("update users set ssn_last4 = '6789' where id = $1", [id]);
  return { email, id };
}
const anon = () => app.as(null);
const mails = async (email: string) =>
  (
    await app.db.query<{ subject: string; body: string; kind: string }>(
      'select subject, body, kind from mail_outbox where recipient = $1 order by id',
      [email],
    )
  ).rows;
async function resetToken(email: string) {
  await anon()('POST', '/auth/forgot-password', { email });
  const all = await mails(email);
  return /token=([A-Za-z0-9_-]+)/.exec(all[all.length - 1].body)![1];
}

describe('forgot password', () => {
  it('answers the same whether or not the e-mail has an account', async () => {
    const u = await freshUser();
    const known = await anon()('POST', '/auth/forgot-password', { email: u.email });
    const unknown = await anon()('POST', '/auth/forgot-password', { email: 'nobody@recovery.test' });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
    expect(await mails('nobody@recovery.test')).toEqual([]);
  });

  it('mails a link to the set-new-password screen', async () => {
    const u = await freshUser();
    await anon()('POST', '/auth/forgot-password', { email: u.email });
    const [m] = await mails(u.email);
    expect(m.kind).toBe('password-reset');
    expect(m.body).toMatch(/\/#\/newCredentials\?token=[A-Za-z0-9_-]{40,}/);
  });

  it('a new password that breaks the policy is refused with the rule', async () => {
    const u = await freshUser();
    const token = await resetToken(u.email);
    for (const weak of ['Sh0rt!a', 'alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12']) {
      const r = await anon()('POST', '/auth/reset-password', { token, password: weak, password_confirmation: weak });
      expect(r.status, weak).toBe(422);
      expect(r.body.errors.password).toEqual([PASSWORD_RULE_MESSAGE]);
    }
  });

  it('both entries must match', async () => {
    const u = await freshUser();
    const token = await resetToken(u.email);
    const r = await anon()('POST', '/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: `${NEW_PASSWORD}x`,
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.password_confirmation).toEqual([PASSWORD_MISMATCH_MESSAGE]);
  });

  it('the link sets the new password, and the old one stops working', async () => {
    const u = await freshUser();
    const token = await resetToken(u.email);
    const r = await anon()('POST', '/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(r.status).toBe(200);
    expect((await anon()('POST', '/auth/login', { email: u.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await anon()('POST', '/auth/login', { email: u.email, password: PASSWORD })).status).toBe(401);
  });

  it('a reset ends the sessions that were open', async () => {
    const u = await freshUser();
    const old = await app.login(u.email);
    const token = await resetToken(u.email);
    await anon()('POST', '/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect((await app.as(old)('GET', '/diagnosis')).status).toBe(401);
  });

  it('a link works once', async () => {
    const u = await freshUser();
    const token = await resetToken(u.email);
    await anon()('POST', '/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    const again = await anon()('POST', '/auth/reset-password', {
      token,
      password: 'An0ther!Pass',
      password_confirmation: 'An0ther!Pass',
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(RECOVERY.invalidToken);
  });

  it('a link past its time has expired', async () => {
    const u = await freshUser();
    const token = await resetToken(u.email);
    await app.db.query("update password_resets set expires_at = now() - interval '1 second' where user_id = $1", [
      u.id,
    ]);
    const r = await anon()('POST', '/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(RECOVERY.expiredToken);
  });

  it('the reset token is stored only as a hash and is written to no audit row', async () => {
    const u = await freshUser();
    const token = await resetToken(u.email);
    await anon()('POST', '/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    const stored = await app.db.query<{ token_hash: string }>(
      'select token_hash from password_resets where user_id = $1',
      [u.id],
    );
    expect(stored.rows[0].token_hash).not.toBe(token);
    const audits = await app.db.query<{ t: string }>('select row_to_json(a)::text as t from audits a');
    expect(audits.rows.map((r) => r.t).join('\n')).not.toContain(token);
  });

  it('a reset lifts a block', async () => {
    const u = await freshUser();
    for (let i = 0; i < 4; i++) await anon()('POST', '/auth/login', { email: u.email, password: 'Wrong!1x' });
    const token = await resetToken(u.email);
    await anon()('POST', '/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect((await anon()('POST', '/auth/login', { email: u.email, password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('forgot user', () => {
  it('mails the user name when the e-mail and the last 4 of the SSN match', async () => {
    const u = await freshUser();
    const r = await anon()('POST', '/auth/forgot-user', { email: u.email, ssn_last4: '6789' });
    expect(r.status).toBe(200);
    const [m] = await mails(u.email);
    expect(m.kind).toBe('user-reminder');
    expect(m.body).toContain(u.email);
  });

  it('answers the same when nothing matches, and mails nothing', async () => {
    const u = await freshUser();
    const match = await anon()('POST', '/auth/forgot-user', { email: u.email, ssn_last4: '6789' });
    const wrong = await anon()('POST', '/auth/forgot-user', { email: u.email, ssn_last4: '1111' });
    expect(wrong.body).toEqual(match.body);
    expect((await mails(u.email)).length).toBe(1);
  });

  it('asks for exactly 4 digits', async () => {
    const r = await anon()('POST', '/auth/forgot-user', { email: 'a@b.co', ssn_last4: '12a4' });
    expect(r.status).toBe(422);
    expect(r.body.errors.ssn_last4).toBeDefined();
  });
});
