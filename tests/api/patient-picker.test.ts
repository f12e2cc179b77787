import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
let other: Api;
const ids: Record<string, number> = {};
const names = (r: { body: Array<{ name: string }> }) => r.body.map((p) => p.name);

beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Alpha Billing', 'ALP');
  const bcB = await app.createBillingCompany('Beta Billing', 'BET');
  await app.createUser({ email: 'root@test.com', roles: ['superuser'] });
  await app.createUser({ email: 'manager.b@test.com', roles: ['billingmanager'], billingCompanyIds: [bcB] });
  root = app.as(await app.login('root@test.com'));
  other = app.as(await app.login('manager.b@test.com'));
  const people: Array<[string, string, string, string]> = [
    ['James', 'Davis', '02/14/1961', 'MR-100'],
    ['David', 'Smith', '07/01/1975', 'MR-101'],
    ['Davina', 'Jameson', '11/30/1990', 'MR-102'],
    ['Maria', 'Davis', '02/14/1961', 'MR-103'],
  ];
  for (const [first_name, last_name, date_of_birth, med_num] of people) {
    const r = await root('POST', '/patient', { first_name, last_name, date_of_birth, med_num, billing_company_id: bc });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids[`${first_name} ${last_name}`] = r.body.id;
  }
});
afterAll(() => app.close());

describe("the claim's patient picker searches the server", () => {
  it('finds a patient by name in either order', async () => {
    const asTyped = await root('GET', '/patient/get-list?query=davis%20james&itemsPerPage=25');
    expect(asTyped.body.map((p: { id: number }) => p.id)).toEqual([ids['James Davis']]);
    const firstFirst = await root('GET', '/patient/get-list?query=james%20davis&itemsPerPage=25');
    expect(firstFirst.body.map((p: { id: number }) => p.id)).toEqual([ids['James Davis']]);
  });

  it('finds patients by date of birth and by medical record number', async () => {
    const born = await root('GET', '/patient/get-list?query=02/14/1961&itemsPerPage=25');
    expect(born.body.map((p: { id: number }) => p.id).sort()).toEqual([ids['James Davis'], ids['Maria Davis']].sort());
    const record = await root('GET', '/patient/get-list?query=MR-102&itemsPerPage=25');
    expect(record.body.map((p: { id: number }) => p.id)).toEqual([ids['Davina Jameson']]);
  });

  it('answers only the first page of matches a search box asks for', async () => {
    expect((await root('GET', '/patient/get-list?query=davis&itemsPerPage=1')).body).toHaveLength(1);
    expect((await root('GET', '/patient/get-list?query=davis')).body).toHaveLength(2);
  });

  it("names a claim's stored patient by id, within the caller's billing companies only", async () => {
    const mine = await root('GET', `/patient/get-list?ids=${ids['David Smith']}`);
    expect(mine.body.map((p: { id: number }) => p.id)).toEqual([ids['David Smith']]);
    expect(names(mine)[0]).toMatch(/David/);
    expect((await other('GET', `/patient/get-list?ids=${ids['David Smith']}`)).body).toEqual([]);
  });
});
