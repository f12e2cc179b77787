import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

// A process keeps what each person may do between requests; a change made anywhere (another server
// process writing the same database included, as these direct statements do) applies to the next request.
let app: TestApp;
let manager: Api;
let bcA: number;
let bcB: number;
let managerId: number;
const patientNames = async () =>
  ((await manager('GET', '/patient/get-all-server')).body.data as Array<{ last_name: string }>).map((p) => p.last_name);

const refusal = async () => {
  const r = await manager('GET', '/patient/get-all-server');
  return { status: r.status, code: r.body.code };
};

beforeAll(async () => {
  app = await startTestApp();
  bcA = await app.createBillingCompany('Alpha Billing', 'ALP');
  bcB = await app.createBillingCompany('Beta Billing', 'BET');
  await app.createUser({ email: 'root@test.com', roles: ['superuser'] });
  await app.createUser({ email: 'manager@test.com', roles: ['billingmanager'], billingCompanyIds: [bcA] });
  const root = app.as(await app.login('root@test.com'));
  for (const [bc, last] of [
    [bcA, 'Alpha'],
    [bcB, 'Beta'],
  ] as const)
    await root('POST', '/patient', {
      first_name: 'Pat',
      last_name: last,
      date_of_birth: '03/04/1970',
      med_num: `M-${last}`,
      billing_company_id: bc,
    });
  managerId = (await app.db.query<{ id: number }>(`select id from users where email = 'manager@test.com'`)).rows[0].id;
  manager = app.as(await app.login('manager@test.com'));
});
afterAll(() => app.close());

describe('what a signed-in person may do follows every change at once', () => {
  it('a billing company added to a person is readable on their next request, and gone on the one after its removal', async () => {
    expect(await patientNames()).toEqual(['Alpha']);
    await app.db.query('insert into billing_company_users (billing_company_id, user_id) values ($1, $2)', [
      bcB,
      managerId,
    ]);
    expect((await patientNames()).sort()).toEqual(['Alpha', 'Beta']);
    await app.db.query('delete from billing_company_users where billing_company_id = $1 and user_id = $2', [
      bcB,
      managerId,
    ]);
    expect(await patientNames()).toEqual(['Alpha']);
  });

  it("a permission taken from a role refuses the role's people on their next request", async () => {
    expect((await manager('GET', '/patient/get-all-server')).status).toBe(200);
    const taken = await app.db.query<{ role_id: number; permission_id: number }>(
      `delete from role_permissions rp using roles r, permissions p
        where rp.role_id = r.id and rp.permission_id = p.id and r.slug = 'billingmanager' and p.slug = 'patient.view'
        returning rp.role_id, rp.permission_id`,
    );
    expect(taken.rowCount).toBe(1);
    try {
      expect(await refusal()).toEqual({ status: 403, code: 'forbidden' });
    } finally {
      await app.db.query('insert into role_permissions (role_id, permission_id) values ($1, $2)', [
        taken.rows[0].role_id,
        taken.rows[0].permission_id,
      ]);
    }
    expect((await manager('GET', '/patient/get-all-server')).status).toBe(200);
  });

  it('a role taken from a person takes its permissions with it on their next request', async () => {
    await app.db.query('delete from user_roles where user_id = $1', [managerId]);
    try {
      expect(await refusal()).toEqual({ status: 403, code: 'forbidden' });
    } finally {
      await app.db.query(
        `insert into user_roles (user_id, role_id) select $1, id from roles where slug = 'billingmanager'`,
        [managerId],
      );
    }
  });
});
