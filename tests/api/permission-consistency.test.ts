import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
let bc: number;
let patientId: number;
const as: Record<string, Api> = {};
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  bc = await app.createBillingCompany('Rules Billing', 'RL');
  for (const role of ['collector', 'biller', 'patient', 'client']) {
    await app.createUser({ email: `${role}@rules.test`, roles: [role], billingCompanyIds: [bc] });
    as[role] = app.as(await app.login(`${role}@rules.test`));
  }
  patientId = (await root('POST', '/patient', { first_name: 'Rosa', last_name: 'Diaz', date_of_birth: '03/04/1970', billing_company_id: bc })).body.id;
  await root('POST', '/company', { name: 'Rules Clinic', abbreviation: 'RC', npi: '1234567893', billing_company_id: bc });
});
afterAll(() => app.close());

describe('one rule per permission, whichever route serves the data', () => {
  it('a patient\'s policies: the generic list and the patient\'s own route answer alike for each role', async () => {
    for (const [role, expected] of [['collector', 403], ['biller', 200]] as const) {
      expect((await as[role]('GET', '/insurance-policy/get-all-server')).status, `${role} list`).toBe(expected);
      expect((await as[role]('GET', `/patient/${patientId}/get-policies`)).status, `${role} patient route`).toBe(expected);
    }
  });

  it('the clinic list with its NPIs is company data: the Patient and Client roles do not get it', async () => {
    for (const role of ['patient', 'client']) {
      for (const path of ['/company/get-list-by-billing-company', `/company/get-list-by-billing-company/${bc}?batch=true`, '/company/get-list']) {
        expect((await as[role]('GET', path)).status, `${role} ${path}`).toBe(403);
      }
    }
    const biller = await as.biller('GET', `/company/get-list-by-billing-company/${bc}?batch=true`);
    expect(biller.status).toBe(200);
    expect(biller.body[0].name).toMatch(/^Rules Clinic/);
  });
});
