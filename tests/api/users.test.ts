import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../dev-server/users/user-routes.ts';
import { LAST_ROLE_MESSAGE } from '../../dev-server/users/role-assignment-routes.ts';
import { USER_LEGAL_AGE_MESSAGE } from '../../src/domain/rules/entity-rules.ts';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
let manager: Api;
let otherManager: Api;
let bc: number;
let roleId: (slug: string) => Promise<number>;
let n = 0;

beforeAll(async () => {
  app = await startTestApp();
  bc = await app.createBillingCompany('Users BC', 'UBC');
  const other = await app.createBillingCompany('Other BC', 'OBC');
  await app.createUser({ email: 'root@users.test', roles: ['superuser'] });
  await app.createUser({ email: 'bm@users.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'bm@other.test', roles: ['billingmanager'], billingCompanyIds: [other] });
  root = app.as(await app.login('root@users.test'));
  manager = app.as(await app.login('bm@users.test'));
  otherManager = app.as(await app.login('bm@other.test'));
  roleId = async (slug) =>
    Number((await app.db.query<{ id: number }>('select id from roles where slug = $1', [slug])).rows[0].id);
});
afterAll(() => app.close());

const person = async (extra: Record<string, unknown> = {}) => ({
  first_name: 'Ana',
  last_name: 'Ruiz',
  email: `ana${++n}@users.test`,
  date_of_birth: '04/12/1985',
  ssn: `123-45-${String(1000 + n).slice(-4)}`,
  roles: [await roleId('biller')],
  ...extra,
});

describe('creating users', () => {
  it('a Billing Manager creates a user in their billing company with the roles given', async () => {
    const r = await manager('POST', '/user', await person());
    expect(r.status).toBe(201);
    expect(r.body.billing_company_ids).toEqual([bc]);
    expect(r.body.roles.map((x: { slug: string }) => x.slug)).toEqual(['biller']);
  });

  it('the new user is mailed a link to choose a password', async () => {
    const body = await person();
    await manager('POST', '/user', body);
    const m = await app.db.query<{ kind: string; body: string }>(
      'select kind, body from mail_outbox where recipient = $1',
      [body.email],
    );
    expect(m.rows[0].kind).toBe('welcome');
    expect(m.rows[0].body).toMatch(/newCredentials\?token=/);
  });

  it('the e-mail is required and must be valid', async () => {
    const missing = await manager('POST', '/user', { ...(await person()), email: undefined });
    expect(missing.body.errors.email).toEqual(['The e-mail field is required.']);
    const bad = await manager('POST', '/user', await person({ email: 'not-an-email' }));
    expect(bad.body.errors.email).toEqual(['The e-mail must be a valid email address.']);
  });

  it('an e-mail already used answers User already exists for this email', async () => {
    const body = await person();
    await manager('POST', '/user', body);
    const r = await manager('POST', '/user', { ...(await person()), email: body.email.toUpperCase() });
    expect(r.status).toBe(422);
    expect(r.body.errors.email).toEqual([USER_MESSAGES.exists]);
  });

  it('at least one role is required', async () => {
    const r = await manager('POST', '/user', await person({ roles: [] }));
    expect(r.status).toBe(422);
    expect(r.body.errors.roles).toBeDefined();
  });

  it('Health Professional and Patient roles cannot be given through user management', async () => {
    for (const slug of ['healthprofessional', 'patient']) {
      const r = await root('POST', '/user', await person({ roles: [await roleId(slug)], billing_company_ids: [bc] }));
      expect(r.status, slug).toBe(422);
      expect(r.body.errors.roles).toEqual(['The selected roles are invalid.']);
    }
  });

  it('the roles offered exclude Health Professional and Patient, and system roles for a billing company', async () => {
    const offered = (await manager('GET', '/roles')).body.map((r: { slug: string }) => r.slug);
    expect(offered).not.toContain('healthprofessional');
    expect(offered).not.toContain('patient');
    expect(offered).not.toContain('superuser');
    expect(offered).toContain('biller');
  });

  it('a Billing Manager cannot make a Super User', async () => {
    const r = await manager('POST', '/user', await person({ roles: [await roleId('superuser')] }));
    expect(r.status).toBe(422);
  });

  it('a user must be of legal age', async () => {
    const year = new Date().getFullYear() - 17;
    const r = await manager('POST', '/user', await person({ date_of_birth: `01/01/${year}` }));
    expect(r.status).toBe(422);
    expect(r.body.errors.date_of_birth).toEqual([USER_LEGAL_AGE_MESSAGE]);
  });

  it('a social network is required when a link is given', async () => {
    const r = await manager('POST', '/user', await person({ social_networks: [{ link: 'https://example.com/ana' }] }));
    expect(r.status).toBe(422);
    expect(r.body.errors['social_networks.0.network']).toEqual(['The social network field is required.']);
  });

  it('a refused user writes nothing', async () => {
    const before = await app.db.query<{ n: number }>(
      'select (select count(*) from users) + (select count(*) from audits) as n',
    );
    await manager('POST', '/user', await person({ roles: [await roleId('patient')] }));
    const after = await app.db.query<{ n: number }>(
      'select (select count(*) from users) + (select count(*) from audits) as n',
    );
    expect(Number(after.rows[0].n)).toBe(Number(before.rows[0].n));
  });
});

describe('SSN', () => {
  it('only the last 4 digits are ever answered', async () => {
    const r = await manager('POST', '/user', await person({ ssn: '321-54-9876' }));
    expect(r.body.ssn_last4).toBe('9876');
    const shown = await root('GET', `/user/${r.body.id}`);
    const list = await root('GET', '/user/get-all-server?query=9876');
    for (const text of [JSON.stringify(r.body), JSON.stringify(shown.body), JSON.stringify(list.body)]) {
      expect(text).not.toMatch(/321-?54-?9876/);
      expect(text).not.toContain('ssn_hash');
    }
    expect(list.body.data.map((u: { id: number }) => u.id)).toContain(r.body.id);
  });

  it('the full SSN is kept nowhere: not in the users table, not in the audit trail', async () => {
    await manager('POST', '/user', await person({ ssn: '555-66-7777' }));
    const dump = await app.db.query<{ t: string }>(
      "select (select coalesce(string_agg(row_to_json(u)::text, ''), '') from users u) || (select coalesce(string_agg(row_to_json(a)::text, ''), '') from audits a) as t",
    );
    expect(dump.rows[0].t).not.toMatch(/555-?66-?7777/);
  });

  it("a user is found by SSN, and an unknown SSN answers The user doesn't exist", async () => {
    const body = await person({ ssn: '111-22-3333' });
    await manager('POST', '/user', body);
    const found = await manager('GET', '/user/111-22-3333/get-by-ssn');
    expect(found.status).toBe(200);
    expect(found.body.user.email).toBe(body.email);
    const missing = await manager('GET', '/user/999-88-7777/get-by-ssn');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(USER_MESSAGES.missing);
  });

  it('a user is found by e-mail with the exists message', async () => {
    const body = await person();
    await manager('POST', '/user', body);
    const r = await manager('GET', `/user/search?email=${encodeURIComponent(body.email)}`);
    expect(r.body.message).toBe(USER_MESSAGES.exists);
    expect((await manager('GET', '/user/search?email=nobody%40users.test')).body.message).toBe(USER_MESSAGES.missing);
  });
});

describe('looking up a person of another billing company', () => {
  it('by SSN or e-mail answers as if there were nobody: that they have an account elsewhere is not told', async () => {
    const body = await person({ ssn: '222-33-4444' });
    await manager('POST', '/user', body);
    for (const path of ['/user/222-33-4444/get-by-ssn', `/user/search?email=${encodeURIComponent(body.email)}`]) {
      const r = await otherManager('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body.message, path).toBe(USER_MESSAGES.missing);
      expect(JSON.stringify(r.body)).not.toContain(body.last_name);
    }
  });
});

describe('managing users', () => {
  it('a Billing Manager sees only the users of their billing company', async () => {
    const mine = await manager('POST', '/user', await person());
    expect((await otherManager('GET', `/user/${mine.body.id}`)).status).toBe(404);
    const list = await otherManager('GET', '/user/get-all-server?itemsPerPage=100');
    expect(list.body.data.map((u: { id: number }) => u.id)).not.toContain(mine.body.id);
  });

  it('update changes fields and replaces roles', async () => {
    const u = await manager('POST', '/user', await person());
    const r = await manager('PUT', `/user/${u.body.id}`, { job_role: 'Coder', roles: [await roleId('collector')] });
    expect(r.status).toBe(200);
    expect(r.body.job_role).toBe('Coder');
    expect(r.body.roles.map((x: { slug: string }) => x.slug)).toEqual(['collector']);
  });

  it('disable and enable set the status the body names', async () => {
    const u = await manager('POST', '/user', await person());
    expect((await manager('PATCH', `/user/${u.body.id}/change-status`, { status: false })).body.status).toBe(false);
    expect((await manager('PATCH', `/user/${u.body.id}/change-status`, { status: true })).body.status).toBe(true);
  });

  it('an empty change-status body is refused and leaves the user as they were', async () => {
    const u = await manager('POST', '/user', await person());
    const r = await manager('PATCH', `/user/${u.body.id}/change-status`);
    expect(r.status).toBe(422);
    expect(r.body.errors.status).toEqual(['The status must be true or false.']);
    const row = await app.db.query<{ status: boolean }>('select status from users where id = $1', [u.body.id]);
    expect(row.rows[0].status).toBe(true);
  });

  /** A user the manager creates, given the test password (no mailed link in a test), and signed in once. */
  const signedInNewUser = async () => {
    const body = await person();
    const u = await manager('POST', '/user', body);
    await app.db.query(
      'update users set password_hash = (select password_hash from users where email = $1) where id = $2',
      ['root@users.test', u.body.id],
    );
    return { u, token: await app.login(body.email) };
  };

  it("changing a user's roles ends their sessions: they sign in again under the new roles", async () => {
    const { u, token } = await signedInNewUser();
    expect((await app.as(token)('GET', '/auth/me')).status).toBe(200);
    const collector = (await app.db.query<{ id: number }>("select id from roles where slug = 'collector'")).rows[0].id;
    await manager('PUT', `/user/${u.body.id}`, { roles: [collector], version: u.body.version });
    expect((await app.as(token)('GET', '/auth/me')).status).toBe(401);
  });

  it("a manager sees a user's open sessions; a manager of another billing company does not", async () => {
    const { u } = await signedInNewUser();
    const seen = await manager('GET', `/user/${u.body.id}/sessions`);
    expect(seen.status).toBe(200);
    expect(seen.body).toHaveLength(1);
    expect(seen.body[0]).toMatchObject({ ip: expect.any(String), user_agent: expect.anything(), current: false });
    expect((await otherManager('GET', `/user/${u.body.id}/sessions`)).status).toBe(404);
  });

  it('a role can be assigned and removed, and the answer says which', async () => {
    const u = await manager('POST', '/user', await person());
    const collector = await roleId('collector');
    const added = await manager('PATCH', `/permission/assign-role-user/${u.body.id}/${collector}`);
    expect(added.body.message).toBe('The role Collector was assigned to the user.');
    const removed = await manager('PATCH', `/permission/remove-role-user/${u.body.id}/${collector}`);
    expect(removed.body.message).toBe('The role Collector was removed from the user.');
    expect(removed.body.roles.map((r: { slug: string }) => r.slug)).toEqual(['biller']);
  });

  it('the last role cannot be removed', async () => {
    const u = await manager('POST', '/user', await person());
    const r = await manager('PATCH', `/permission/remove-role-user/${u.body.id}/${await roleId('biller')}`);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(LAST_ROLE_MESSAGE);
  });

  it('social networks are saved through social-medias', async () => {
    const u = await manager('POST', '/user', await person());
    const r = await manager('PATCH', `/user/social-medias/${u.body.id}`, {
      social_networks: [{ network: 'LinkedIn', link: 'https://linkedin.com/in/ana' }],
    });
    expect(r.status).toBe(200);
    expect(r.body.social_networks).toEqual([{ network: 'LinkedIn', link: 'https://linkedin.com/in/ana' }]);
  });

  it('genders and name suffixes are look-up lists', async () => {
    expect((await manager('GET', '/user/get-list-gender')).body.map((g: { name: string }) => g.name)).toEqual([
      'F - Female',
      'M - Male',
      'O - Other',
    ]);
    expect((await manager('GET', '/user/get-list-name-suffix')).body.map((g: { name: string }) => g.name)).toEqual([
      'I',
      'II',
      'III',
      'IV',
      'Jr',
      'Sr',
    ]);
  });

  it('an administrator can end all sessions of a user', async () => {
    const body = await person();
    const u = await manager('POST', '/user', body);
    await app.db.query(
      "update users set password_hash = (select password_hash from users where email = 'bm@users.test') where id = $1",
      [u.body.id],
    );
    const token = await app.login(body.email);
    expect((await manager('DELETE', `/user/${u.body.id}/sessions`)).status).toBe(200);
    expect((await app.as(token)('GET', '/auth/me')).status).toBe(401);
  });

  it('no user answer carries a password hash', async () => {
    const u = await manager('POST', '/user', await person());
    for (const r of [
      u,
      await manager('GET', `/user/${u.body.id}`),
      await manager('GET', '/user/get-all-server'),
      await manager('GET', '/user/get-list'),
    ]) {
      expect(JSON.stringify(r.body)).not.toMatch(/password_hash|scrypt\$/);
    }
  });
});

describe('user history', () => {
  it('a Billing Manager reads the history of their own users only', async () => {
    const u = await manager('POST', '/user', await person());
    expect((await manager('PATCH', `/audit-all-by-entity/user/${u.body.id}`)).body.count).toBeGreaterThan(0);
    expect((await otherManager('PATCH', `/audit-all-by-entity/user/${u.body.id}`)).status).toBe(404);
  });
});

describe('user pickers', () => {
  it('get-list narrows to one billing company when asked', async () => {
    const u = await manager('POST', '/user', await person());
    const inBc = (await root('GET', `/user/get-list?billing_company_id=${bc}`)).body.map((x: { id: number }) => x.id);
    expect(inBc).toContain(u.body.id);
    const other = (await root('GET', '/user/get-list?billing_company_id=999999')).body;
    expect(other).toEqual([]);
  });
});
