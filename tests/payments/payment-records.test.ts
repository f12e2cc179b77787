import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_BATCH_STATUS } from '../../src/generated/ids.ts';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { insuranceCheck } from '../helpers/payment-fixtures.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
const n = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await app.db.query<Record<string, unknown>>(sql, params)).rows[0])[0]);
const statusOf = (claimId: number) => n('select status_id from claims where id = $1', [claimId]);

/** A Submitted claim of two lines: 100.00 and 50.00. */
async function submittedClaim(): Promise<{ id: number; lines: number[] }> {
  const c = await root(
    'POST',
    '/claim/verify-register',
    goodClaim(w, {
      services: [
        {
          from_service: '03/02/2026',
          to_service: '03/02/2026',
          procedure_code: '99213',
          diagnosis_pointers: ['A'],
          days_or_units: '1',
          price: 10000,
        },
        {
          from_service: '03/02/2026',
          to_service: '03/02/2026',
          procedure_code: '36415',
          diagnosis_pointers: ['A'],
          days_or_units: '1',
          price: 5000,
        },
      ],
    }),
  );
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  await app.db.query('update claims set status_id = 3 where id = $1', [c.body.id]);
  const full = (await root('GET', `/claim/${c.body.id}`)).body;
  return { id: full.id, lines: full.services.map((s: { id: number }) => s.id) };
}

/** A payment batch of the world's company, empty. */
async function newBatch(amount: number, name: string) {
  return (
    await root('POST', '/payments/batch', {
      billing_company_id: w.bc,
      name,
      company_id: w.company,
      amount,
      posting_date: '03/20/2026',
    })
  ).body;
}

/** The lines posted as paid in full by the payment (each line's charge). */
const postPaid = (b: { batch: number; payment: number }, lines: number[]) =>
  root('POST', `/payments/batch/${b.batch}/services`, { payment_id: b.payment, services: paidLines(lines) });

const batchWithPayment = (amount: number, name: string) =>
  insuranceCheck(root, w, { name, amount, reference: `CHK-${name}` });

// Pays 70.00 + 40.00 of 100.00 + 50.00: CO-45 20.00 and PR-2 10.00 on the first line, CO-45 10.00 on the second.
const paidLines = (lines: number[]) => [
  {
    claim_service_id: lines[0],
    paid: 7000,
    adjustments: [
      { group: 'CO', reason: '45', amount: 2000 },
      { group: 'PR', reason: '2', amount: 1000 },
    ],
  },
  { claim_service_id: lines[1], paid: 4000, adjustments: [{ group: 'CO', reason: '45', amount: 1000 }] },
];

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

