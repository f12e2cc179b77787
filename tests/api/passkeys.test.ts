import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRecoveryCodes } from '../../dev-server/auth/mfa.ts';
import { PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

// The whole passkey ceremony (made and used by a browser) is the browser test's (tests/e2e/login-area.test.ts, a
// virtual authenticator in Chromium); here, what the server decides around it.
let app: TestApp;
let bc: number;
let n = 0;
beforeAll(async () => {
  app = await startTestApp();
  bc = await app.createBillingCompany('Key Co', 'KEY');
});
afterAll(() => app.close());

async function person(roles = ['biller']) {
  const email = `k${++n}@keys.test`;
  const id = await app.createUser({ email, roles, billingCompanyIds: [bc] });
  return { email, id, me: app.as(await app.login(email)) };
}
/** A passkey as a browser would have left it (its public key is never used by these tests). */
const keptPasskey = (userId: number, name = 'Laptop') =>
  app.db.query(
    `insert into user_passkeys (user_id, credential_id, public_key, name) values ($1, $2, '\\x00', $3) returning id`,
    [userId, `cred-${userId}-${name}`, name],
  );
const login = (email: string, more: Record<string, unknown> = {}) =>
  app.as(null)('POST', '/auth/login', { email, password: PASSWORD, ...more });
const passkeysOf = async (userId: number) =>
  (await app.db.query('select id from user_passkeys where user_id = $1', [userId])).rows;

describe('adding a passkey', () => {
  it("the browser is given a challenge for this site's host name, kept five minutes for the person", async () => {
    const { id, me } = await person();
    const r = await me('POST', '/auth/mfa/passkey/options');
    expect(r.status).toBe(200);
    expect(r.body.rp).toMatchObject({ id: '127.0.0.1', name: 'Revenue Cycle' });
    const kept = await app.db.query<{ challenge: string; minutes: number }>(
      `select challenge, round(extract(epoch from expires_at - now()) / 60)::int as minutes
         from webauthn_challenges where user_id = $1 and purpose = 'register'`,
      [id],
    );
    expect(kept.rows).toEqual([{ challenge: r.body.challenge, minutes: 5 }]);
  });

  it('an answer that was not made for the challenge is refused, and nothing is added', async () => {
    const { id, me } = await person();
    await me('POST', '/auth/mfa/passkey/options');
    const r = await me('POST', '/auth/mfa/passkey', {
      name: 'Laptop',
      response: {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The passkey could not be checked for this site. Start again, on this address.');
    expect(await passkeysOf(id)).toEqual([]);
    // The challenge was spent by the try: the same answer again finds none.
    const again = await me('POST', '/auth/mfa/passkey', { name: 'Laptop', response: {} });
    expect(again.body.message).toBe('The passkey took too long to answer. Start again.');
  });

  it('a passkey needs a name', async () => {
    const { me } = await person();
    const r = await me('POST', '/auth/mfa/passkey', { name: '  ', response: {} });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ name: ['Name the passkey (at most 60 characters), such as the device it is on.'] });
  });
});

describe('signing in with a passkey', () => {
  it('after the password, a person with a passkey is asked for it, with a new challenge for it', async () => {
    const { email, id } = await person();
    await keptPasskey(id);
    const r = await login(email);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ mfa_required: true, totp: false, code: 'mfa_code_required' });
    expect(r.body.passkey_options.allowCredentials).toEqual([expect.objectContaining({ id: `cred-${id}-Laptop` })]);
    expect(r.body.access_token).toBeUndefined();
    const kept = await app.db.query<{ challenge: string }>(
      `select challenge from webauthn_challenges where user_id = $1 and purpose = 'sign_in'`,
      [id],
    );
    expect(kept.rows[0].challenge).toBe(r.body.passkey_options.challenge);
  });

  it('an answer not signed by the passkey is refused, counted as a failed sign-in, and opens no session', async () => {
    const { email, id } = await person();
    await keptPasskey(id);
    await login(email);
    const r = await login(email, {
      passkey: { id: `cred-${id}-Laptop`, rawId: `cred-${id}-Laptop`, type: 'public-key', response: {} },
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(
      'The passkey was not accepted. Try it again, or enter a code from your authenticator app or a recovery code.',
    );
    const failures = await app.db.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [
      id,
    ]);
    // The person's own sign-in from set-up is the only session.
    expect(failures.rows[0].n).toBe(1);
  });

  it('a person with passkeys only gets in with one of their recovery codes, each good once', async () => {
    const { email, id } = await person();
    await keptPasskey(id);
    const codes = await app.db.transaction((tx) => ensureRecoveryCodes(tx, id));
    expect(codes).toHaveLength(10);
    const first = await login(email, { totp_code: codes![0] });
    expect(first.status).toBe(200);
    expect(typeof first.body.access_token).toBe('string');
    const again = await login(email, { totp_code: codes![0] });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'mfa_code_wrong_at_sign_in', totp: false });
    expect(again.body.access_token).toBeUndefined();
    const left = await app.db.query<{ n: number }>(
      'select cardinality(recovery_hashes) as n from user_mfa where user_id = $1',
      [id],
    );
    expect(left.rows[0].n).toBe(9);
    // A second passkey keeps the codes already given.
    expect(await app.db.transaction((tx) => ensureRecoveryCodes(tx, id))).toBeNull();
  });

  it('a passkey counts as the two-step sign-in a manager’s role requires', async () => {
    const { email, id } = await person(['billingmanager']);
    await app.db.query(`update users set mfa_due_at = now() - interval '1 day' where id = $1`, [id]);
    await keptPasskey(id);
    const codes = await app.db.transaction((tx) => ensureRecoveryCodes(tx, id));
    const r = await login(email, { totp_code: codes![1] });
    expect(r.body).toMatchObject({ mfa_enrolment_required: false, mfa_enrolment_due_at: null });
  });
});

