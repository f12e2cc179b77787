import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase32, stepOf, totpAt } from '../../dev-server/security/totp.ts';
import { PASSWORD, startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';
import { API_ROUTES } from '../../dev-server/api-modules.ts';

let app: TestApp;
let root: Api;
let rootToken: string;
beforeAll(async () => {
  app = await startTestApp();
  await app.createUser({ email: 'root@stepup.test', roles: ['superuser'] });
  rootToken = await app.login('root@stepup.test');
  root = app.as(rootToken);
});
afterAll(() => app.close());

/** The session's last proof as long ago as a morning's work (past the 15 minutes). */
const proofLongAgo = (email: string) =>
  app.db.query(
    `update sessions set stepped_up_at = now() - interval '1 hour'
      where user_id = (select id from users where email = $1)`,
    [email],
  );
const billerRole = async () =>
  Number((await app.db.query<{ id: number }>(`select id from roles where slug = 'biller'`)).rows[0].id);
const grant = async (as: Api) => as('PATCH', `/permission/assign-permissions-role/${await billerRole()}/claim.view`);

/** A Super User signed in who has set up an authenticator app, their last proof long ago. */
async function withAuthenticator(email: string) {
  await app.createUser({ email, roles: ['superuser'] });
  const me = app.as(await app.login(email));
  const started = await me('POST', '/auth/mfa/totp');
  const secret = fromBase32(started.body.secret)!;
  await me('POST', '/auth/mfa/totp/confirm', { code: totpAt(secret, stepOf(Date.now())) });
  await proofLongAgo(email);
  return { me, secret };
}

describe('step-up before sensitive acts', () => {
  it('a fresh sign-in is proof enough: the act goes ahead', async () => {
    expect((await grant(root)).status).toBe(200);
  });

  it('an hour later, changing a role asks for proof and changes nothing', async () => {
    await app.db.query(
      `delete from role_permissions where role_id = $1 and permission_id = (select id from permissions where slug = 'claim.view')`,
      [await billerRole()],
    );
    await proofLongAgo('root@stepup.test');
    const r = await grant(root);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      message: 'Confirm it is you to go on: this is a sensitive action.',
      step_up_required: true,
      method: 'password',
    });
    const held = await app.db.query(
      `select 1 from role_permissions where role_id = $1 and permission_id = (select id from permissions where slug = 'claim.view')`,
      [await billerRole()],
    );
    expect(held.rows).toEqual([]);
  });

  it('the password proves it, is audited, and the act then goes ahead', async () => {
    await proofLongAgo('root@stepup.test');
    expect((await root('POST', '/auth/step-up', { password: 'Wrong!pass1' })).status).toBe(422);
    expect((await grant(root)).status).toBe(403);
    const proved = await root('POST', '/auth/step-up', { password: PASSWORD });
    expect(proved.status).toBe(200);
    expect(proved.body.method).toBe('password');
    expect((await grant(root)).status).toBe(200);
    const audit = await app.db.query<{ new_values: object }>(
      `select new_values from audits where event = 'stepped_up' order by id desc limit 1`,
    );
    expect(audit.rows[0].new_values).toEqual({ method: 'password' });
  });

  it('with an authenticator, its code is the proof and the password is not enough', async () => {
    const { me, secret } = await withAuthenticator('mfa@stepup.test');
    expect((await grant(me)).body.method).toBe('totp');
    expect((await me('POST', '/auth/step-up', { password: PASSWORD })).status).toBe(422);
    expect((await me('POST', '/auth/step-up', { code: totpAt(secret, stepOf(Date.now()) + 1) })).status).toBe(200);
    expect((await grant(me)).status).toBe(200);
  });

  it('one freshness for every step-up act: assigning a role and printing a batch of claim forms ask for it too', async () => {
    const sensitive = API_ROUTES.filter((r) => r.stepUp).map((r) => `${r.method} ${r.path}`);
    expect(sensitive).toEqual(
      expect.arrayContaining([
        'patch /permission/assign-role-user/{user}/{role}',
        'patch /permission/remove-role-user/{user}/{role}',
        'get /claim/batch/show-batch-forms/{id}',
      ]),
    );
    await app.createUser({ email: 'nurse@stepup.test', roles: ['collector'] });
    const nurse = Number(
      (await app.db.query<{ id: number }>(`select id from users where email = 'nurse@stepup.test'`)).rows[0].id,
    );
    await proofLongAgo('root@stepup.test');
    const r = await root('PATCH', `/permission/assign-role-user/${nurse}/${await billerRole()}`);
    expect(r.status).toBe(403);
    expect(r.body.step_up_required).toBe(true);
    const held = await app.db.query('select 1 from user_roles where user_id = $1 and role_id = $2', [
      nurse,
      await billerRole(),
    ]);
    expect(held.rows).toEqual([]);
  });

  it('a report export is a sensitive act too', async () => {
    await proofLongAgo('root@stepup.test');
    const r = await root('GET', '/reports/daily-insurance-aging/export?format=csv');
    expect(r.status).toBe(403);
    expect(r.body.step_up_required).toBe(true);
  });

  it('wrong passwords at step-up count with the sign-in: the third warns, the fourth ends the session and blocks the user', async () => {
    await app.createUser({ email: 'guess@stepup.test', roles: ['superuser'] });
    const stolen = app.as(await app.login('guess@stepup.test'));
    await proofLongAgo('guess@stepup.test');
    for (let i = 1; i <= 2; i++)
      expect((await stolen('POST', '/auth/step-up', { password: `Wrong!pass${i}` })).body.errors.password).toEqual([
        'The password is not right.',
      ]);
    const third = await stolen('POST', '/auth/step-up', { password: 'Wrong!pass3' });
    expect(third.status).toBe(422);
    expect(third.body.errors.password).toEqual([
      'The password is not right.',
      'One more wrong proof ends this session and blocks your user from this address for 24 hours.',
    ]);
    const fourth = await stolen('POST', '/auth/step-up', { password: 'Wrong!pass4' });
    expect(fourth.status).toBe(401);
    expect(fourth.body.message).toMatch(/^Too many wrong proofs: this session has ended/);
    // The right password no longer helps the session, and the account is blocked from this address.
    expect((await stolen('POST', '/auth/step-up', { password: PASSWORD })).status).toBe(401);
    expect((await stolen('GET', '/auth/me')).status).toBe(401);
    const session = await app.db.query<{ revoked: boolean }>(
      `select revoked_at is not null as revoked from sessions where user_id = (select id from users where email = $1)`,
      ['guess@stepup.test'],
    );
    expect(session.rows).toEqual([{ revoked: true }]);
    const out = await app.db.query<{ new_values: object }>(
      `select new_values from audits where event = 'signed_out' and entity_id = (select id from users where email = $1)`,
      ['guess@stepup.test'],
    );
    expect(out.rows).toEqual([{ new_values: { reason: 'step_up_failures' } }]);
    await expect(app.login('guess@stepup.test')).rejects.toThrow();
  });

  it('wrong authenticator codes at step-up count the same way', async () => {
    const { me, secret } = await withAuthenticator('codes@stepup.test');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await me('POST', '/auth/step-up', { code: '000000' }));
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 401]);
    expect(answers[0].body.errors.code).toHaveLength(1);
    expect(answers[2].body.errors.code).toContain(
      'One more wrong proof ends this session and blocks your user from this address for 24 hours.',
    );
    expect(answers[3].body.message).toMatch(/^Too many wrong proofs: this session has ended/);
    expect((await me('POST', '/auth/step-up', { code: totpAt(secret, stepOf(Date.now()) + 1) })).status).toBe(401);
    const session = await app.db.query<{ revoked: boolean }>(
      `select revoked_at is not null as revoked from sessions where user_id = (select id from users where email = $1)`,
      ['codes@stepup.test'],
    );
    expect(session.rows).toEqual([{ revoked: true }]);
  });

  it('a right proof starts the count again', async () => {
    await app.createUser({ email: 'typo@stepup.test', roles: ['superuser'] });
    const me = app.as(await app.login('typo@stepup.test'));
    for (let round = 0; round < 2; round++) {
      await proofLongAgo('typo@stepup.test');
      for (let i = 0; i < 3; i++)
        expect((await me('POST', '/auth/step-up', { password: 'Wrong!pass1' })).status).toBe(422);
      const proved = await me('POST', '/auth/step-up', { password: PASSWORD });
      expect(proved.body.method).toBe('password');
      // The account's failures from this address are gone, as after a right sign-in.
      const counted = await app.db.query(`select 1 from sign_in_throttles where email = 'typo@stepup.test'`);
      expect(counted.rows).toEqual([]);
    }
  });
});
