import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let managerA: Api;
let bcA: number;
let bcB: number;
let patientB: number;
let auditB: number;

beforeAll(async () => {
  app = await startTestApp();
  bcA = await app.createBillingCompany('Alpha Billing', 'ALP');
  bcB = await app.createBillingCompany('Beta Billing', 'BET');
  await app.createUser({ email: 'root@test.com', roles: ['superuser'] });
  await app.createUser({ email: 'manager.a@test.com', roles: ['billingmanager'], billingCompanyIds: [bcA] });
  const root = app.as(await app.login('root@test.com'));
  patientB = (
    await root('POST', '/patient', {
      first_name: 'Bea',
      last_name: 'Beta',
      date_of_birth: '03/04/1970',
      med_num: 'B-1',
      billing_company_id: bcB,
    })
  ).body.id;
  await root('POST', '/patient', {
    first_name: 'Al',
    last_name: 'Alpha',
    date_of_birth: '03/04/1971',
    med_num: 'A-1',
    billing_company_id: bcA,
  });
  auditB = (
    await app.db.query<{ id: number }>(`select id from audits where entity = 'patient' and entity_id = $1`, [patientB])
  ).rows[0].id;
  managerA = app.as(await app.login('manager.a@test.com'));
});
afterAll(() => app.close());

describe("a Billing Manager cannot read or change another billing company's rows", () => {
  it('does not see them in server lists, pickers or search', async () => {
    const list = await managerA('GET', '/patient/get-all-server');
    expect(list.body.data.map((p: { last_name: string }) => p.last_name)).toEqual(['Alpha']);
    expect((await managerA('GET', '/patient')).body.count).toBe(1);
    expect((await managerA('GET', '/patient/get-list')).body.map((p: { id: number }) => p.id)).not.toContain(patientB);
    expect((await managerA('GET', `/patient/get-all-server?billing_company_id=${bcB}`)).body.count).toBe(0);
    expect(
      (await managerA('GET', '/billing-company/get-all-server')).body.data.map((b: { id: number }) => b.id),
    ).toEqual([bcA]);
    expect((await managerA('GET', '/search/beta')).body).toEqual([]);
  });

  it('gets 404 reading, updating, changing status or deleting them', async () => {
    expect((await managerA('GET', `/patient/${patientB}`)).status).toBe(404);
    expect((await managerA('PUT', `/patient/${patientB}`, { first_name: 'Hacked', version: 1 })).status).toBe(404);
    expect((await managerA('PATCH', `/patient/change-status/${patientB}`, { status: false })).status).toBe(404);
    expect((await managerA('DELETE', `/patient/${patientB}`)).status).toBe(404);
    expect((await managerA('GET', `/billing-company/${bcB}`)).status).toBe(404);
    expect((await managerA('PUT', `/billing-company/${bcB}`, { name: 'Taken over', version: 1 })).status).toBe(404);
    const row = (
      await app.db.query<{ first_name: string; status: boolean }>(
        'select first_name, status from patients where id = $1',
        [patientB],
      )
    ).rows[0];
    expect(row).toEqual({ first_name: 'Bea', status: true });
  });

  it('cannot create a row in another billing company or move one there', async () => {
    expect(
      (
        await managerA('POST', '/patient', {
          first_name: 'X',
          last_name: 'Y',
          date_of_birth: '01/01/1990',
          billing_company_id: bcB,
        })
      ).status,
    ).toBe(403);
    const own = await managerA('POST', '/patient', {
      first_name: 'Own',
      last_name: 'Row',
      date_of_birth: '01/01/1990',
    });
    expect(own.status).toBe(201);
    expect(own.body.billing_company_id).toBe(bcA);
    expect(
      (await managerA('PUT', `/patient/${own.body.id}`, { billing_company_id: bcB, version: own.body.version })).status,
    ).toBe(403);
  });

  it('cannot read or roll back their audit history', async () => {
    expect((await managerA('PATCH', `/audit-all-by-entity/patient/${patientB}`)).status).toBe(404);
    expect((await managerA('POST', '/audit-one', { id: auditB })).status).toBe(404);
    expect((await managerA('PATCH', `/rollback-audit/${auditB}/by-entity/patient/${patientB}`)).status).toBe(404);
  });

  it('is refused actions their role lacks with 403', async () => {
    const r = await managerA('POST', '/billing-company/create', { name: 'New', abbreviation: 'NEW' });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'This action is unauthorized.', code: 'forbidden' });
    expect((await managerA('POST', '/diagnosis', { code: 'Z00', description: 'x' })).status).toBe(403);
  });
});
