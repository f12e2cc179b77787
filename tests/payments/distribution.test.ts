import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let batch: number;
let payment: { id: number; version: number };
let claim: { id: number; services: Array<{ id: number }> };
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
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
          price: 12500,
        },
        {
          from_service: '03/02/2026',
          to_service: '03/02/2026',
          procedure_code: '36415',
          diagnosis_pointers: ['A'],
          days_or_units: '1',
          price: 1500,
        },
        {
          from_service: '03/02/2026',
          to_service: '03/02/2026',
          procedure_code: '85025',
          diagnosis_pointers: ['A'],
          days_or_units: '1',
          price: 2500,
        },
      ],
    }),
  );
  await app.db.query('update claims set status_id = 3 where id = $1', [c.body.id]);
  claim = (await root('GET', `/claim/${c.body.id}`)).body;
  batch = (
    await root('POST', '/payments/batch', {
      billing_company_id: w.bc,
      name: 'Check 4455',
      company_id: w.company,
      amount: 9000,
      posting_date: '03/20/2026',
    })
  ).body.id;
});
afterAll(() => app.close());

describe('payments', () => {
  it('card details go with card payments only, number and expiry together', async () => {
    const base = {
      payment_batch_id: batch,
      source_id: 2,
      insurance_company_id: w.payer,
      payment_date: '03/20/2026',
      amount: 9000,
      reference: 'CHK4455',
    };
    const onCheck = await root('POST', '/payments/payment', {
      ...base,
      method_id: 3,
      card_number: '4111111111111111',
      card_expiration: '12/2028',
    });
    expect(onCheck.status).toBe(422);
    expect(onCheck.body.errors.card_number).toEqual(['Card details are kept only for card payments.']);
    const half = await root('POST', '/payments/payment', { ...base, method_id: 1, card_number: '4111111111111111' });
    expect(half.body.errors.card_expiration).toEqual(['The card number and the expiration date go together.']);
    const noPayer = await root('POST', '/payments/payment', { ...base, method_id: 3, insurance_company_id: undefined });
    expect(noPayer.body.errors.insurance_company_id).toEqual(['An insurance payment names its payer.']);
    expect(Number((await app.db.query<{ n: string }>('select count(*) n from payments')).rows[0].n)).toBe(0);
    const ok = await root('POST', '/payments/payment', { ...base, method_id: 3 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    payment = ok.body;
  });

  it("the patient's claims are found with each line's charge and balance", async () => {
    const r = await root('GET', `/payments/batch/${batch}/payment/${payment.id}/claims?patient_id=${w.patient}`);
    expect(r.body.map((c: { id: number }) => c.id)).toEqual([claim.id]);
    expect(r.body[0].lines.map((l: { charge: number; balance: number }) => [l.charge, l.balance])).toEqual([
      [12500, 12500],
      [1500, 1500],
      [2500, 2500],
    ]);
  });

  it("each claim carries what the payer last said of its billed policy, to split the patient's share by", async () => {
    const none = await root('GET', `/payments/batch/${batch}/payment/${payment.id}/claims?patient_id=${w.patient}`);
    expect(none.body[0]).toMatchObject({ payer_deductible_remaining: null, payer_copay: null, payer_said_on: null });
    // An older answer, an inactive one and the latest active one: the latest active one is what the poster reads.
    for (const [at, coverage, deductible] of [
      ['2026-02-01T10:00:00Z', 'active', 150000],
      ['2026-03-01T10:00:00Z', 'active', 75000],
      ['2026-03-05T10:00:00Z', 'inactive', 0],
    ] as const)
      await app.db.query(
        `insert into eligibility_checks (billing_company_id, patient_id, insurance_policy_id, service_date, channel, state, trace, coverage, deductible_remaining, copay, answered_at)
         values ($1, $2, $3, '2026-03-02', 'realtime', 'answered', $4, $5, $6, 2500, $7)`,
        [w.bc, w.patient, w.policy, `T-${at}`, coverage, deductible, at],
      );
    const r = await root('GET', `/payments/batch/${batch}/payment/${payment.id}/claims?patient_id=${w.patient}`);
    expect(r.body[0]).toMatchObject({
      payer_deductible_remaining: 75000,
      payer_copay: 2500,
      payer_said_on: '03/01/2026',
    });
    await app.db.query('delete from eligibility_checks where insurance_policy_id = $1', [w.policy]);
  });

  it('a line that does not balance is refused with what is unexplained, and nothing is written', async () => {
    const r = await root('POST', `/payments/batch/${batch}/services`, {
      payment_id: payment.id,
      services: [
        {
          claim_service_id: claim.services[0].id,
          paid: 7000,
          adjustments: [{ group: 'CO', reason: '45', amount: 4000 }],
        },
        {
          claim_service_id: claim.services[1].id,
          paid: 1000,
          adjustments: [{ group: 'PR', reason: '2', amount: 500 }],
        },
        {
          claim_service_id: claim.services[2].id,
          paid: 1000,
          adjustments: [{ group: 'CO', reason: '45', amount: 1500 }],
        },
      ],
    });
    expect(r.status).toBe(422);
    expect(r.body.errors['services.0.paid']).toEqual([
      'The line 99213 does not balance: charge 125.00 ≠ paid 70.00 + adjustments 40.00 (15.00 unexplained).',
    ]);
    expect(Number((await app.db.query<{ n: string }>('select count(*) n from payment_services')).rows[0].n)).toBe(0);
  });

  it("a distribution over the payment's amount is refused, and nothing is written", async () => {
    const r = await root('POST', `/payments/batch/${batch}/services`, {
      payment_id: payment.id,
      services: [
        {
          claim_service_id: claim.services[0].id,
          paid: 9500,
          adjustments: [{ group: 'CO', reason: '45', amount: 3000 }],
        },
      ],
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.amount).toEqual([
      "The payment's distribution cannot exceed its amount: 95.00 distributed of 90.00.",
    ]);
    expect(Number((await app.db.query<{ n: string }>('select count(*) n from payment_services')).rows[0].n)).toBe(0);
  });

  it('a balanced distribution posts every line with its CO-45 and PR-2, the patient owes the PR, and the claim is Approved', async () => {
    const r = await root('POST', `/payments/batch/${batch}/services`, {
      payment_id: payment.id,
      services: [
        {
          claim_service_id: claim.services[0].id,
          allowed: 8500,
          paid: 7000,
          adjustments: [
            { group: 'CO', reason: '45', amount: 4000 },
            { group: 'PR', reason: '2', amount: 1500 },
          ],
        },
        {
          claim_service_id: claim.services[1].id,
          allowed: 1500,
          paid: 1000,
          adjustments: [{ group: 'PR', reason: '2', amount: 500 }],
        },
        {
          claim_service_id: claim.services[2].id,
          allowed: 1000,
          paid: 1000,
          adjustments: [{ group: 'CO', reason: '45', amount: 1500 }],
        },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.distributed).toBe(9000);
    const rows = (
      await app.db.query<{ paid: string; patient_responsibility: string; remaining: string }>(
        'select paid, patient_responsibility, remaining from payment_services where payment_id = $1 order by id',
        [payment.id],
      )
    ).rows;
    expect(rows.map((x) => [Number(x.paid), Number(x.patient_responsibility), Number(x.remaining)])).toEqual([
      [7000, 1500, 0],
      [1000, 500, 0],
      [1000, 0, 0],
    ]);
    expect(
      Number((await app.db.query<{ s: number }>('select status_id s from claims where id = $1', [claim.id])).rows[0].s),
    ).toBe(4);
    const after = await root('GET', `/payments/batch/${batch}/payment/${payment.id}/claims?patient_id=${w.patient}`);
    expect(after.body[0].lines.map((l: { balance: number }) => l.balance)).toEqual([0, 0, 0]);
  });

  it('payments are never changed: there is no update route', async () => {
    expect((await root('PUT', `/payments/payment/${payment.id}`, { amount: 1 })).status).toBe(404);
  });

  it('an EOB (a PDF, checked by its bytes) is attached to the payment and viewed signed in; HTML dressed as PDF is refused', async () => {
    const token = await app.login('root@test.com');
    const send = async (bytes: string, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      form.append('date', '03/19/2026');
      const res = await fetch(`${app.url}/payments/batch/${batch}/payments/${payment.id}/eobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: res.status, body: await res.json() };
    };
    const ok = await send('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'eob-4455.pdf');
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({
      payment_id: payment.id,
      name: 'eob-4455.pdf',
      eob_date: '03/19/2026',
      content_type: 'application/pdf',
    });
    const bad = await send('<html><script>alert(1)</script></html>', 'sneaky.pdf');
    expect(bad.status).toBe(422);
    const listed = await root('GET', `/payments/batch/${batch}/eobs`);
    expect(listed.body.map((e: { name: string }) => e.name)).toEqual(['eob-4455.pdf']);
    const view = await fetch(`${app.url}/payments/eobs/${ok.body.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(view.headers.get('content-type')).toBe('application/pdf');
    expect((await view.text()).startsWith('%PDF-1.4')).toBe(true);
  });

  it('a payment is corrected by its reversal: the opposite amount, every posting reversed to the cent, the claim back to Submitted', async () => {
    const r = await root('POST', `/payments/payment/${payment.id}/reverse`, {});
    expect(r.body.errors.note).toEqual(['A reversal needs a note saying why.']);
    const rev = await root('POST', `/payments/payment/${payment.id}/reverse`, { note: 'Posted to the wrong patient' });
    expect(rev.status, JSON.stringify(rev.body)).toBe(201);
    expect(rev.body).toMatchObject({ amount: -9000, reverses_payment_id: payment.id });
    const sums = (
      await app.db.query<{ paid: string; pr: string }>(
        'select sum(paid) as paid, sum(patient_responsibility) as pr from payment_services where claim_id = $1',
        [claim.id],
      )
    ).rows[0];
    expect([Number(sums.paid), Number(sums.pr)]).toEqual([0, 0]);
    expect(
      Number((await app.db.query<{ s: number }>('select status_id s from claims where id = $1', [claim.id])).rows[0].s),
    ).toBe(3);
    expect((await root('POST', `/payments/payment/${payment.id}/reverse`, { note: 'again' })).status).toBe(422);
    const status = await root('PUT', `/payments/batch/${batch}/status`, {});
    expect(status.body.distributed).toBe(0);
  });

  it('a closed batch records the date and takes no more payments', async () => {
    const closed = await root('GET', `/payments/batch/${batch}/close?date=03/21/2026`);
    expect(closed.body).toMatchObject({ status_id: 2, close_date: '03/21/2026' });
    const other = (
      await root('POST', '/payments/batch', {
        billing_company_id: w.bc,
        name: 'Cash drawer',
        company_id: w.company,
        amount: 0,
      })
    ).body.id;
    const many = await root('POST', '/payments/batch/close-many', { ids: [batch, other] });
    expect(many.body.map((x: { id: number; closed: boolean }) => [x.id, x.closed])).toEqual([
      [batch, true],
      [other, true],
    ]);
    expect(
      Number(
        (await app.db.query<{ s: number }>('select status_id s from payment_batches where id = $1', [other])).rows[0].s,
      ),
    ).toBe(2);
  });
});
