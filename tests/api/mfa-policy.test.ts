import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase32, stepOf, totpAt } from '../../dev-server/security/totp.ts';
import { PASSWORD, startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let n = 0;
let bc: number;
let manager: Api;
let root: Api;
beforeAll(async () => {
  app = await startTestApp();
  bc = await app.createBillingCompany('Policy Co', 'POL');
  await app.createUser({ email: 'bm@policy.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  manager = app.as(await app.login('bm@policy.test'));
  await app.createUser({ email: 'root@policy.test', roles: ['superuser'] });
  root = app.as(await app.login('root@policy.test'));
});
afterAll(() => app.close());

const login = (email: string) => app.as(null)('POST', '/auth/login', { email, password: PASSWORD });
const codeOf = (secret: string) => totpAt(fromBase32(secret)!, stepOf(Date.now()));
const dueOf = async (email: string) =>
  (await app.db.query<{ due: Date | null }>('select mfa_due_at as due from users where email = $1', [email])).rows[0]
    .due;
/** The person's time to set up an authenticator, run out (as a week gone by would). */
const timeUp = (email: string) =>
  app.db.query(`update users set mfa_due_at = now() - interval '1 minute' where email = $1`, [email]);
async function person(roles: string[]) {
  const email = `p${++n}@policy.test`;
  await app.createUser({ email, roles, billingCompanyIds: [bc] });
  return email;
}
const roleId = async (slug: string) =>
  Number((await app.db.query<{ id: number }>('select id from roles where slug = $1', [slug])).rows[0].id);

describe('two-step sign-in required by role', () => {
  it('a manager signing in without an authenticator is given a week to set one up, and works meanwhile', async () => {
    const email = await person(['billingmanager']);
    const r = await login(email);
    expect(r.status).toBe(200);
    expect(r.body.mfa_enrolment_required).toBe(false);
    const due = new Date(r.body.mfa_enrolment_due_at).getTime();
    expect(due - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(due - Date.now()).toBeLessThan(7.1 * 86_400_000);
    expect((await app.as(r.body.access_token)('GET', '/patient/get-all-server')).status).toBe(200);
    // A later sign-in keeps the same date: the week is not renewed by signing in again.
    await login(email);
    expect(Math.floor((await dueOf(email))!.getTime() / 1000) * 1000).toBe(due);
  });

  it('a biller, whose role does not require it, is given no date', async () => {
    const email = await person(['biller']);
    const r = await login(email);
    expect(r.body).toMatchObject({ mfa_enrolment_due_at: null, mfa_enrolment_required: false });
    expect(await dueOf(email)).toBeNull();
  });

  it("a sign-in that changes no one's standing does not write the person's row (no new row version)", async () => {
    const version = async (email: string) =>
      (await app.db.query<{ v: string }>('select xmin::text as v from users where email = $1', [email])).rows[0].v;
    const manager = await person(['billingmanager']);
    const biller = await person(['biller']);
    await login(manager);
    const before = [await version(manager), await version(biller)];
    expect((await login(manager)).status).toBe(200);
    expect((await login(biller)).status).toBe(200);
    expect([await version(manager), await version(biller)]).toEqual(before);
  });

  it('once the time is up, the session can set up the authenticator and nothing else', async () => {
    const email = await person(['billingmanager']);
    await login(email);
    await timeUp(email);
    const r = await login(email);
    expect(r.body.mfa_enrolment_required).toBe(true);
    const me = app.as(r.body.access_token);
    const refused = await me('GET', '/patient/get-all-server');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Your role requires two-step sign-in: set up an authenticator app to continue.',
      mfa_enrolment_required: true,
    });
    const started = await me('POST', '/auth/mfa/totp');
    expect(started.status).toBe(200);
    expect((await me('POST', '/auth/mfa/totp/confirm', { code: codeOf(started.body.secret) })).status).toBe(200);
    // Set up: the same session now works.
    expect((await me('GET', '/patient/get-all-server')).status).toBe(200);
  });

  it('a billing company can require it of one of its own roles, and its people get their week', async () => {
    const role = await root('POST', '/permission/role', { name: 'Posting lead', billing_company_id: bc });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const set = await root('PUT', `/permission/role/${role.body.id}/two-step`, { required: true });
    expect(set.body).toEqual({ id: role.body.id, mfa_required: true });
    const email = `lead${++n}@policy.test`;
    const id = await app.createUser({ email, roles: [], billingCompanyIds: [bc] });
    await app.db.query('insert into user_roles (user_id, role_id) values ($1, $2)', [id, role.body.id]);
    expect((await login(email)).body.mfa_enrolment_due_at).not.toBeNull();
    const audit = await app.db.query<{ new_values: object }>(
      `select new_values from audits where entity = 'role' and entity_id = $1 order by id desc limit 1`,
      [role.body.id],
    );
    expect(audit.rows[0].new_values).toEqual({ mfa_required: true });
  });

  it("Super Users' and managers' requirement cannot be turned off", async () => {
    // A billing manager may not change role policies at all (permission.manage.role); a Super User may, but not this.
    const r = await manager('PUT', `/permission/role/${await roleId('billingmanager')}/two-step`, { required: false });
    expect(r.status).toBe(403);
    const refused = await root('PUT', `/permission/role/${await roleId('billingmanager')}/two-step`, {
      required: false,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Super Users and managers always sign in in two steps.');
    const roles = (await root('GET', '/permission/roles-permissions')).body as Array<{
      slug: string;
      mfa_required: boolean;
    }>;
    expect(roles.find((x) => x.slug === 'superuser')?.mfa_required).toBe(true);
    expect(roles.find((x) => x.slug === 'biller')?.mfa_required).toBe(false);
  });

  it('someone whose role requires it cannot turn their authenticator off', async () => {
    const email = await person(['billingmanager']);
    const me = app.as((await login(email)).body.access_token);
    const started = await me('POST', '/auth/mfa/totp');
    await me('POST', '/auth/mfa/totp/confirm', { code: codeOf(started.body.secret) });
    const refused = await me('DELETE', '/auth/mfa/totp', { code: codeOf(started.body.secret) });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Your role requires two-step sign-in: it cannot be turned off.');
    expect((await me('GET', '/auth/mfa')).body.totp).toBe(true);
  });
});
