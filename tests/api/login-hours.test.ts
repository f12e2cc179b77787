import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginHoursInWords,
  signInAllowedAt,
  withinLoginHours,
  type LoginHours,
} from '../../dev-server/security/login-hours.ts';
import { PASSWORD, startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

const WEEKDAYS = [1, 2, 3, 4, 5];
const office: LoginHours = { days: WEEKDAYS, from: '08:00', to: '17:00', time_zone: 'America/Chicago' };
const nights: LoginHours = { days: [1], from: '22:00', to: '06:00', time_zone: 'UTC' };

describe('sign-in hours on a fixed clock', () => {
  it("are read on the time zone's wall clock, not the server's", () => {
    // Monday 30 November 2026: 14:30 UTC is 08:30 in Chicago (UTC−6), 13:30 UTC is 07:30 there.
    expect(withinLoginHours(office, new Date('2026-11-30T14:30:00Z'))).toBe(true);
    expect(withinLoginHours(office, new Date('2026-11-30T13:30:00Z'))).toBe(false);
    // 22:59 UTC is 16:59 in Chicago; 23:00 UTC is 17:00, the end, which is outside.
    expect(withinLoginHours(office, new Date('2026-11-30T22:59:00Z'))).toBe(true);
    expect(withinLoginHours(office, new Date('2026-11-30T23:00:00Z'))).toBe(false);
  });

  it('keep to their days', () => {
    // Saturday 5 December 2026, 12:00 in Chicago.
    expect(withinLoginHours(office, new Date('2026-12-05T18:00:00Z'))).toBe(false);
  });

  it("a window past midnight belongs to the day it starts, its small hours to the next day's clock", () => {
    expect(withinLoginHours(nights, new Date('2026-11-30T23:00:00Z'))).toBe(true); // Monday 23:00
    expect(withinLoginHours(nights, new Date('2026-12-01T05:59:00Z'))).toBe(true); // Tuesday 05:59
    expect(withinLoginHours(nights, new Date('2026-12-01T06:00:00Z'))).toBe(false); // Tuesday 06:00
    expect(withinLoginHours(nights, new Date('2026-11-30T05:00:00Z'))).toBe(false); // Monday 05:00: Sunday's night
    expect(withinLoginHours(nights, new Date('2026-12-01T23:00:00Z'))).toBe(false); // Tuesday 23:00
  });

  it('roles add up: one role without hours, or one whose hours are on, lets the person in', () => {
    const saturday = new Date('2026-12-05T18:00:00Z');
    expect(signInAllowedAt([office], saturday)).toBe(false);
    expect(signInAllowedAt([office, null], saturday)).toBe(true);
    expect(signInAllowedAt([office, { ...office, days: [6] }], saturday)).toBe(true);
  });

  it('are said in words in both languages', () => {
    expect(loginHoursInWords(office, 'en')).toBe('Monday to Friday, 08:00–17:00 (America/Chicago)');
    expect(loginHoursInWords(office, 'es')).toBe('lunes a viernes, 08:00–17:00 (America/Chicago)');
    expect(loginHoursInWords({ ...office, days: [1, 3, 5] }, 'en')).toContain('Monday, Wednesday and Friday,');
    expect(loginHoursInWords({ ...office, days: [1, 2, 3, 4, 5, 6, 7] }, 'es')).toContain('todos los días,');
  });
});

let app: TestApp;
let bc: number;
let root: Api;
let manager: Api;
let n = 0;
beforeAll(async () => {
  app = await startTestApp();
  bc = await app.createBillingCompany('Hours Co', 'HRS');
  await app.createUser({ email: 'root@hours.test', roles: ['superuser'] });
  root = app.as(await app.login('root@hours.test'));
  await app.createUser({ email: 'bm@hours.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  manager = app.as(await app.login('bm@hours.test'));
});
afterAll(() => app.close());

const hhmm = (d: Date) => d.toISOString().slice(11, 16);
const hoursFromNow = (h: number) => hhmm(new Date(Date.now() + h * 3_600_000));
/** Every day, but only in an hour two hours from now: certainly not now. */
const notNow = (): LoginHours => ({
  days: [1, 2, 3, 4, 5, 6, 7],
  from: hoursFromNow(2),
  to: hoursFromNow(3),
  time_zone: 'UTC',
});
/** Every day, from an hour ago to two hours from now (past midnight when it must be). */
const rightNow = (): LoginHours => ({
  days: [1, 2, 3, 4, 5, 6, 7],
  from: hoursFromNow(-1),
  to: hoursFromNow(2),
  time_zone: 'UTC',
});

const login = (email: string) => app.as(null)('POST', '/auth/login', { email, password: PASSWORD });
/** A role of the billing company's own, with a person in it (and only in it). */
async function roleWithPerson() {
  const role = await root('POST', '/permission/role', { name: `Shift ${++n}`, billing_company_id: bc });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const email = `shift${n}@hours.test`;
  const id = await app.createUser({ email, roles: [], billingCompanyIds: [bc] });
  await app.db.query('insert into user_roles (user_id, role_id) values ($1, $2)', [id, role.body.id]);
  return { roleId: Number(role.body.id), email, userId: id };
}
const setHours = (roleId: number, login_hours: LoginHours | null) =>
  root('PUT', `/permission/role/${roleId}/login-hours`, { login_hours });
const auditsOf = async (userId: number, event: string) =>
  (
    await app.db.query<{ new_values: object; ip: string | null }>(
      'select new_values, ip from audits where entity = $1 and entity_id = $2 and event = $3',
      ['user', userId, event],
    )
  ).rows;

describe('sign-in hours per role', () => {
  it('outside their role’s hours a person is refused sign-in, told the hours, and the refusal is audited', async () => {
    const { roleId, email, userId } = await roleWithPerson();
    const hours = notNow();
    expect((await setHours(roleId, hours)).status).toBe(200);
    const r = await login(email);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      message: `Your role allows signing in only every day, ${hours.from}–${hours.to} (UTC).`,
      login_hours: true,
    });
    expect(r.body.access_token).toBeUndefined();
    const sessions = await app.db.query('select id from sessions where user_id = $1', [userId]);
    expect(sessions.rows).toHaveLength(0);
    expect(await auditsOf(userId, 'sign_in_refused')).toEqual([
      expect.objectContaining({ new_values: { reason: 'login_hours' } }),
    ]);
  });

  it('inside their role’s hours the person signs in as ever', async () => {
    const { roleId, email } = await roleWithPerson();
    expect((await setHours(roleId, rightNow())).status).toBe(200);
    const r = await login(email);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(typeof r.body.access_token).toBe('string');
  });

  it('an open session ends at its next request once the hours are over, and the ending is audited', async () => {
    const { roleId, email, userId } = await roleWithPerson();
    const me = app.as((await login(email)).body.access_token);
    expect((await me('GET', '/auth/me')).status).toBe(200);
    const hours = notNow();
    await setHours(roleId, hours);
    const r = await me('GET', '/auth/me');
    expect(r.status).toBe(401);
    expect(r.body.message).toBe(
      `Your role's sign-in hours are over (every day, ${hours.from}–${hours.to} (UTC)): you were signed out.`,
    );
    const open = await app.db.query('select id from sessions where user_id = $1 and revoked_at is null', [userId]);
    expect(open.rows).toHaveLength(0);
    expect(await auditsOf(userId, 'signed_out')).toHaveLength(1);
    // Hours lifted: the person signs in again.
    await setHours(roleId, null);
    expect((await login(email)).status).toBe(200);
  });

  it('the refusal is in the language of the sign-in screen', async () => {
    const { roleId, email } = await roleWithPerson();
    const hours = { ...notNow(), days: [1, 2, 3, 4, 5] };
    await setHours(roleId, hours);
    const r = await app.as(null)('POST', '/auth/login', { email, password: PASSWORD }, { lang: 'es' });
    // Refused whatever the day: on a weekend the days exclude it, on a weekday the hour does.
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(
      `Su rol permite iniciar sesión solo: lunes a viernes, ${hours.from}–${hours.to} (UTC).`,
    );
  });

  it('a change of hours is audited with the hours before and after', async () => {
    const { roleId } = await roleWithPerson();
    const hours = rightNow();
    const r = await setHours(roleId, hours);
    expect(r.body).toEqual({ id: roleId, login_hours: hours });
    const audit = await app.db.query<{ old_values: object; new_values: object }>(
      `select old_values, new_values from audits where entity = 'role' and entity_id = $1 order by id desc limit 1`,
      [roleId],
    );
    expect(audit.rows[0]).toEqual({ old_values: { login_hours: null }, new_values: { login_hours: hours } });
  });

  it('hours that make no sense are refused field by field, and nothing is written', async () => {
    const { roleId } = await roleWithPerson();
    const r = await root('PUT', `/permission/role/${roleId}/login-hours`, {
      login_hours: { days: [0, 8], from: '7am', to: '25:00', time_zone: 'Mars/Olympus' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      'login_hours.days': ['Choose at least one day of the week.'],
      'login_hours.from': ['Enter a time of day as HH:MM (00:00 to 24:00).'],
      'login_hours.to': ['Enter a time of day as HH:MM (00:00 to 24:00).'],
      'login_hours.time_zone': ['Choose a time zone from the list (such as America/New_York).'],
    });
    const same = await setHours(roleId, { days: [1], from: '09:00', to: '09:00', time_zone: 'UTC' });
    expect(same.body.errors).toEqual({ 'login_hours.to': ['The hours must end at another time than they start.'] });
    const stored = await app.db.query<{ login_hours: unknown }>('select login_hours from roles where id = $1', [
      roleId,
    ]);
    expect(stored.rows[0].login_hours).toBeNull();
  });

  it('Super Users are never limited by hours', async () => {
    const id = Number((await app.db.query<{ id: number }>(`select id from roles where slug = 'superuser'`)).rows[0].id);
    const r = await setHours(id, notNow());
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      "Super Users may sign in at any time: the platform's administrators cannot be locked out by hours.",
    );
    expect(
      (await app.db.query<{ login_hours: unknown }>('select login_hours from roles where id = $1', [id])).rows[0]
        .login_hours,
    ).toBeNull();
  });

  it('only those who manage roles set hours', async () => {
    const { roleId } = await roleWithPerson();
    const r = await manager('PUT', `/permission/role/${roleId}/login-hours`, { login_hours: notNow() });
    expect(r.status).toBe(403);
    expect(
      (await app.db.query<{ login_hours: unknown }>('select login_hours from roles where id = $1', [roleId])).rows[0]
        .login_hours,
    ).toBeNull();
  });

  it('the roles list answers each role’s hours', async () => {
    const { roleId } = await roleWithPerson();
    const hours = rightNow();
    await setHours(roleId, hours);
    const roles = (await root('GET', '/permission/roles-permissions')).body as Array<{
      id: number;
      login_hours: unknown;
    }>;
    expect(roles.find((x) => x.id === roleId)?.login_hours).toEqual(hours);
  });
});