describe('the claims a payment works on', () => {
  it('a new payment batch is given its code from its id', async () => {
    const b = await batchWithPayment(100, 'Coded');
    expect(b.code).toBe(`PB-${String(b.batch).padStart(8, '0')}`);
    expect(await n('select count(*) from payment_batches where code = $1', [b.code])).toBe(1);
  });

  it('a batch goes In Review and back In Progress, and a batch that holds no payment is deleted', async () => {
    const batch = await newBatch(0, 'Review and delete');
    const { IN_PROGRESS, IN_REVIEW, COMPLETED } = PAYMENT_BATCH_STATUS;
    const to = (status_id: number, note?: string) =>
      root('PATCH', `/payments/batch/${batch.id}/transition`, { status_id, note });
    expect((await to(IN_REVIEW, 'Check it')).body).toMatchObject({ id: batch.id, status_id: IN_REVIEW });
    expect(await n('select status_id from payment_batches where id = $1', [batch.id])).toBe(IN_REVIEW);
    expect((await to(IN_PROGRESS)).body.status_id).toBe(IN_PROGRESS);
    // Completed is reached by closing the batch, never by a transition.
    const refused = await to(COMPLETED);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.status_id).toEqual([
      'A batch is closed with the close call; this one moves it between In Progress and In Review.',
    ]);
    expect(await n('select status_id from payment_batches where id = $1', [batch.id])).toBe(IN_PROGRESS);
    expect((await root('DELETE', `/payments/batch/${batch.id}`)).body.message).toBe('Deleted.');
    expect(await n('select count(*) from payment_batches where id = $1', [batch.id])).toBe(0);
  });

  it('claims attached to a payment are what its distribution opens on, before any money moves', async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(11000, 'Attach');
    const set = await root('POST', `/payments/batch/${b.batch}/claims`, {
      payments: [{ id: b.payment, claims: [claim.id] }],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual([{ payment_id: b.payment, added: [claim.id], removed: [] }]);
    const open = await root('GET', `/payments/batch/${b.batch}/payment/${b.payment}/claims`);
    expect(open.body.map((c: { id: number; attached: boolean }) => [c.id, c.attached])).toEqual([[claim.id, true]]);
    expect(await n('select count(*) from payment_services where payment_id = $1', [b.payment])).toBe(0);
  });

  it('a claim not sent to a payer cannot be attached, and nothing is attached', async () => {
    const b = await batchWithPayment(100, 'Draft claim');
    const draft = await root('POST', '/claim/draft', goodClaim(w));
    const r = await root('PUT', `/payments/batch/${b.batch}/payment/${b.payment}/claims`, { claims: [draft.body.id] });
    expect(r.status).toBe(422);
    expect(r.body.errors.claims).toEqual([
      `These claims cannot be paid by this payment (not found, or not sent to a payer): ${draft.body.id}.`,
    ]);
    expect(await n('select count(*) from payment_claims where payment_id = $1', [b.payment])).toBe(0);
  });

  it('a claim the payment paid is not dropped by setting the list: it is taken off with its postings reversed', async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(11000, 'Keep paid');
    await postPaid(b, claim.lines);
    const r = await root('PUT', `/payments/batch/${b.batch}/payment/${b.payment}/claims`, { claims: [] });
    expect(r.status).toBe(422);
    expect(r.body.errors.claims[0]).toMatch(/have postings of this payment/);
    expect(
      await n('select count(*) from payment_claims where payment_id = $1 and claim_id = $2', [b.payment, claim.id]),
    ).toBe(1);
  });

  it('a payment read back names what it posted, line by line, and the claims it works on', async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(11000, 'Read back');
    await postPaid(b, claim.lines);
    const r = await root('GET', `/payments/batch/${b.batch}/payments/${b.payment}`);
    expect(r.body).toMatchObject({ id: b.payment, amount: 11000, distributed: 11000, claims: [claim.id] });
    const postings = r.body.postings as Array<{ claim_id: number; claim_service_id: number; paid: number }>;
    expect(postings.map((p) => p.claim_service_id).sort()).toEqual([...claim.lines].sort());
    expect(postings.every((p) => p.claim_id === claim.id)).toBe(true);
    expect(postings.reduce((sum, p) => sum + p.paid, 0)).toBe(
      await n('select coalesce(sum(paid), 0) from payment_services where payment_id = $1', [b.payment]),
    );
  });

  it("taking a claim off a payment reverses what it paid to the cent, the claim back to Submitted, the payment's distribution down", async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(11000, 'Take off');
    await postPaid(b, claim.lines);
    expect(await statusOf(claim.id)).toBe(4);
    const r = await root('DELETE', `/payments/batch/${b.batch}/payment/${b.payment}/claims/${claim.id}`, {
      note: 'Wrong patient',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ reversed: 11000, distributed: 0 });
    expect(await n('select coalesce(sum(paid), 0) from payment_services where claim_id = $1', [claim.id])).toBe(0);
    expect(
      await n('select count(*) from payment_services where claim_id = $1 and reverses_id is not null', [claim.id]),
    ).toBe(2);
    expect(await n('select distributed from payments where id = $1', [b.payment])).toBe(0);
    expect(await statusOf(claim.id)).toBe(3);
    expect(await n('select count(*) from payment_claims where payment_id = $1', [b.payment])).toBe(0);
  });

  /** A claim paid and then taken off its payment, the person saying why: its postings reversed with a system note. */
  const takenOffForWrongPatient = async (label: string) => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(11000, label);
    await postPaid(b, claim.lines);
    await root('DELETE', `/payments/batch/${b.batch}/payment/${b.payment}/claims/${claim.id}`, {
      note: 'Wrong patient',
    });
    return { claim, b };
  };

  it("a reversal's note on the claim's payments reads in its reader's language, the person's reason as written", async () => {
    const { claim } = await takenOffForWrongPatient('Take off in Spanish');
    await app.db.query(`update users set language = 'es' where email = 'root@test.com'`);
    try {
      const r = await root('GET', `/claim/${claim.id}/payments`);
      const notes = r.body.postings.filter((p: { reverses_id: number | null }) => p.reverses_id !== null);
      expect(notes.map((p: { note: string }) => p.note)).toEqual([
        'Reversión: Wrong patient',
        'Reversión: Wrong patient',
      ]);
    } finally {
      await app.db.query(`update users set language = 'en' where email = 'root@test.com'`);
    }
  });

  it("a payment's \"Posted to claims\" list reads the system's notes in its reader's language; stored once, in English", async () => {
    const { b } = await takenOffForWrongPatient('Posted list in Spanish');
    const listed = async () =>
      (await root('GET', `/payments/service?payment_id=${b.payment}&sortBy=id&itemsPerPage=25`)).body.data
        .filter((p: { reverses_id?: number }) => p.reverses_id)
        .map((p: { note: string }) => p.note);
    expect(await listed()).toEqual(['Reversal: Wrong patient', 'Reversal: Wrong patient']);
    await app.db.query(`update users set language = 'es' where email = 'root@test.com'`);
    try {
      expect(await listed()).toEqual(['Reversión: Wrong patient', 'Reversión: Wrong patient']);
      const [one] = (
        await app.db.query<{ id: string }>(
          'select id from payment_services where payment_id = $1 and reverses_id is not null order by id limit 1',
          [b.payment],
        )
      ).rows;
      expect((await root('GET', `/payments/service/${one.id}`)).body.note).toBe('Reversión: Wrong patient');
      const record = await root('GET', `/payments/batch/${b.batch}/payments/${b.payment}`);
      expect(
        record.body.postings
          .filter((p: { reverses_id: number | null }) => p.reverses_id)
          .map((p: { note: string }) => p.note),
      ).toEqual(['Reversión: Wrong patient', 'Reversión: Wrong patient']);
      expect(
        await n('select count(*) from payment_services where payment_id = $1 and note = $2', [
          b.payment,
          'Reversal: Wrong patient',
        ]),
      ).toBe(2);
    } finally {
      await app.db.query(`update users set language = 'en' where email = 'root@test.com'`);
    }
  });

  it("a claim's posting is corrected by reversal and re-posting in one step; the payment still balances", async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(11000, 'Correct');
    await postPaid(b, claim.lines);
    const corrected = [
      { claim_service_id: claim.lines[0], paid: 8000, adjustments: [{ group: 'CO', reason: '45', amount: 2000 }] },
      {
        claim_service_id: claim.lines[1],
        paid: 3000,
        adjustments: [
          { group: 'CO', reason: '45', amount: 1000 },
          { group: 'PR', reason: '3', amount: 1000 },
        ],
      },
    ];
    const r = await root('PUT', `/payments/batch/${b.batch}/services/${b.payment}/claims/${claim.id}`, {
      services: corrected,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ distributed: 11000, reversed: 11000 });
    const live = (
      await app.db.query<{ paid: string; pr: string }>(
        `select p.paid, p.patient_responsibility as pr from payment_services p where p.claim_id = $1 and p.reverses_id is null and not exists (select 1 from payment_services x where x.reverses_id = p.id) order by p.id`,
        [claim.id],
      )
    ).rows;
    expect(live.map((x) => [Number(x.paid), Number(x.pr)])).toEqual([
      [8000, 0],
      [3000, 1000],
    ]);
    expect(await n('select distributed from payments where id = $1', [b.payment])).toBe(11000);
  });

  it('a correction that does not balance is refused and the earlier posting stays', async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(11000, 'Bad correction');
    await postPaid(b, claim.lines);
    const before = await n('select count(*) from payment_services where claim_id = $1', [claim.id]);
    const r = await root('PUT', `/payments/batch/${b.batch}/services/${b.payment}/claims/${claim.id}`, {
      services: [{ claim_service_id: claim.lines[0], paid: 9000, adjustments: [] }],
    });
    expect(r.status).toBe(422);
    expect(r.body.errors['services.0.paid'][0]).toMatch(/does not balance/);
    expect(await n('select count(*) from payment_services where claim_id = $1', [claim.id])).toBe(before);
  });
});

