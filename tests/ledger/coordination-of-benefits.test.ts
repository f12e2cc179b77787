import { toIsoDate } from '../../src/domain/formats.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra, eraPolicy, receiveEra } from '../helpers/era-claims.ts';
import { write835, type ClaimToRemit } from '../../src/domain/x12/era-835-writer.ts';
import { KEY_INSURANCE, LUCIA, SUNSHINE_CLINIC, paidWithCoinsurance } from '../helpers/key-insurance-835.ts';
import { agingSource } from '../../dev-server/reports/sources/aging.ts';
import { computeKpis } from '../../dev-server/reports/kpis.ts';

// One claim of 200.00 billed to two payers. The primary allows 150.00, pays 120.00, writes off 50.00 (CO-45) and
// leaves 30.00 coinsurance (PR-2). The secondary is billed for the 30.00: it pays 24.00, restates the primary's
// adjudication as CO-23 (170.00) and leaves 6.00 to the patient (PR-2). The patient owes 6.00, insurance nothing.
let app: TestApp;
let root: Api;
let w: ClaimWorld;
let claimId: number;
const PRIMARY = KEY_INSURANCE;
const SECONDARY = {
  name: 'GULF SUPPLEMENTAL',
  id: '61102',
  address: { line1: 'PO BOX 2200', city: 'TAMPA', state: 'FL', zip: '33601' },
  contact: { phone: '8005550199' },
};
let control = 40;
const era = (payer: typeof PRIMARY, trace: string, claim: ClaimToRemit, day = '2026-03-20') =>
  write835({
    sender: payer.id,
    receiver: 'SUNSHINE',
    control: ++control,
    date: toIsoDate(day),
    payments: [{ payer, payee: SUNSHINE_CLINIC, method: 'ACH', date: toIsoDate(day), trace, claims: [claim] }],
  });
const primaryPays = paidWithCoinsurance('COB-1');
const secondaryPays: ClaimToRemit = {
  patientControlNumber: 'COB-1',
  status: '2',
  charge: 20000,
  paid: 2400,
  patientResponsibility: 600,
  payerControlNumber: 'GS-COB-1',
  patient: LUCIA,
  from: toIsoDate('2026-03-02'),
  lines: [
    {
      procedure: '99214',
      charge: 18000,
      paid: 2400,
      date: toIsoDate('2026-03-02'),
      adjustments: [
        { group: 'CO', reason: '23', amount: 15000 },
        { group: 'PR', reason: '2', amount: 600 },
      ],
    },
    {
      procedure: '36415',
      charge: 2000,
      paid: 0,
      date: toIsoDate('2026-03-02'),
      adjustments: [{ group: 'CO', reason: '23', amount: 2000 }],
    },
  ],
};
const takeback: ClaimToRemit = {
  ...secondaryPays,
  status: '22',
  charge: -20000,
  paid: -2400,
  patientResponsibility: -600,
  lines: [],
  adjustments: [
    { group: 'CO', reason: '23', amount: -17000 },
    { group: 'PR', reason: '2', amount: -600 },
  ],
};

const receiveAndPost = async (text: string, name: string) => {
  const [era] = (await receiveEra(app.db, root, w.bc, text, name)).rows;
  return (await root('POST', '/payments/eras/process', { id: era.id })).body as {
    posted_claims: number;
    exceptions: number;
  };
};
const balances = async () => {
  const c = (
    (await root('GET', `/ledger/${w.patient}/claims`)).body as Array<{
      id: number;
      insurance_balance: number;
      patient_balance: number;
    }>
  ).find((x) => x.id === claimId)!;
  return { insurance: c.insurance_balance, patient: c.patient_balance };
};
const status = async () =>
  Number((await app.db.query<{ s: number }>('select status_id as s from claims where id = $1', [claimId])).rows[0].s);

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  const first = era(PRIMARY, 'COBPRI1', primaryPays);
  claimId = (await claimsForEra(app.db, w, first)).get('COB-1')!;
  const primaryPolicy = await eraPolicy(app.db, w, first);
  const secondaryPolicy = await eraPolicy(app.db, w, era(SECONDARY, 'COBSEC0', secondaryPays));
  await app.db.query('update claims set insurance_policy_ids = $2 where id = $1', [
    claimId,
    JSON.stringify([primaryPolicy, secondaryPolicy]),
  ]);
  expect(await receiveAndPost(first, 'cob-primary.835')).toMatchObject({ posted_claims: 1, exceptions: 0 });
  const refile = await root('POST', '/denial/refile', {
    claim_id: claimId,
    refile_type: 1,
    refile_reason: '01',
    note: 'Coinsurance to the secondary',
  });
  expect(refile.status, JSON.stringify(refile.body)).toBe(201);
  // Sent to the secondary (what is tested is the posting, not the batch).
  await app.db.query('update claims set status_id = 3 where id = $1', [claimId]);
  expect(
    await receiveAndPost(era(SECONDARY, 'COBSEC1', secondaryPays, '2026-04-10'), 'cob-secondary.835'),
  ).toMatchObject({ posted_claims: 1, exceptions: 0 });
});
afterAll(() => app.close());

