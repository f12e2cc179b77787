import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientBalances } from '../../dev-server/ledger/ledger-balances.ts';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra } from '../helpers/era-claims.ts';
import { keyInsurance835, paidWithCoinsurance } from '../helpers/key-insurance-835.ts';

/*
 * Issue 56 §3: a claim says what insurance paid, what the patient paid and what is still owed, from its postings, on
 * the record and as list columns. One claim of 200.00: the payer pays 120.00, adjusts 50.00 (CO-45) and leaves 30.00
 * to the patient (PR-2).
 */
let app: TestApp;
let root: Api;
let w: ClaimWorld;
let claimId: number;
const money = async () =>
  (
    await app.db.query<{ insurance_paid: number; patient_paid: number; balance: number }>(
      'select insurance_paid, patient_paid, balance from claims where id = $1',
      [claimId],
    )
  ).rows[0];

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  const text = keyInsurance835({ control: 12, trace: 'MONEY1', claims: [paidWithCoinsurance('MN-1')] });
  claimId = (await claimsForEra(app.db, w, text)).get('MN-1')!;
  await root('POST', '/payments/eras/sync', { billing_company_id: w.bc, content: text, name: 'money.835' });
  const era = (await app.db.query<{ id: number }>(`select id from era_files where name = 'money.835'`)).rows[0];
  expect((await root('POST', '/payments/eras/process', { id: era.id })).body.posted_claims).toBe(1);
});
afterAll(() => app.close());

describe("a claim's money, from its postings", () => {
  it('a claim nobody has paid owes its whole charge', async () => {
    const r = await root('POST', '/claim', goodClaim(w));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.billed_amount).toBeGreaterThan(0);
    expect([r.body.insurance_paid, r.body.patient_paid, r.body.balance]).toEqual([0, 0, r.body.billed_amount]);
  });

  it('the record says what insurance paid and what is still owed', async () => {
    const r = await root('GET', `/claim/${claimId}`);
    expect([r.body.insurance_paid, r.body.patient_paid, r.body.balance]).toEqual([12000, 0, 3000]);
    expect(await money()).toEqual({ insurance_paid: 12000, patient_paid: 0, balance: 3000 });
  });

  it("a write-off lowers the claim's balance in the same request", async () => {
    const r = await root('POST', '/ledger/entries', {
      patient_id: w.patient,
      claim_id: claimId,
      kind: 'write_off',
      responsibility: 'patient',
      amount: 500,
      entry_date: '03/28/2026',
      reason: 'small_balance',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await money()).balance).toBe(2500);
  });

  it("the claim's figures are the ledger's for the same claim", async () => {
    const ledger = (await patientBalances(app.db, [w.patient], claimId)).get(w.patient)!;
    const m = await money();
    expect([m.insurance_paid, m.patient_paid, m.balance]).toEqual([
      ledger.insurance_paid,
      ledger.patient_paid,
      ledger.balance,
    ]);
  });

  it('the claims list sorts by balance and sums paid and balance over every match', async () => {
    const r = await root('GET', `/claim/get-all-server?billing_company_id=${w.bc}&sortBy=balance&sortDesc=true`);
    expect(r.status).toBe(200);
    const balances = r.body.data.map((c: { balance: number | null }) => c.balance ?? 0);
    expect(balances).toEqual([...balances].sort((a: number, b: number) => b - a));
    const total = Number(
      (await app.db.query<{ s: string }>('select sum(balance) as s from claims where billing_company_id = $1', [w.bc]))
        .rows[0].s,
    );
    expect(r.body.sums).toMatchObject({ balance: total, insurance_paid: 12000 });
  });
});
