import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN } from '../../dev-server/auth/sign-in.ts';
import { fromBase32, stepOf, totpAt } from '../../dev-server/security/totp.ts';
import { PASSWORD, startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let n = 0;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const login = (email: string, extra: object = {}) =>
  app.as(null)('POST', '/auth/login', { email, password: PASSWORD, ...extra });
/** The code an authenticator app shows `ahead` steps from now (the server takes the step after the one last used). */
const codeOf = (secret: string, ahead = 0) => totpAt(fromBase32(secret)!, stepOf(Date.now()) + ahead);

/** A person signed in, with an authenticator set up and confirmed: their secret and recovery codes. */
async function withAuthenticator() {
  const email = `mfa${++n}@mfa.test`;
  const bc = await app.createBillingCompany(`MFA BC ${n}`, `MF${n}`);
  await app.createUser({ email, roles: ['biller'], billingCompanyIds: [bc] });
  const me: Api = app.as(await app.login(email));
  const started = (await me('POST', '/auth/mfa/totp')).body as { secret: string; otpauth_uri: string; qr_svg: string };
  const setUpCode = codeOf(started.secret);
  const confirmed = await me('POST', '/auth/mfa/totp/confirm', { code: setUpCode });
  return { email, me, secret: started.secret, started, confirmed, setUpCode };
}

describe('two-step sign-in with an authenticator app', () => {
  it('setting up shows the secret as a QR code and as text; sign-in is unchanged until a code confirms it', async () => {
    const email = `mfa${++n}@mfa.test`;
    const bc = await app.createBillingCompany(`MFA BC ${n}`, `MF${n}`);
    await app.createUser({ email, roles: ['biller'], billingCompanyIds: [bc] });
    const me = app.as(await app.login(email));
    const r = await me('POST', '/auth/mfa/totp');
    expect(r.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(r.body.otpauth_uri).toContain(`secret=${r.body.secret}`);
    expect(r.body.qr_svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect((await me('GET', '/auth/mfa')).body).toEqual({ totp: false, passkeys: [], recovery_codes_left: 0 });
    expect((await login(email)).status).toBe(200);
  });

  it('a code from the app turns it on and answers ten recovery codes, kept only as hashes, the secret sealed', async () => {
    const { me, secret, confirmed } = await withAuthenticator();
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect((await me('GET', '/auth/mfa')).body).toEqual({ totp: true, passkeys: [], recovery_codes_left: 10 });
    const stored = await app.db.query('select * from user_mfa');
    const dump = JSON.stringify(stored.rows);
    expect(dump).not.toContain(secret);
    for (const code of confirmed.body.recovery_codes) expect(dump).not.toContain(code);
  });

  it('a wrong code does not turn it on', async () => {
    const email = `mfa${++n}@mfa.test`;
    const bc = await app.createBillingCompany(`MFA BC ${n}`, `MF${n}`);
    await app.createUser({ email, roles: ['biller'], billingCompanyIds: [bc] });
    const me = app.as(await app.login(email));
    await me('POST', '/auth/mfa/totp');
    const r = await me('POST', '/auth/mfa/totp/confirm', { code: '000000' });
    expect(r.status).toBe(422);
    expect(r.body.errors.code).toEqual([
      'The code is not right, or was already used. Enter the code your authenticator app shows now.',
    ]);
    expect((await me('GET', '/auth/mfa')).body.totp).toBe(false);
  });

  it("once on, a sign-in asks for the code, refuses a wrong one and takes the app's current one", async () => {
    const { email, secret } = await withAuthenticator();
    const asked = await login(email);
    expect(asked.status).toBe(403);
    expect(asked.body).toMatchObject({ code: 'mfa_code_required', mfa_required: true });
    expect((await login(email, { totp_code: '123456' })).body.code).toBe('mfa_code_wrong_at_sign_in');
    const good = await login(email, { totp_code: codeOf(secret, 1) });
    expect(good.status).toBe(200);
    expect(good.body.access_token).toEqual(expect.any(String));
  });

  it('a code is good once: the same code again is refused', async () => {
    const { email, secret } = await withAuthenticator();
    const code = codeOf(secret, 1);
    expect((await login(email, { totp_code: code })).status).toBe(200);
    expect((await login(email, { totp_code: code })).body.code).toBe('mfa_code_just_used');
  });

  it('the code that confirmed the set-up, typed again to sign in, is refused as just used, not as wrong, and not counted as a guess', async () => {
    const { email, setUpCode } = await withAuthenticator();
    const r = await login(email, { totp_code: setUpCode });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(
      'This code was just used, and a code is good once. Wait for the next code your authenticator app shows (a new one every 30 seconds).',
    );
    const failures = await app.db.query('select failures from sign_in_throttles where email = $1', [email]);
    expect(failures.rows).toEqual([]);
  });

  it('a recovery code signs in once, then is spent', async () => {
    const { email, me, confirmed } = await withAuthenticator();
    const [first] = confirmed.body.recovery_codes as string[];
    expect((await login(email, { totp_code: first.toLowerCase() })).status).toBe(200);
    expect((await login(email, { totp_code: first })).body.code).toBe('mfa_code_wrong_at_sign_in');
    expect((await me('GET', '/auth/mfa')).body.recovery_codes_left).toBe(9);
  });

  it('guessed codes count as failed sign-ins: the fourth blocks the account from that address', async () => {
    const { email, secret } = await withAuthenticator();
    for (let i = 0; i < 3; i++) await login(email, { totp_code: '000000' });
    const fourth = await login(email, { totp_code: '000000' });
    expect(fourth.body.message).toBe(SIGN_IN.blocked);
    expect((await login(email, { totp_code: codeOf(secret, 1) })).body.message).toBe(SIGN_IN.blocked);
  });

  it('turning it off takes a code as proof; then sign-in is password only again', async () => {
    const { email, me, secret } = await withAuthenticator();
    expect((await me('DELETE', '/auth/mfa/totp', { code: '999999' })).status).toBe(422);
    expect((await me('DELETE', '/auth/mfa/totp', { code: codeOf(secret, 1) })).status).toBe(200);
    expect((await login(email)).status).toBe(200);
    const audit = await app.db.query<{ event: string }>(
      `select event from audits where entity = 'user' and event like 'mfa_%' and entity_id = (select id from users where email = $1) order by id`,
      [email],
    );
    expect(audit.rows.map((a) => a.event)).toEqual(['mfa_enabled', 'mfa_disabled']);
  });
});