describe('a secondary payer in the ledger (coordination of benefits)', () => {
  it("the secondary's payment comes off the patient's share the primary left, and its CO-23 settles nothing again", async () => {
    expect(await balances()).toEqual({ insurance: 0, patient: 600 });
    const totals = (await root('GET', `/ledger/${w.patient}`)).body.totals as Record<string, number>;
    expect(totals).toMatchObject({
      charges: 20000,
      insurance_paid: 14400,
      adjustments: 5000,
      insurance_balance: 0,
      patient_balance: 600,
    });
  });

  it("the ledger shows the secondary's payment on the patient's side, and the running balances end at what is owed", async () => {
    const rows = (await root('GET', `/ledger/${w.patient}`)).body.transactions as Array<{
      type: string;
      description: string;
      insurance: number;
      patient: number;
      insurance_balance: number;
      patient_balance: number;
    }>;
    const second = rows.filter((r) => r.description.includes('GULF SUPPLEMENTAL'));
    expect(second.map((r) => [r.type, r.insurance, r.patient, r.description])).toEqual([
      ['payment', 0, -2400, 'Payment from GULF SUPPLEMENTAL as secondary payer (COBSEC1)'],
    ]);
    expect(rows.at(-1)).toMatchObject({ insurance_balance: 0, patient_balance: 600 });
  });

  it('the aging agrees with the ledger: 6.00 owed by the patient, nothing by insurance', async () => {
    const aging = agingSource({ billingCompanyIds: [w.bc], asOf: '2026-05-01', agingBy: 'date_of_service' }, [
      'insurance',
      'patient',
    ]);
    const rows = (
      await app.db.query<{ claim_id: string; responsibility: string; balance: string }>(
        `select claim_id, responsibility, balance from (${aging.sql}) a where claim_id = ${claimId}`,
        aging.params,
      )
    ).rows;
    expect(rows.map((r) => [r.responsibility, Number(r.balance)])).toEqual([['patient', 600]]);
  });

  it("the secondary's CO-23 is not counted as a contractual allowance in net collection", async () => {
    const k = await computeKpis(app.db, { billingCompanyIds: [w.bc], from: '2026-01-01', to: '2026-05-01' });
    expect(k.net_collection_rate).toMatchObject({ payments: 14400, charges: 20000, contractual: 5000 });
  });

  it("a secondary's takeback reverses its own payment only: the primary's postings stay and the patient owes the primary's 30.00 again", async () => {
    expect(await receiveAndPost(era(SECONDARY, 'COBSEC2', takeback, '2026-04-20'), 'cob-takeback.835')).toMatchObject({
      posted_claims: 1,
      exceptions: 0,
    });
    expect(await balances()).toEqual({ insurance: 0, patient: 3000 });
    const reversed = (
      await app.db.query<{ paid_as: string }>(
        'select o.paid_as from payment_services r join payment_services o on o.id = r.reverses_id where r.claim_id = $1',
        [claimId],
      )
    ).rows;
    expect(reversed.map((r) => r.paid_as)).toEqual(['S', 'S']);
    // The secondary pays again, correctly this time.
    expect(
      await receiveAndPost(
        era(SECONDARY, 'COBSEC3', { ...secondaryPays, payerControlNumber: 'GS-COB-1B' }, '2026-04-25'),
        'cob-secondary-again.835',
      ),
    ).toMatchObject({ posted_claims: 1 });
    expect(await balances()).toEqual({ insurance: 0, patient: 600 });
  });

  it('the patient is asked for the 6.00 the secondary left, and paying it completes the claim', async () => {
    const owed = (await root('GET', `/payments/batch/payments/patient/${w.patient}`)).body as {
      claims: Array<{ claim_id: number; owed: number }>;
    };
    expect(owed.claims.filter((o) => o.claim_id === claimId).reduce((n, o) => n + o.owed, 0)).toBe(600);
    const paid = await root('POST', '/payments/batch/payments/patient', {
      patient_id: w.patient,
      amount: 600,
      method_id: 1,
      payment_date: '05/02/2026',
      reference: 'COB-PT',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await balances()).toEqual({ insurance: 0, patient: 0 });
    expect(await status()).toBe(7);
  });
});
