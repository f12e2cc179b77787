import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
let bc: number;
const roleId = async (slug: string) =>
  Number(
    (await app.db.query<{ id: number }>('select id from roles where slug = $1 and billing_company_id is null', [slug]))
      .rows[0].id,
  );

beforeAll(async () => {
  app = await startTestApp();
  bc = await app.createBillingCompany('Roles BC', 'RBC');
  await app.createUser({ email: 'root@roles.test', roles: ['superuser'] });
  root = app.as(await app.login('root@roles.test'));
});
afterAll(() => app.close());

describe('reading roles and permissions', () => {
  it('roles-permissions lists the default roles with their permissions by module', async () => {
    const r = await root('GET', '/permission/roles-permissions');
    const biller = r.body.find((x: { slug: string }) => x.slug === 'biller');
    expect(biller.permissions['Claims Management']).toContain('claim.create');
    expect(biller.permissions['Billing Company Management']).toBeUndefined();
  });

  it('permissions-by-role marks each permission of each module granted or not', async () => {
    const r = await root('GET', `/permission/permissions-by-role/${await roleId('biller')}`);
    const claims = r.body.find((m: { module: string }) => m.module === 'claim');
    expect(claims.permissions.find((p: { slug: string }) => p.slug === 'claim.create').granted).toBe(true);
    expect(claims.permissions.find((p: { slug: string }) => p.slug === 'claim.delete').granted).toBe(false);
  });

  it('role/{id} answers one role', async () => {
    const r = await root('GET', `/permission/role/${await roleId('client')}`);
    expect(r.body).toMatchObject({
      slug: 'client',
      name: 'Client',
      permissions: ['setting.profile.edit', 'setting.profile.show'],
    });
  });
});

describe('changing permissions', () => {
  it('adding one permission answers which permission was added', async () => {
    const r = await root('PATCH', `/permission/assign-permissions-role/${await roleId('client')}/report.view`);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Permission report.view added to the role Client.');
    expect(r.body.added).toEqual(['report.view']);
  });

  it('removing one permission answers which permission was removed', async () => {
    const client = await roleId('client');
    await root('PATCH', `/permission/assign-permissions-role/${client}/report.create`);
    const r = await root('PATCH', `/permission/remove-permission-role/${client}/report.create`);
    expect(r.body.message).toBe('Permission report.create removed from the role Client.');
    expect(r.body.removed).toEqual(['report.create']);
  });

  it('a whole module can be added and removed at once', async () => {
    const client = await roleId('client');
    const added = await root('PATCH', `/permission/assign-permissions-role/${client}`, { module: 'denial' });
    expect(added.body.added).toHaveLength(8);
    const removed = await root('PATCH', `/permission/remove-permissions-role/${client}`, { module: 'denial' });
    expect(removed.body.removed).toHaveLength(8);
  });

  it("a change applies to the role's users on their next request, in auth/me too", async () => {
    await app.createUser({ email: 'auditor@roles.test', roles: ['billingauditor'], billingCompanyIds: [bc] });
    const token = await app.login('auditor@roles.test');
    expect((await app.as(token)('GET', '/auth/me')).body.permissions).not.toContain('modifier.create');
    await root('PATCH', `/permission/assign-permissions-role/${await roleId('billingauditor')}/modifier.create`);
    expect((await app.as(token)('GET', '/auth/me')).body.permissions).toContain('modifier.create');
    expect(
      (
        await app.as(token)('POST', '/modifier', {
          code: 'Q5',
          description: 'Service furnished under a reciprocal billing arrangement',
        })
      ).status,
    ).toBe(201);
  });

  it('every change is audited with what was added', async () => {
    const client = await roleId('client');
    await root('PATCH', `/permission/assign-permissions-role/${client}/ledger.view`);
    const a = await app.db.query<{ new_values: { added: string[] } }>(
      "select new_values from audits where entity = 'role' and entity_id = $1 order by id desc limit 1",
      [client],
    );
    expect(a.rows[0].new_values.added).toEqual(['ledger.view']);
  });
});

describe('roles per billing company', () => {
  it('a billing company can have its own role, visible only to its people', async () => {
    const created = await root('POST', '/permission/role', { name: 'Front Desk', billing_company_id: bc });
    expect(created.status).toBe(201);
    const otherBc = await app.createBillingCompany('Elsewhere', 'ELS');
    await app.createUser({ email: 'bm@elsewhere.test', roles: ['billingmanager'], billingCompanyIds: [otherBc] });
    await app.createUser({ email: 'bm@roles.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
    const mine = (await app.as(await app.login('bm@roles.test'))('GET', '/roles')).body.map(
      (r: { name: string }) => r.name,
    );
    const theirs = (await app.as(await app.login('bm@elsewhere.test'))('GET', '/roles')).body.map(
      (r: { name: string }) => r.name,
    );
    expect(mine).toContain('Front Desk');
    expect(theirs).not.toContain('Front Desk');
  });

  it("with permission.manage.role, a billing company user may change only their own company's roles and only with permissions they hold", async () => {
    const role = await root('POST', '/permission/role', { name: 'Posting Team', billing_company_id: bc });
    const manager = await app.createUser({
      email: 'bm2@roles.test',
      roles: ['billingmanager'],
      billingCompanyIds: [bc],
    });
    await root('PATCH', `/permission/assign-permissions-role/${await roleId('billingmanager')}/permission.manage.role`);
    const bm = app.as(await app.login('bm2@roles.test'));
    expect(manager).toBeGreaterThan(0);
    expect(
      (await bm('PATCH', `/permission/assign-permissions-role/${await roleId('biller')}/claim.delete`)).status,
    ).toBe(403);
    expect((await bm('PATCH', `/permission/assign-permissions-role/${role.body.id}/payment.view`)).status).toBe(200);
    expect((await bm('PATCH', `/permission/assign-permissions-role/${role.body.id}/audit.view`)).status).toBe(403);
  });
});
