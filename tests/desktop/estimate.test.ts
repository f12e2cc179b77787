import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';

let app: TestApp;
let w: ClaimWorld;
let biller: Api;
let elsewhere: Api;
beforeAll(async () => {
  app = await startTestApp();
  w = await claimWorld(app.db);
  const other = await claimWorld(app.db, 'OTH');
  await app.createUser({ email: 'biller@estimate.test', roles: ['biller'], billingCompanyIds: [w.bc] });
  await app.createUser({ email: 'biller@other-estimate.test', roles: ['biller'], billingCompanyIds: [other.bc] });
  biller = app.as(await app.login('biller@estimate.test'));
  elsewhere = app.as(await app.login('biller@other-estimate.test'));
  // The clinic's fee schedule prices the office visit above the procedure list; the plan contracts both.
  await app.db.query(`update companies set services = $2 where id = $1`, [
    w.company,
    JSON.stringify([
      { procedure_code: '99213', std_price: 15000 },
      { procedure_code: '36415', std_price: 1500 },
    ]),
  ]);
  await app.db.query(`update insurance_plans set copays = $2, contract_fees = $3 where id = $1`, [
    w.plan,
    JSON.stringify([{ procedure_codes: ['99213'], amount: 2500 }]),
    JSON.stringify([
      { contract_fee_type_id: 4, procedure_codes: ['99213'], price: 9000 },
      { contract_fee_type_id: 4, procedure_codes: ['36415'], price_percentage: '50' },
    ]),
  ]);
});
afterAll(() => app.close());

const lines = [
  { procedure_code: '99213', units: 1 },
  { procedure_code: '36415', units: 2 },
];

describe('patient estimate (Medical Store)', () => {
  it("self-pay: the charges come from the clinic's fee schedule, and the patient owes them", async () => {
    const r = await biller('POST', '/medical-store/estimate', {
      company_id: w.company,
      insurance_plan_id: null,
      lines,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.lines.map((l: { code: string; charge: number }) => [l.code, l.charge])).toEqual([
      ['99213', 15000],
      ['36415', 3000],
    ]);
    expect([r.body.self_pay, r.body.patient, r.body.insurance]).toEqual([true, 18000, 0]);
  });

  it("insured: the plan's contract sets the allowed amounts; copay, deductible left and coinsurance make the patient's share", async () => {
    const r = await biller('POST', '/medical-store/estimate', {
      company_id: w.company,
      insurance_plan_id: w.plan,
      lines,
      deductible_left: 2000,
      coinsurance_percent: 20,
    });
    expect(r.body.lines.map((l: { allowed: number }) => l.allowed)).toEqual([9000, 1500]);
    // allowed 10,500; copay 2,500; deductible 2,000; 20% of 6,000 = 1,200.
    expect([
      r.body.allowed,
      r.body.copay,
      r.body.deductible,
      r.body.coinsurance,
      r.body.patient,
      r.body.insurance,
    ]).toEqual([10500, 2500, 2000, 1200, 5700, 4800]);
  });

  it("another billing company's clinic or plan is not found", async () => {
    expect((await elsewhere('POST', '/medical-store/estimate', { company_id: w.company, lines })).status).toBe(404);
  });

  it('an unknown procedure is named at its line', async () => {
    const r = await biller('POST', '/medical-store/estimate', {
      company_id: w.company,
      lines: [
        { procedure_code: '99213', units: 1 },
        { procedure_code: 'ZZZ99', units: 1 },
      ],
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ 'lines.1.procedure_code': ['The procedure was not found.'] });
  });
});
