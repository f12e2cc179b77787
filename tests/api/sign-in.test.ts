import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN } from '../../dev-server/auth/sign-in.ts';
import { addressBackoffS } from '../../dev-server/auth/sign-in-throttle.ts';
import { PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let adminToken: string;
let n = 0;
beforeAll(async () => {
  // The tests name the client's address as a proxy on this machine would (X-Forwarded-For from loopback).
  app = await startTestApp({ trustProxy: 'loopback' });
  await app.createUser({ email: 'admin@signin.test', roles: ['superuser'] });
  adminToken = await app.login('admin@signin.test');
});
afterAll(() => app.close());

/** A fresh user per test, so counters and devices never leak between rules. */
async function freshUser(roles = ['biller']) {
  const email = `user${++n}@signin.test`;
  const bc = await app.createBillingCompany(`Sign-in BC ${n}`, `S${n}`);
  const id = await app.createUser({ email, roles, billingCompanyIds: [bc] });
  return { email, id, bc };
}
const login = (email: string, password: string, headers: Record<string, string> = {}, extra: object = {}) =>
  app.as(null)('POST', '/auth/login', { email, password, ...extra }, headers);
const lastMail = async (email: string) =>
  (
    await app.db.query<{ subject: string; body: string; kind: string }>(
      'select subject, body, kind from mail_outbox where recipient = $1 order by id desc limit 1',
      [email],
    )
  ).rows[0];
const codeIn = (body: string) => /Code: ([A-Z0-9]{6})/.exec(body)![1];

describe('lockout after failed sign-ins', () => {
  it('the first two wrong passwords answer 401 Bad Credentials', async () => {
    const u = await freshUser();
    for (let i = 0; i < 2; i++) expect((await login(u.email, 'Wrong!1x')).body.message).toBe(SIGN_IN.bad);
  });

  it('the third consecutive wrong password answers 429 with the warning', async () => {
    const u = await freshUser();
    await login(u.email, 'Wrong!1x');
    await login(u.email, 'Wrong!1x');
    const r = await login(u.email, 'Wrong!1x');
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(SIGN_IN.warning);
  });

  it('a fourth wrong password blocks the user, and then even the right password is refused', async () => {
    const u = await freshUser();
    for (let i = 0; i < 3; i++) await login(u.email, 'Wrong!1x');
    const blocked = await login(u.email, 'Wrong!1x');
    expect(blocked.status).toBe(401);
    expect(blocked.body.message).toBe(SIGN_IN.blocked);
    const right = await login(u.email, PASSWORD);
    expect(right.status).toBe(401);
    expect(right.body.message).toBe(SIGN_IN.blocked);
  });

  it('a successful sign-in resets the count of failures', async () => {
    const u = await freshUser();
    await login(u.email, 'Wrong!1x');
    await login(u.email, 'Wrong!1x');
    expect((await login(u.email, PASSWORD)).status).toBe(200);
    await login(u.email, 'Wrong!1x');
    expect((await login(u.email, 'Wrong!1x')).status).toBe(401);
  });

  it('a user with user.unlock can unlock a blocked user', async () => {
    const u = await freshUser();
    for (let i = 0; i < 4; i++) await login(u.email, 'Wrong!1x');
    const shown = await app.as(adminToken)('GET', `/user/${u.id}`);
    expect(shown.body.is_blocked).toBe(true);
    const r = await app.as(adminToken)('PATCH', `/user/${u.id}/unlock`);
    expect(r.status).toBe(200);
    expect((await login(u.email, PASSWORD)).status).toBe(200);
  });

  it('a user without user.unlock cannot unlock', async () => {
    const u = await freshUser();
    const biller = await freshUser(['biller']);
    const token = await app.login(biller.email);
    expect((await app.as(token)('PATCH', `/user/${u.id}/unlock`)).status).toBe(403);
  });

  it('a block ends by itself after 24 hours', async () => {
    const u = await freshUser();
    for (let i = 0; i < 4; i++) await login(u.email, 'Wrong!1x');
    await app.db.query("update sign_in_throttles set blocked_until = now() - interval '1 second' where email = $1", [
      u.email,
    ]);
    expect((await login(u.email, PASSWORD)).status).toBe(200);
  });

  it('the block lasts 24 hours from the blocking failure', async () => {
    const u = await freshUser();
    for (let i = 0; i < 4; i++) await login(u.email, 'Wrong!1x');
    const r = await app.db.query<{ hours: number }>(
      'select round(extract(epoch from blocked_until - now()) / 3600) as hours from sign_in_throttles where email = $1',
      [u.email],
    );
    expect(Number(r.rows[0].hours)).toBe(24);
  });
});

describe('who may sign in', () => {
  it('an inactive user gets the inactive message', async () => {
    const u = await freshUser();
    await app.as(adminToken)('PATCH', `/user/${u.id}/change-status`, { status: false });
    const r = await login(u.email, PASSWORD);
    expect(r.status).toBe(401);
    expect(r.body.message).toBe(SIGN_IN.inactive);
  });

  it('an unknown e-mail gets the same Bad Credentials as a wrong password', async () => {
    const r = await login('nobody@signin.test', PASSWORD);
    expect(r.status).toBe(401);
    expect(r.body.message).toBe(SIGN_IN.bad);
  });
});

describe('new devices', () => {
  const otherBrowser = { 'user-agent': 'Mozilla/5.0 (Other Device)' };

  it('a sign-in from a device not used before answers 403 and mails a 6-character code', async () => {
    const u = await freshUser();
    expect((await login(u.email, PASSWORD)).status).toBe(200);
    const r = await login(u.email, PASSWORD, otherBrowser);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(SIGN_IN.newDevice);
    expect(codeIn((await lastMail(u.email)).body)).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('with no mail server, an account at a .test address (as the demo accounts) is told its code on the screen; any other is not', async () => {
    const u = await freshUser();
    await login(u.email, PASSWORD);
    const r = await login(u.email, PASSWORD, otherBrowser);
    expect(r.body.demo_code).toBe(codeIn((await lastMail(u.email)).body));
    expect((await login(u.email, PASSWORD, otherBrowser, { code: r.body.demo_code })).status).toBe(200);
    const real = `clinic${++n}@example.com`;
    await app.createUser({ email: real, roles: ['biller'], billingCompanyIds: [u.bc] });
    await login(real, PASSWORD);
    const mailed = await login(real, PASSWORD, otherBrowser);
    expect(mailed.status).toBe(403);
    expect(mailed.body.new_device).toBe(true);
    expect(mailed.body).not.toHaveProperty('demo_code');
  });

  it('the mailed code lets the new device in, and the device is known afterwards', async () => {
    const u = await freshUser();
    await login(u.email, PASSWORD);
    await login(u.email, PASSWORD, otherBrowser);
    const code = codeIn((await lastMail(u.email)).body);
    const r = await login(u.email, PASSWORD, otherBrowser, { code });
    expect(r.status).toBe(200);
    expect((await login(u.email, PASSWORD, otherBrowser)).status).toBe(200);
  });

  it('a wrong code has its own message', async () => {
    const u = await freshUser();
    await login(u.email, PASSWORD);
    await login(u.email, PASSWORD, otherBrowser);
    const r = await login(u.email, PASSWORD, otherBrowser, { code: 'ZZZZZZ' });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(SIGN_IN.wrongCode);
  });

  it('a code older than 5 minutes has expired', async () => {
    const u = await freshUser();
    await login(u.email, PASSWORD);
    await login(u.email, PASSWORD, otherBrowser);
    const code = codeIn((await lastMail(u.email)).body);
    await app.db.query("update device_codes set expires_at = now() - interval '1 minute' where user_id = $1", [u.id]);
    const r = await login(u.email, PASSWORD, otherBrowser, { code });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(SIGN_IN.expiredCode);
  });

  it('codes are issued valid for 5 minutes', async () => {
    const u = await freshUser();
    await login(u.email, PASSWORD);
    await login(u.email, PASSWORD, otherBrowser);
    const r = await app.db.query<{ s: number }>(
      'select round(extract(epoch from expires_at - created_at)) as s from device_codes where user_id = $1',
      [u.id],
    );
    expect(Number(r.rows[0].s)).toBe(300);
  });

  it('send-email-code sends a new code that replaces the old one', async () => {
    const u = await freshUser();
    await login(u.email, PASSWORD);
    await login(u.email, PASSWORD, otherBrowser);
    const first = codeIn((await lastMail(u.email)).body);
    const r = await app.as(null)('POST', '/auth/send-email-code', { email: u.email });
    expect(r.status).toBe(200);
    const second = codeIn((await lastMail(u.email)).body);
    const old = await login(u.email, PASSWORD, otherBrowser, { code: first });
    if (first !== second) expect(old.body.message).toBe(SIGN_IN.wrongCode);
    expect((await login(u.email, PASSWORD, otherBrowser, { code: second })).status).toBe(200);
  });

  it('send-email-code answers the same for an unknown e-mail', async () => {
    const r = await app.as(null)('POST', '/auth/send-email-code', { email: 'ghost@signin.test' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(SIGN_IN.codeSent);
  });

  it('after five wrong codes the code is spent and a new one must be sent', async () => {
    const u = await freshUser();
    await login(u.email, PASSWORD);
    await login(u.email, PASSWORD, otherBrowser);
    const code = codeIn((await lastMail(u.email)).body);
    for (let i = 0; i < 5; i++) await login(u.email, PASSWORD, otherBrowser, { code: 'ZZZZZZ' });
    expect((await login(u.email, PASSWORD, otherBrowser, { code })).body.message).toBe(SIGN_IN.expiredCode);
  });

  it('the device token from a sign-in is recognised from another browser and address', async () => {
    const u = await freshUser();
    const first = await login(u.email, PASSWORD);
    const r = await login(
      u.email,
      PASSWORD,
      { ...otherBrowser, 'x-forwarded-for': '198.51.100.7' },
      { device_token: first.body.device_token },
    );
    expect(r.status).toBe(200);
  });

  it('codes are stored hashed, never as typed', async () => {
    const u = await freshUser();
    await login(u.email, PASSWORD);
    await login(u.email, PASSWORD, otherBrowser);
    const code = codeIn((await lastMail(u.email)).body);
    const stored = await app.db.query<{ code_hash: string }>('select code_hash from device_codes where user_id = $1', [
      u.id,
    ]);
    expect(stored.rows[0].code_hash).not.toContain(code);
    expect(stored.rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('throttling by account and address', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('an unknown e-mail gets the same warning and block as a known one, so the answers tell no account apart', async () => {
    const u = await freshUser();
    const answers = async (email: string) => {
      const out: Array<[number, string]> = [];
      for (let i = 0; i < 5; i++) {
        const r = await login(email, 'Wrong!1x', from('198.51.100.7'));
        out.push([r.status, r.body.message]);
      }
      return out;
    };
    expect(await answers('nobody-at-all@signin.test')).toEqual(await answers(u.email));
  });

  it('four wrong passwords block the account only from that address: its owner still signs in from theirs', async () => {
    const u = await freshUser();
    expect((await login(u.email, PASSWORD, from('203.0.113.5'))).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(u.email, 'Wrong!1x', from('198.51.100.66'));
    const attacker = await login(u.email, PASSWORD, from('198.51.100.66'));
    expect(attacker.body.message).toBe(SIGN_IN.blocked);
    expect((await login(u.email, PASSWORD, from('203.0.113.5'))).status).toBe(200);
  });

  /** Failures for `count` different e-mails from one address, as someone trying accounts would make them. */
  const spray = async (ip: string, count: number, from_ = 0) => {
    for (let i = from_; i < from_ + count; i++) await login(`spray${i}-${ip}@signin.test`, 'Wrong!1x', from(ip));
  };
  /** The address's failures as if they had happened `seconds` earlier: the back-off's clock, without waiting. */
  const age = (ip: string, seconds: number) =>
    app.db.query(
      `update sign_in_throttles set last_failure_at = last_failure_at - make_interval(secs => $2) where ip = $1`,
      [ip, seconds],
    );

  it('failing for many different e-mails from one address makes it wait, with a truthful Retry-After', async () => {
    await spray('192.0.2.99', 20);
    const refused = await login('spray-next@signin.test', 'Wrong!1x', from('192.0.2.99'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SIGN_IN.addressLimited);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(14);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15);
    // A person at another address is not affected.
    const u = await freshUser();
    expect((await login(u.email, PASSWORD, from('192.0.2.100'))).status).toBe(200);
  });

  it("the address's wait doubles with each further e-mail that fails from it, up to 15 minutes", async () => {
    await spray('192.0.2.98', 20);
    await age('192.0.2.98', 16);
    expect((await login('spray-21@signin.test', 'Wrong!1x', from('192.0.2.98'))).status).toBe(401);
    expect(Number((await login('x@signin.test', 'Wrong!1x', from('192.0.2.98'))).headers.get('retry-after'))).toBe(30);
    expect([19, 20, 21, 22, 25, 26, 1000].map(addressBackoffS)).toEqual([0, 15, 30, 60, 480, 900, 900]);
  });

  it('behind an address that is waiting, a person signs in from a device their account knows', async () => {
    const u = await freshUser();
    const first = await login(u.email, PASSWORD, from('192.0.2.97'));
    expect(first.status).toBe(200);
    await spray('192.0.2.97', 20);
    const known = await login(u.email, PASSWORD, from('192.0.2.97'), { device_token: first.body.device_token });
    expect(known.status).toBe(200);
    // The same browser without its token is anyone behind that address: it waits.
    expect((await login(u.email, PASSWORD, from('192.0.2.97'))).status).toBe(429);
    // A token that is not this account's buys nothing.
    const other = await freshUser();
    const othersToken = (await login(other.email, PASSWORD, from('203.0.113.9'))).body.device_token;
    expect((await login(u.email, PASSWORD, from('192.0.2.97'), { device_token: othersToken })).status).toBe(429);
  });

  it("the owner lifts a block without anyone's help, through the password link", async () => {
    const u = await freshUser();
    for (let i = 0; i < 4; i++) await login(u.email, 'Wrong!1x');
    expect((await login(u.email, PASSWORD)).body.message).toBe(SIGN_IN.blocked);
    await app.as(null)('POST', '/auth/forgot-password', { email: u.email });
    const token = /token=([\w-]+)/.exec((await lastMail(u.email)).body)![1];
    expect(
      (
        await app.as(null)('POST', '/auth/reset-password', {
          token,
          password: 'N3w!Passw0rd',
          password_confirmation: 'N3w!Passw0rd',
        })
      ).status,
    ).toBe(200);
    expect((await login(u.email, 'N3w!Passw0rd')).status).toBe(200);
  });
});