describe('removing a passkey', () => {
  it('removes one of my passkeys, audited, and its profile no longer lists it', async () => {
    const { id, me } = await person();
    const key = (await keptPasskey(id)).rows[0] as { id: number };
    expect((await me('GET', '/auth/mfa')).body.passkeys).toHaveLength(1);
    const r = await me('DELETE', `/auth/mfa/passkey/${key.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await passkeysOf(id)).toEqual([]);
    expect((await me('GET', '/auth/mfa')).body.passkeys).toEqual([]);
    const audit = await app.db.query<{ old_values: object }>(
      `select old_values from audits where entity = 'user' and entity_id = $1 and event = 'mfa_disabled'`,
      [id],
    );
    expect(audit.rows).toEqual([{ old_values: { method: 'passkey', name: 'Laptop' } }]);
  });

  it("a manager's last passkey stays: their role requires a second step", async () => {
    const { id } = await person(['billingmanager']);
    const key = (await keptPasskey(id)).rows[0] as { id: number };
    const codes = await app.db.transaction((tx) => ensureRecoveryCodes(tx, id));
    const email = `k${n}@keys.test`;
    const me = app.as((await login(email, { totp_code: codes![0] })).body.access_token);
    const r = await me('DELETE', `/auth/mfa/passkey/${key.id}`);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Your role requires two-step sign-in: it cannot be turned off.');
    expect(await passkeysOf(id)).toHaveLength(1);
  });

  it("another person's passkey is not found", async () => {
    const owner = await person();
    const key = (await keptPasskey(owner.id)).rows[0] as { id: number };
    const { me } = await person();
    expect((await me('DELETE', `/auth/mfa/passkey/${key.id}`)).status).toBe(404);
    expect(await passkeysOf(owner.id)).toHaveLength(1);
  });
});

describe('proving it again with a passkey', () => {
  it('a person with passkeys only is asked for a passkey before a sensitive act; an answer not signed by it is refused', async () => {
    const { id, me } = await person();
    const key = (await keptPasskey(id)).rows[0] as { id: number };
    await app.db.query(`update sessions set stepped_up_at = now() - interval '1 hour' where user_id = $1`, [id]);
    const refused = await me('DELETE', `/auth/mfa/passkey/${key.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ step_up_required: true, method: 'passkey' });
    const options = await me('POST', '/auth/step-up/options');
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: `cred-${id}-Laptop` })]);
    const r = await me('POST', '/auth/step-up', { passkey: { id: `cred-${id}-Laptop`, response: {} } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ passkey: ['The passkey was not accepted. Try it again.'] });
    // The password is not the proof for someone with a passkey.
    const withPassword = await me('POST', '/auth/step-up', { password: PASSWORD });
    expect(withPassword.status).toBe(422);
    expect(withPassword.body.errors).toEqual({ passkey: ['The passkey was not accepted. Try it again.'] });
    const proved = await app.db.query<{ fresh: boolean }>(
      `select bool_or(stepped_up_at > now() - interval '15 minutes') as fresh from sessions where user_id = $1`,
      [id],
    );
    expect(proved.rows[0].fresh).toBe(false);
    expect(await passkeysOf(id)).toHaveLength(1);
  });
});