describe('a denial keyed from a paper EOB', () => {
  it('a claim whose every line is denied is Denied with the codes the denial worklist finds it by', async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(0, 'Zero EOB');
    const r = await root('POST', `/payments/batch/${b.batch}/services`, {
      payment_id: b.payment,
      services: [
        { claim_service_id: claim.lines[0], paid: 0, adjustments: [{ group: 'CO', reason: '96', amount: 10000 }] },
        { claim_service_id: claim.lines[1], paid: 0, adjustments: [{ group: 'CO', reason: '96', amount: 5000 }] },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = (
      await app.db.query<{ status_id: number; denial_codes: string[]; today: boolean }>(
        'select status_id, denial_codes, denied_at = current_date as today from claims where id = $1',
        [claim.id],
      )
    ).rows[0];
    expect(row).toEqual({ status_id: 6, denial_codes: ['CO-96'], today: true });
  });

  it("a denial keyed by hand leaves the claim owed by the payer, like an ERA's: its CO adjustments are no write-off", async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(0, 'Zero EOB owed');
    const r = await root('POST', `/payments/batch/${b.batch}/services`, {
      payment_id: b.payment,
      services: [
        { claim_service_id: claim.lines[0], paid: 0, adjustments: [{ group: 'CO', reason: '50', amount: 10000 }] },
        { claim_service_id: claim.lines[1], paid: 0, adjustments: [{ group: 'CO', reason: '50', amount: 5000 }] },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const patient = await n('select patient_id from claims where id = $1', [claim.id]);
    const ledger = (await root('GET', `/ledger/${patient}/claims`)).body as Array<{
      id: number;
      insurance_balance: number;
      patient_balance: number;
    }>;
    expect(ledger.find((c) => c.id === claim.id)).toMatchObject({ insurance_balance: 15000, patient_balance: 0 });
    expect(
      await n(`select count(*) from payment_services where claim_id = $1 and claim_status = '4'`, [claim.id]),
    ).toBe(2);
  });
});

describe('closing, validating and correcting payments', () => {
  it('a payment not fully distributed cannot be closed, and says by how much', async () => {
    const b = await batchWithPayment(5000, 'Short');
    const r = await root('POST', `/payments/batch/${b.batch}/payments/${b.payment}/close`, {});
    expect(r.status).toBe(422);
    expect(r.body.errors.amount).toEqual([
      "The payment's distribution must equal its amount: 0.00 distributed of 50.00.",
    ]);
    expect(await n('select count(*) from payments where id = $1 and closed_date is not null', [b.payment])).toBe(0);
  });

  it('a check distributed in part is saved and finished later, and closes only once whole', async () => {
    const first = await submittedClaim();
    const second = await submittedClaim();
    const b = await batchWithPayment(22000, 'Partly distributed');
    const part = await postPaid(b, first.lines);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.distributed).toBe(11000);
    expect(await n('select distributed from payments where id = $1', [b.payment])).toBe(11000);
    const early = await root('POST', `/payments/batch/${b.batch}/payments/${b.payment}/close`, {});
    expect(early.body.errors.amount).toEqual([
      "The payment's distribution must equal its amount: 110.00 distributed of 220.00.",
    ]);
    const rest = await postPaid(b, second.lines);
    expect(rest.body.distributed).toBe(22000);
    expect((await root('POST', `/payments/batch/${b.batch}/payments/${b.payment}/close`, {})).status).toBe(200);
    expect(await n('select count(*) from payments where id = $1 and closed_date is not null', [b.payment])).toBe(1);
  });

  it('a closed payment takes no more postings; a correction is its reversal', async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(11000, 'Closed payment');
    await postPaid(b, claim.lines);
    const closed = await root('POST', `/payments/batch/${b.batch}/payments/${b.payment}/close`, { date: '03/22/2026' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await n(`select count(*) from payments where id = $1 and closed_date = '2026-03-22'`, [b.payment])).toBe(1);
    const again = await root('PUT', `/payments/batch/${b.batch}/services/${b.payment}/claims/${claim.id}`, {
      services: paidLines(claim.lines),
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.payment_id).toEqual(['A closed payment cannot be changed; reverse it to correct it.']);
  });

  it('closing payments together closes those that balance and says why the others stay open', async () => {
    const claim = await submittedClaim();
    const ok = await batchWithPayment(11000, 'Many');
    await root('POST', `/payments/batch/${ok.batch}/services`, {
      payment_id: ok.payment,
      services: paidLines(claim.lines),
    });
    const short = (
      await root('POST', '/payments/payment', {
        payment_batch_id: ok.batch,
        source_id: 2,
        insurance_company_id: w.payer,
        method_id: 3,
        payment_date: '03/20/2026',
        amount: 2500,
        reference: 'CHK-SHORT',
      })
    ).body.id;
    const r = await root('POST', `/payments/batch/${ok.batch}/payments/close-many`, { payments: [ok.payment, short] });
    expect(r.body.map((x: { id: number; closed: boolean }) => [x.id, x.closed])).toEqual([
      [ok.payment, true],
      [short, false],
    ]);
    expect(r.body[1].error).toBe("The payment's distribution must equal its amount: 0.00 distributed of 25.00.");
    expect(
      await n('select count(*) from payments where id = any($1::bigint[]) and closed_date is not null', [
        [ok.payment, short],
      ]),
    ).toBe(1);
  });

  it('a payment validates when its distribution equals its amount, and the time is recorded', async () => {
    const claim = await submittedClaim();
    const b = await batchWithPayment(11000, 'Validate');
    expect((await root('PUT', `/payments/batch/${b.batch}/payments/${b.payment}/validate`, {})).status).toBe(422);
    await postPaid(b, claim.lines);
    const r = await root('PUT', `/payments/batch/${b.batch}/payments/${b.payment}/validate`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.valid).toBe(true);
    expect(await n('select count(*) from payments where id = $1 and validated_at is not null', [b.payment])).toBe(1);
  });

  it("a payment's reference is corrected and audited; its amount is not changed but reversed", async () => {
    const b = await batchWithPayment(3000, 'Describe');
    const ok = await root('PUT', `/payments/batch/${b.batch}/payments/${b.payment}`, {
      reference: 'CHK-99881',
      note: 'Number misread',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.reference).toBe('CHK-99881');
    expect(
      await n(
        `select count(*) from audits where entity = 'payment' and entity_id = $1 and event = 'updated' and new_values->>'reference' = 'CHK-99881'`,
        [b.payment],
      ),
    ).toBe(1);
    const money = await root('PUT', `/payments/batch/${b.batch}/payments/${b.payment}`, { amount: 3500 });
    expect(money.status).toBe(422);
    expect(money.body.errors.amount).toEqual([
      "A payment's amount, payer, method and card are corrected by reversing it and recording it again.",
    ]);
    expect(await n('select amount from payments where id = $1', [b.payment])).toBe(3000);
  });

  it('deleting a payment voids it by reversal with a note; nothing is erased', async () => {
    const b = await batchWithPayment(4200, 'Void');
    expect((await root('DELETE', `/payments/batch/${b.batch}/payments/${b.payment}`)).body.errors.note).toEqual([
      'A reversal needs a note saying why.',
    ]);
    const r = await root('DELETE', `/payments/batch/${b.batch}/payments/${b.payment}`, { note: 'Check returned' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ amount: -4200, reverses_payment_id: b.payment });
    expect(await n('select count(*) from payments where id = $1', [b.payment])).toBe(1);
    expect(await n('select coalesce(sum(amount), 0) from payments where payment_batch_id = $1', [b.batch])).toBe(0);
  });
});

describe('a completed batch', () => {
  it('is not changed by a Billing Manager, and is by a Super User, as in the predecessor', async () => {
    const b = await batchWithPayment(100, 'Completed edit');
    await root('GET', `/payments/batch/${b.batch}/close?date=03/21/2026`);
    await app.createUser({ email: 'manager@records.test', roles: ['billingmanager'], billingCompanyIds: [w.bc] });
    const bm = app.as(await app.login('manager@records.test'));
    const current = (await bm('GET', `/payments/batch/${b.batch}`)).body;
    const r = await bm('PUT', `/payments/batch/${b.batch}`, { ...current, note: 'changed after closing' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Action not allowed: Payment batch cannot be changed while it is Completed.');
    expect(await n('select count(*) from payment_batches where id = $1 and note is null', [b.batch])).toBe(1);
    const su = await root('PUT', `/payments/batch/${b.batch}`, { ...current, note: 'corrected by the Super User' });
    expect(su.status, JSON.stringify(su.body)).toBe(200);
    expect(su.body.note).toBe('corrected by the Super User');
  });
});

describe('payments by patient', () => {
  let claim: { id: number; lines: number[] };
  beforeAll(async () => {
    // The payer paid 110.00 and left 10.00 to the patient (PR-2 on the first line): the claim is Approved.
    claim = await submittedClaim();
    const b = await batchWithPayment(11000, 'Before patient');
    await postPaid(b, claim.lines);
  });

  it("a patient's page says what the patient owes, claim by claim", async () => {
    const r = await root('GET', `/payments/batch/payments/patient/${w.patient}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.claims.find((c: { claim_id: number }) => c.claim_id === claim.id)).toMatchObject({ owed: 1000 });
  });

  it('more than the patient owes on a claim is not applied to it, and nothing is recorded', async () => {
    const before = await n('select count(*) from payments');
    const r = await root('POST', '/payments/batch/payments/patient', {
      patient_id: w.patient,
      amount: 2500,
      method_id: 2,
      claims: [{ claim_id: claim.id, amount: 2500 }],
    });
    expect(r.status).toBe(422);
    expect(r.body.errors['claims.0.amount']).toEqual([
      'The patient owes 10.00 on this claim; 25.00 cannot be applied to it.',
    ]);
    expect(await n('select count(*) from payments')).toBe(before);
  });

  it("a patient's payment pays the share the payer left, the rest is credit, and the claim paid in full is Complete", async () => {
    const owedBefore = (await root('GET', `/payments/batch/payments/patient/${w.patient}`)).body.owed as number;
    const r = await root('POST', '/payments/batch/payments/patient', {
      patient_id: w.patient,
      amount: owedBefore + 500,
      method_id: 2,
      payment_date: '03/25/2026',
      reference: 'CASH-1',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      source_id: 1,
      patient_id: w.patient,
      amount: owedBefore + 500,
      distributed: owedBefore,
      unapplied: 500,
    });
    expect(r.body.applied.find((a: { claim_id: number }) => a.claim_id === claim.id)).toMatchObject({ amount: 1000 });
    expect(
      await n('select coalesce(sum(patient_responsibility), 0) from payment_services where claim_id = $1', [claim.id]),
    ).toBe(0);
    expect(await statusOf(claim.id)).toBe(7);
    const after = await root('GET', `/payments/batch/payments/patient/${w.patient}`);
    expect(after.body).toMatchObject({ owed: 0, credit: 500 });
    expect(
      await n(
        `select count(*) from payment_batches b join payments y on y.payment_batch_id = b.id where y.id = $1 and b.name like 'Patient payments 03/25/2026%'`,
        [r.body.id],
      ),
    ).toBe(1);
  });

  it("a patient's payment of a self-pay claim is applied to its lines, not left as credit", async () => {
    const self = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        insurance_policy_ids: [],
        services: [
          {
            from_service: '03/04/2026',
            to_service: '03/04/2026',
            procedure_code: '99213',
            diagnosis_pointers: ['A'],
            days_or_units: '1',
            price: 8000,
          },
        ],
      }),
    );
    expect(self.status, JSON.stringify(self.body)).toBe(201);
    const owedBefore = (await root('GET', `/payments/batch/payments/patient/${w.patient}`)).body.owed as number;
    expect(owedBefore).toBe(8000);
    const r = await root('POST', '/payments/batch/payments/patient', {
      patient_id: w.patient,
      amount: 3000,
      method_id: 1,
      claims: [{ claim_id: self.body.id, amount: 3000 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ distributed: 3000, unapplied: 0 });
    expect(await n('select coalesce(sum(paid), 0) from payment_services where claim_id = $1', [self.body.id])).toBe(
      3000,
    );
    expect((await root('GET', `/payments/batch/payments/patient/${w.patient}`)).body.owed).toBe(5000);
  });

  it("a claim's payments are one click away: the payer's and the patient's postings, with the totals", async () => {
    const r = await root('GET', `/claim/${claim.id}/payments`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ paid: 12000, patient_responsibility: 0 });
    expect(r.body.postings.map((p: { source_id: number; paid: number }) => [p.source_id, p.paid])).toEqual([
      [2, 7000],
      [2, 4000],
      [1, 1000],
    ]);
  });

  it('payments outside insurance remittances are listed a page at a time', async () => {
    const r = await root('GET', `/payments/batch/payments/external?patient_id=${w.patient}&from=03/01/2026&perPage=1`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBeGreaterThanOrEqual(1);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ source_id: 1, patient_id: w.patient });
    expect((await root('GET', '/payments/batch/payments/external?from=2026-03-01')).status).toBe(422);
  });

  it('the insurance balance of a line is not reduced by what the patient paid', async () => {
    const b = await batchWithPayment(100, 'Balance view');
    const r = await root('GET', `/payments/batch/${b.batch}/payment/${b.payment}/claims?patient_id=${w.patient}`);
    const c = r.body.find((x: { id: number }) => x.id === claim.id);
    expect(c.lines.map((l: { paid_before: number; balance: number }) => [l.paid_before, l.balance])).toEqual([
      [7000, 0],
      [4000, 0],
    ]);
  });

  it('each line comes with the copay its claim carries, for the screen to propose it as PR-3 first', async () => {
    const b = await batchWithPayment(100, 'Copay view');
    const first = (
      await app.db.query<{ id: string }>('select id from claim_services where claim_id = $1 order by line_number', [
        claim.id,
      ])
    ).rows[0];
    await app.db.query('update claim_services set copay = 2500 where id = $1', [first.id]);
    const r = await root('GET', `/payments/batch/${b.batch}/payment/${b.payment}/claims?patient_id=${w.patient}`);
    const c = r.body.find((x: { id: number }) => x.id === claim.id);
    expect(c.lines.map((l: { copay: number }) => l.copay)).toEqual([2500, 0]);
  });
});
