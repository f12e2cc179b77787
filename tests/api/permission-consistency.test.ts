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
  patientId = (
    await root('POST', '/patient', {
      first_name: 'Rosa',
      last_name: 'Diaz',
      date_of_birth: '03/04/1970',
      billing_company_id: bc,
    })
  ).body.id;
  await root('POST', '/company', {
    name: 'Rules Clinic',
    abbreviation: 'RC',
    npi: '1234567893',
    billing_company_id: bc,
  });
});
afterAll(() => app.close());

describe('one rule per permission, whichever route serves the data', () => {
  it("a patient's policies: the generic list and the patient's own route answer alike for each role", async () => {
    for (const [role, expected] of [
      ['collector', 403],
      ['biller', 200],
    ] as const) {
      expect((await as[role]('GET', '/insurance-policy/get-all-server')).status, `${role} list`).toBe(expected);
      expect((await as[role]('GET', `/patient/${patientId}/get-policies`)).status, `${role} patient route`).toBe(
        expected,
      );
    }
    // Where both answer, they answer the same policies.
    const payer = (await root('POST', '/insurance-company', { name: 'Policy Payer', payer_id: 'POLP1' })).body.id;
    const plan = (
      await root('POST', '/insurance-plan', { insurance_company_id: payer, name: 'PPO', billing_company_id: bc })
    ).body.id;
    const added = await root('PATCH', `/patient/add-policy-to-patient/${patientId}`, {
      policy_number: 'P-77',
      insurance_company_id: payer,
      insurance_plan_id: plan,
      type_responsibility_id: 1,
      eff_date: '01/01/2026',
      billing_company_id: bc,
    });
    expect(added.status).toBe(201);
    const listed = (await as.biller('GET', `/insurance-policy/get-all-server?patient_id=${patientId}`)).body.data.map(
      (p: { id: number }) => p.id,
    );
    const own = (await as.biller('GET', `/patient/${patientId}/get-policies`)).body.map((p: { id: number }) => p.id);
    expect(listed).toEqual([added.body.id]);
    expect(own).toEqual([added.body.id]);
  });

  it('the clinic list with its NPIs is company data: the Patient and Client roles do not get it', async () => {
    for (const role of ['patient', 'client']) {
      for (const path of [
        '/company/get-list-by-billing-company',
        `/company/get-list-by-billing-company/${bc}?batch=true`,
        '/company/get-list',
      ]) {
        expect((await as[role]('GET', path)).status, `${role} ${path}`).toBe(403);
      }
    }
    const biller = await as.biller('GET', `/company/get-list-by-billing-company/${bc}?batch=true`);
    expect(biller.status).toBe(200);
    expect(biller.body[0].name).toMatch(/^Rules Clinic/);
  });
});

describe('shared catalogues', () => {
  it('a Billing Manager cannot rename or disable a payer or a clearing house every billing company uses', async () => {
    await app.createUser({ email: 'bm@rules.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
    const bm = app.as(await app.login('bm@rules.test'));
    const payer = (await root('POST', '/insurance-company', { name: 'Shared Payer', payer_id: 'SHP01' })).body;
    const house = (await root('POST', '/clearing-house', { code: 'SHCH', name: 'Shared Clearing House' })).body;
    const renamed = await bm('PUT', `/insurance-company/${payer.id}`, { name: 'Mine now', version: payer.version });
    expect(renamed.status).toBe(403);
    expect(renamed.body.message).toMatch(/shared by every billing company: only a Super User changes them/);
    expect((await bm('PATCH', `/insurance-company/${payer.id}/change-status`, { status: false })).status).toBe(403);
    expect((await bm('PUT', `/clearing-house/${house.id}`, { name: 'Mine now', version: house.version })).status).toBe(
      403,
    );
    expect(
      (await app.db.query<{ name: string }>('select name from insurance_companies where id = $1', [payer.id])).rows[0]
        .name,
    ).toBe('Shared Payer');
    // Using a clearing house is the billing company's own link, not a change to the shared record.
    expect((await bm('PATCH', `/clearing-house/add-to-billing-company/${house.id}`, {})).status).toBe(200);
    // A Super User keeps the catalogue right.
    expect(
      (await root('PUT', `/insurance-company/${payer.id}`, { name: 'Shared Payer Inc', version: payer.version }))
        .status,
    ).toBe(200);
  });
});

describe("a billing company's own settings for shared records", () => {
  it('each billing company keeps its payer id and timely filing for a shared payer, and its submitter id for a clearing house, in rows of its own', async () => {
    const other = await app.createBillingCompany('Other Rules Billing', 'OR');
    await app.createUser({ email: 'bm2@rules.test', roles: ['billingmanager'], billingCompanyIds: [other] });
    await app.createUser({ email: 'bm3@rules.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
    const mine = app.as(await app.login('bm3@rules.test'));
    const theirs = app.as(await app.login('bm2@rules.test'));
    const payer = (
      await root('POST', '/insurance-company', { name: 'Settings Payer', payer_id: 'SETP1', timely_filing_days: 90 })
    ).body;
    const house = (await root('POST', '/clearing-house', { code: 'SETCH', name: 'Settings Clearing House' })).body;
    expect(
      (
        await mine('POST', '/payer-setting', {
          insurance_company_id: payer.id,
          payer_id: 'MY-SETP1',
          timely_filing_days: 365,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await theirs('POST', '/payer-setting', {
          insurance_company_id: payer.id,
          payer_id: 'THEIR-77',
          timely_filing_days: 180,
        })
      ).status,
    ).toBe(201);
    const again = await mine('POST', '/payer-setting', { insurance_company_id: payer.id, payer_id: 'TWICE' });
    expect(again.status).toBe(422);
    expect(
      (await mine('GET', `/payer-setting/get-all-server?insurance_company_id=${payer.id}`)).body.data.map(
        (s: { payer_id: string }) => s.payer_id,
      ),
    ).toEqual(['MY-SETP1']);
    expect(
      (await mine('POST', '/clearing-house-account', { clearing_house_id: house.id, submitter_id: 'SUB123456' }))
        .status,
    ).toBe(201);
    expect((await theirs('GET', '/clearing-house-account/get-all-server')).body.count).toBe(0);
    // The shared record itself is untouched.
    expect(
      (await app.db.query('select payer_id, timely_filing_days from insurance_companies where id = $1', [payer.id]))
        .rows[0],
    ).toEqual({ payer_id: 'SETP1', timely_filing_days: 90 });
  });
});
