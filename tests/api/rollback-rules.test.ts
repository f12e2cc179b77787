import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPEATED_RESPONSIBILITY_MESSAGE } from '../../dev-server/resources/stored-rules.ts';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let bm: Api;
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Rollback BC', 'RB');
  await app.createUser({ email: 'bm@rollback.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  bm = app.as(await app.login('bm@rollback.test'));
});
afterAll(() => app.close());

describe('a rollback goes through the same rules as any write', () => {
  it("rolling back a policy's disable that would make two active primaries answers 422 and changes nothing", async () => {
    const patient = (
      await bm('POST', '/patient', { first_name: 'Rosa', last_name: 'Diaz', date_of_birth: '03/04/1970', sex: 'F' })
    ).body.id;
    const payer = (await bm('POST', '/insurance-company', { name: 'Rollback Payer', payer_id: 'RBP01' })).body.id;
    const plan = (await bm('POST', '/insurance-plan', { insurance_company_id: payer, name: 'PPO' })).body.id;
    const policy = (n: string) => ({
      policy_number: n,
      insurance_company_id: payer,
      insurance_plan_id: plan,
      type_responsibility_id: 1,
      eff_date: '01/01/2026',
    });
    const first = (await bm('PATCH', `/patient/add-policy-to-patient/${patient}`, policy('P-1'))).body.id;
    expect(
      (await bm('PATCH', `/patient/${patient}/change-status-policy/${first}`, { status: false })).body.status,
    ).toBe(false);
    expect((await bm('PATCH', `/patient/add-policy-to-patient/${patient}`, policy('P-2'))).status).toBe(201);
    const disable = (
      await app.db.query<{ id: number }>(
        `select id from audits where entity = 'insurance_policy' and entity_id = $1 and event = 'status_changed'`,
        [first],
      )
    ).rows[0];
    const r = await bm('PATCH', `/rollback-audit/${disable.id}/by-entity/insurance_policy/${first}`);
    expect(r.status).toBe(422);
    expect(r.body.errors.type_responsibility_id).toEqual([REPEATED_RESPONSIBILITY_MESSAGE]);
    const active = await app.db.query(
      'select id from insurance_policies where patient_id = $1 and type_responsibility_id = 1 and status',
      [patient],
    );
    expect(active.rows).toHaveLength(1);
  });
});
