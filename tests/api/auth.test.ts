import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED } from '../../dev-server/auth/sessions.ts';
import { PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await app.createUser({ email: 'root@test.com', roles: ['superuser'] });
  await app.createUser({ email: 'biller@test.com', roles: ['biller'] });
});
afterAll(() => app.close());

describe('sessions', () => {
  it('signs in with e-mail and password and answers the token shape', async () => {
    const r = await app.as(null)('POST', '/auth/login', { email: 'ROOT@test.com', password: PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      inactivity_time: 3600000,
      user: { email: 'root@test.com' },
    });
    expect(r.body.access_token).toEqual(expect.any(String));
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/);
  });

  it('answers bad credentials with 401 Bad Credentials', async () => {
    const r = await app.as(null)('POST', '/auth/login', { email: 'root@test.com', password: 'wrong' });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Bad Credentials');
  });

  it('stores passwords hashed with scrypt, never in clear', async () => {
    const r = await app.db.query<{ password_hash: string }>(
      "select password_hash from users where email = 'root@test.com'",
    );
    expect(r.rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(r.rows[0].password_hash).not.toContain(PASSWORD);
  });

  it('sends the inactivity-time header on authenticated responses', async () => {
    const token = await app.login('root@test.com');
    const r = await app.as(token)('GET', '/diagnosis');
    expect(Number(r.headers.get('inactivity-time'))).toBeGreaterThan(3_500_000);
  });

  it('answers auth/me with menu, menu_by_category, taskbars and profile', async () => {
    const token = await app.login('biller@test.com');
    const r = await app.as(token)('GET', '/auth/me');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(expect.arrayContaining(['menu', 'menu_by_category', 'taskbars', 'profile']));
    expect(r.body.menu['Claims Management'].view).toBe(true);
    expect(r.body.menu['Billing Company Management'].view).toBe(false);
    expect(r.body.menu_by_category.map((c: { category: string }) => c.category)).toEqual([
      'Claims Process',
      'Administration',
      'Reports and statistics',
      'Tools',
      'System',
    ]);
    expect(r.body.profile).toMatchObject({ style: { background: 13 }, dark_mode: false, language: 'en' });
  });

  it('offers every person Technical Support, whatever their role grants', async () => {
    const r = await app.as(await app.login('biller@test.com'))('GET', '/auth/me');
    const system = r.body.menu_by_category.find((c: { category: string }) => c.category === 'System');
    expect(system.modules.map((m: { name: string }) => m.name)).toContain('Technical Support');
  });

  it('logout revokes the session on the server', async () => {
    const token = await app.login('root@test.com');
    expect((await app.as(token)('GET', '/auth/logout')).status).toBe(200);
    expect((await app.as(token)('GET', '/diagnosis')).status).toBe(401);
  });

  it('refresh issues a new token and retires the old one', async () => {
    const token = await app.login('root@test.com');
    const r = await app.as(token)('GET', '/auth/refresh-token');
    expect(r.body.access_token).not.toBe(token);
    expect((await app.as(r.body.access_token)('GET', '/diagnosis')).status).toBe(200);
    expect((await app.as(token)('GET', '/diagnosis')).status).toBe(401);
  });

  it('a refresh renews the token in the same session: one session listed, and its absolute end does not move', async () => {
    const token = await app.login('root@test.com');
    const end = async () =>
      (
        await app.db.query<{ id: number; refresh_until: string }>(
          'select id, refresh_until::text from sessions where revoked_at is null and user_id = (select id from users where email = $1) order by id desc limit 1',
          ['root@test.com'],
        )
      ).rows[0];
    const before = await end();
    const fresh = (await app.as(token)('GET', '/auth/refresh-token')).body.access_token;
    expect(await end()).toEqual(before);
    const mine = (await app.as(fresh)('GET', '/auth/sessions')).body.filter((x: { id: number }) => x.id === before.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].current).toBe(true);
  });

  it('a session lasts 12 hours from its sign-in at most, however active', async () => {
    const token = await app.login('root@test.com');
    const r = await app.db.query<{ hours: number }>(
      `select round(extract(epoch from refresh_until - created_at) / 3600)::int as hours from sessions where revoked_at is null order by id desc limit 1`,
    );
    expect(r.rows[0].hours).toBe(12);
    expect((await app.as(token)('GET', '/diagnosis')).status).toBe(200);
  });

  it('an expired access token is refused but can still be refreshed', async () => {
    const token = await app.login('root@test.com');
    await app.db.query("update sessions set access_expires_at = now() - interval '1 minute' where revoked_at is null");
    expect((await app.as(token)('GET', '/diagnosis')).status).toBe(401);
    expect((await app.as(token)('GET', '/auth/refresh-token')).status).toBe(200);
  });

  it('a session idle beyond the limit is refused and revoked', async () => {
    const token = await app.login('root@test.com');
    await app.db.query("update sessions set last_activity_at = now() - interval '61 minutes' where revoked_at is null");
    const r = await app.as(token)('GET', '/diagnosis');
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Your session has expired due to inactivity');
  });

  it('auth/me does not count as activity', async () => {
    const token = await app.login('root@test.com');
    await app.db.query("update sessions set last_activity_at = now() - interval '30 minutes' where revoked_at is null");
    await app.as(token)('GET', '/auth/me');
    const r = await app.as(token)('GET', '/auth/me');
    expect(Number(r.headers.get('inactivity-time'))).toBeLessThanOrEqual(30 * 60_000 + 1000);
  });

  it('any other authenticated call counts as activity and restores the full idle time', async () => {
    const token = await app.login('root@test.com');
    await app.db.query("update sessions set last_activity_at = now() - interval '30 minutes' where revoked_at is null");
    await app.as(token)('GET', '/diagnosis');
    const r = await app.as(token)('GET', '/auth/me');
    expect(Number(r.headers.get('inactivity-time'))).toBeGreaterThan(59 * 60_000);
  });

  it('a permission granted to a role applies on the next request, with no restart', async () => {
    const token = await app.login('biller@test.com');
    expect((await app.as(token)('POST', '/diagnosis', { code: 'Z99.89', description: 'x' })).status).toBe(403);
    await app.db.query(
      "insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.slug = 'biller' and p.slug = 'diagnosis.create'",
    );
    expect((await app.as(token)('POST', '/diagnosis', { code: 'Z99.89', description: 'x' })).status).toBe(201);
    expect((await app.db.query('select description from diagnoses where code = $1', ['Z99.89'])).rows).toEqual([
      { description: 'x' },
    ]);
  });
});

describe('expired sessions', () => {
  it('a session past its refresh window says it has expired', async () => {
    const token = await app.login('root@test.com');
    await app.db.query(
      "update sessions set refresh_until = now() - interval '1 second', access_expires_at = now() - interval '1 second' where revoked_at is null",
    );
    const r = await app.as(token)('GET', '/auth/refresh-token');
    expect(r.status).toBe(401);
    expect(r.body.message).toBe(SESSION_EXPIRED);
  });
});
