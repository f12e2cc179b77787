import { toIsoDate } from '../../src/domain/formats.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra } from '../helpers/era-claims.ts';
import { keyInsurance835, LUCIA, paidWithCoinsurance } from '../helpers/key-insurance-835.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { expectReadableLayout } from '../helpers/pdf-layout.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let claimId: number;
const n = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await app.db.query<Record<string, unknown>>(sql, params)).rows[0])[0]);

// One claim of 200.00 (two lines): the payer allows 150.00, pays 120.00, writes off 50.00 (CO-45) and leaves 30.00 to the patient (PR-2 coinsurance).
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  const text = keyInsurance835({
    control: 11,
    trace: 'LEDGER1',
    claims: [paidWithCoinsurance('LG-1')],
  });
  claimId = (await claimsForEra(app.db, w, text)).get('LG-1')!;
  await root('POST', '/payments/eras/sync', { billing_company_id: w.bc, content: text, name: 'ledger.835' });
  const era = (await app.db.query<{ id: number }>(`select id from era_files where name = 'ledger.835'`)).rows[0];
  expect((await root('POST', '/payments/eras/process', { id: era.id })).body.posted_claims).toBe(1);
});
afterAll(() => app.close());

type Row = {
  type: string;
  date: string;
  insurance: number;
  patient: number;
  insurance_balance: number;
  patient_balance: number;
  description: string;
  claim_id: number | null;
  payment_id: number | null;
};
const ledger = async () =>
  (await root('GET', `/ledger/${w.patient}`)).body as { totals: Record<string, number>; transactions: Row[] };

describe('finding a patient', () => {
  it('needs at least one search parameter, as the predecessor said', async () => {
    const r = await root('GET', '/ledger/filter');
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Error, You must provide at least 1 search parameter');
  });

  it('finds the patient by last name, date of birth or claim number, with what each side owes', async () => {
    for (const q of ['last_name=per', 'dob=04/12/1980', 'claim_number=lg-1']) {
      const r = await root('GET', `/ledger/filter?${q}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.map((p: { id: number }) => p.id)).toEqual([w.patient]);
    }
    const found = (await root('GET', '/ledger/filter?last_name=perez')).body.data[0];
    expect([found.insurance_balance, found.patient_balance]).toEqual([0, 3000]);
  });
});

describe("a patient's ledger", () => {
  it('lists the claim, its charges, the payment, the CO-45 write-off and the patient responsibility in date order with running balances', async () => {
    const { transactions } = await ledger();
    expect(
      transactions.map((t) => [t.date, t.type, t.insurance, t.patient, t.insurance_balance, t.patient_balance]),
    ).toEqual([
      ['03/02/2026', 'claim', 0, 0, 0, 0],
      ['03/02/2026', 'charge', 18000, 0, 18000, 0],
      ['03/02/2026', 'charge', 2000, 0, 20000, 0],
      ['03/20/2026', 'payment', -12000, 0, 8000, 0],
      ['03/20/2026', 'adjustment', -5000, 0, 3000, 0],
      ['03/20/2026', 'patient_responsibility', -3000, 3000, 0, 3000],
    ]);
    expect(transactions[4].description).toBe('Adjustment by KEY INSURANCE CO-45');
  });

  it("reads in its reader's language: Spanish words around the payer's name, its codes and the claim's number", async () => {
    await app.db.query(`update users set language = 'es' where email = 'root@test.com'`);
    try {
      const { transactions } = await ledger();
      expect(transactions.map((t) => t.description)).toEqual([
        'Reclamo LG-1 facturado al seguro',
        'Cargo 99214',
        'Cargo 36415',
        'Pago de KEY INSURANCE (LEDGER1)',
        'Ajuste de KEY INSURANCE CO-45',
        'Responsabilidad del paciente según KEY INSURANCE',
      ]);
    } finally {
      await app.db.query(`update users set language = 'en' where email = 'root@test.com'`);
    }
  });

  it("the totals are the claim's and the payment's own figures", async () => {
    const { totals } = await ledger();
    expect(totals).toMatchObject({
      charges: 20000,
      insurance_paid: 12000,
      adjustments: 5000,
      patient_responsibility: 3000,
      insurance_balance: 0,
      patient_balance: 3000,
    });
    expect(totals.charges).toBe(await n('select sum(line_charge) from claim_services where claim_id = $1', [claimId]));
    expect(totals.insurance_paid).toBe(
      await n('select sum(paid) from payment_services where claim_id = $1', [claimId]),
    );
  });

  it("lists the patient's claims with what each still owes", async () => {
    const r = await root('GET', `/ledger/${w.patient}/claims`);
    expect(r.body).toEqual([
      expect.objectContaining({
        id: claimId,
        code: 'LG-1',
        billed: 20000,
        paid: 12000,
        insurance_balance: 0,
        patient_balance: 3000,
      }),
    ]);
  });

  it("a patient's payment lowers what the patient owes, in the ledger as a payment", async () => {
    const r = await root('POST', '/payments/batch/payments/patient', {
      patient_id: w.patient,
      amount: 1000,
      payment_date: '03/25/2026',
      method_id: 1,
      reference: 'CASH-1',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const last = (await ledger()).transactions.at(-1)!;
    expect([last.type, last.patient, last.patient_balance]).toEqual(['payment', -1000, 2000]);
  });
});

describe('write-offs and refunds', () => {
  const entry = (over: Record<string, unknown>) => ({
    patient_id: w.patient,
    claim_id: claimId,
    kind: 'write_off',
    responsibility: 'patient',
    amount: 500,
    entry_date: '03/28/2026',
    reason: 'small_balance',
    ...over,
  });

  it('a write-off cannot take more than the side owes, and nothing is written', async () => {
    const r = await root('POST', '/ledger/entries', entry({ amount: 2001 }));
    expect(r.status).toBe(422);
    expect(r.body.errors.amount).toEqual(['A write-off cannot be more than the patient balance (20.00).']);
    expect(await n('select count(*) from ledger_entries')).toBe(0);
  });

  it('a write-off lowers the balance, is audited, and is never changed afterwards', async () => {
    const r = await root('POST', '/ledger/entries', entry({ note: 'Under the small-balance policy' }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const last = (await ledger()).transactions.at(-1)!;
    expect([last.type, last.patient, last.patient_balance]).toEqual(['write_off', -500, 1500]);
    expect(await n(`select count(*) from audits where entity_id = $1 and entity = 'ledger_entry'`, [r.body.id])).toBe(
      1,
    );
    expect((await root('PUT', `/ledger/entries/${r.body.id}`, { amount: 1 })).status).toBe(404);
    expect((await root('DELETE', `/ledger/entries/${r.body.id}`)).status).toBe(404);
  });

  it("a write-off over the billing company's limit asks the person to confirm it is them, and writes nothing until then", async () => {
    await app.db.query('update billing_companies set write_off_step_up = 100 where id = $1', [w.bc]);
    // The sign-in was an hour ago: past the minutes a proof lasts.
    await app.db.query(`update sessions set stepped_up_at = now() - interval '1 hour'`);
    const before = await n('select count(*) from ledger_entries');
    const refused = await root('POST', '/ledger/entries', entry({ amount: 200 }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Confirm it is you to go on: this is a sensitive action.',
      step_up_required: true,
      method: 'password',
    });
    expect(await n('select count(*) from ledger_entries')).toBe(before);
    // At the limit itself no proof is asked for; over it, the password given again lets it through.
    expect((await root('POST', '/ledger/entries', entry({ amount: 100 }))).status).toBe(201);
    expect((await root('POST', '/auth/step-up', { password: PASSWORD })).status).toBe(200);
    expect((await root('POST', '/ledger/entries', entry({ amount: 200 }))).status).toBe(201);
    expect((await ledger()).totals.patient_balance).toBe(1200);
    await app.db.query('update billing_companies set write_off_step_up = null where id = $1', [w.bc]);
  });

  it('a refund gives back only a credit', async () => {
    const r = await root('POST', '/ledger/entries', entry({ kind: 'refund', amount: 100, reason: 'overpayment' }));
    expect(r.status).toBe(422);
    expect(r.body.errors.amount).toEqual(['A refund returns a credit: the patient balance has a credit of 0.00.']);
  });

  it('a refund of an overpayment brings a credit back to zero', async () => {
    await root('POST', '/payments/batch/payments/patient', {
      patient_id: w.patient,
      amount: 1700,
      payment_date: '03/29/2026',
      method_id: 1,
      reference: 'CASH-2',
    });
    expect((await ledger()).totals.patient_balance).toBe(-500);
    const r = await root(
      'POST',
      '/ledger/entries',
      entry({ kind: 'refund', amount: 500, reason: 'overpayment', claim_id: undefined, entry_date: '03/30/2026' }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await ledger()).totals.patient_balance).toBe(0);
  });

  it('each needs its own permission: a role that may read the ledger may not write off', async () => {
    await app.createUser({ email: 'auditor@ledger.test', roles: ['billingauditor'], billingCompanyIds: [w.bc] });
    const auditor = app.as(await app.login('auditor@ledger.test'));
    expect((await auditor('GET', `/ledger/${w.patient}`)).status).toBe(200);
    expect((await auditor('POST', '/ledger/entries', entry({ amount: 1 }))).status).toBe(403);
  });
});

describe('patient statements', () => {
  const statement = async (path: string) => {
    const res = await fetch(`${app.url}${path}`, {
      headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      count: res.headers.get('x-statements'),
      text: res.ok ? await pdfText(await res.arrayBuffer()) : '',
    };
  };

  it('a statement is a PDF with the open items, the aging, the amount due and a coupon, recorded as the 1st bill', async () => {
    await app.db.query(
      `insert into ledger_entries (billing_company_id, patient_id, claim_id, kind, responsibility, amount, entry_date, reason) values ($1, $2, $3, 'refund', 'patient', 2500, '2026-04-01', 'overpayment')`,
      [w.bc, w.patient, claimId],
    );
    const s = await statement(`/ledger/${w.patient}/statement?statement_date=04/15/2026`);
    expect(s.type).toBe('application/pdf');
    expect(s.text).toContain('PATIENT STATEMENT');
    expect(s.text).toContain('LG-1');
    expect(s.text).toContain('AMOUNT DUE: $25.00');
    expect(s.text).toMatch(/31-60 days/);
    expect(s.text).toContain('Please detach and return this portion with your payment.');
    expect(
      await n(
        `select count(*) from patient_statements where patient_id = $1 and sequence = 1 and statement_date = '2026-04-15' and amount_due = 2500`,
        [w.patient],
      ),
    ).toBe(1);
  });

  it('a statement prints no text over other text and nothing off the page, with a full-length claim number, in English and Spanish', async () => {
    const code = (await app.db.query<{ code: string }>('select code from claims where id = $1', [claimId])).rows[0]
      .code;
    await app.db.query(`update claims set code = 'SMB1-11202026-JR000123' where id = $1`, [claimId]);
    try {
      for (const language of ['en', 'es']) {
        await app.db.query('update patients set language = $2 where id = $1', [w.patient, language]);
        const res = await fetch(`${app.url}/ledger/${w.patient}/statement?preview=true`, {
          headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
        });
        expect(res.status).toBe(200);
        const bytes = await res.arrayBuffer();
        expect(await pdfText(bytes)).toContain('SMB1-11202026-JR000123');
        await expectReadableLayout(bytes, 'portrait');
      }
    } finally {
      await app.db.query('update claims set code = $2 where id = $1', [claimId, code]);
      await app.db.query(`update patients set language = 'en' where id = $1`, [w.patient]);
    }
  });

  it("a statement speaks its patient's preferred language, whoever prints it", async () => {
    await app.db.query(`update patients set language = 'es' where id = $1`, [w.patient]);
    try {
      // Printed by a Super User who reads the product in English.
      const s = await statement(`/ledger/${w.patient}/statement?preview=true&statement_date=04/15/2026`);
      expect(s.text).toContain('ESTADO DE CUENTA DEL PACIENTE');
      expect(s.text).toMatch(/MONTO ADEUDADO: \$\d/);
      expect(s.text).toContain('Desprenda y devuelva esta parte con su pago.');
      expect(s.text).not.toContain('PATIENT STATEMENT');
    } finally {
      await app.db.query(`update patients set language = 'en' where id = $1`, [w.patient]);
    }
  });

  it('a preview is not recorded; the next statement is the 2nd bill and shows in the ledger', async () => {
    await statement(`/ledger/${w.patient}/statement?preview=true`);
    expect(await n('select count(*) from patient_statements')).toBe(1);
    await statement(`/ledger/${w.patient}/statement?statement_date=05/15/2026`);
    expect(await n('select max(sequence) from patient_statements where patient_id = $1', [w.patient])).toBe(2);
    expect((await ledger()).transactions.filter((t) => t.type === 'statement').map((t) => t.description)).toEqual([
      'Patient 1st statement: 25.00 due',
      'Patient 2nd statement: 25.00 due',
    ]);
  });

  it('a run prints a statement for every patient who owes, and no one who does not', async () => {
    const res = await fetch(`${app.url}/ledger/statements/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await app.login('root@test.com')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ statement_date: '06/15/2026', preview: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-statements')).toBe('1');
    expect(await pdfText(await res.arrayBuffer())).toContain('Lucia Perez');
  });
});

describe('a statement run of many patients', () => {
  it('reads their accounts together: three patients take as many database statements as one', async () => {
    const owing: number[] = [w.patient];
    for (const [first, last] of [
      ['Ana', 'Rios'],
      ['Beto', 'Sosa'],
    ]) {
      const p = await root('POST', '/patient', {
        first_name: first,
        last_name: last,
        date_of_birth: '01/02/1990',
        billing_company_id: w.bc,
      });
      expect(p.status, JSON.stringify(p.body)).toBe(201);
      // A visit billed to the patient (no insurance): what it charged is theirs to pay.
      const c = await root(
        'POST',
        '/claim/verify-register',
        goodClaim(w, { patient_id: p.body.id, insurance_policy_ids: [] }),
      );
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      owing.push(Number(p.body.id));
    }
    // The server's own timers (the embedded database's vacuum sweep, the job queue's polling and sweep, the inbound
    // poll's schedule) share the database, and the request limiter sends its counts at most once a second with whichever
    // request comes: their statements are not the run's, told by the text or by who called.
    const BACKGROUND_SQL =
      /^\s*(vacuum|analyze|listen|unlisten)\b|pg_stat_user_tables|update clearing_house_accounts set last_polled_at|pgboss|act_counts/i;
    const BACKGROUND_CALLER = /pg-boss|job-queue|poll-scheduler|embedded-vacuum|claimDueAccounts|reconcileLost/;
    const fromTheRun = (sql: string): boolean => {
      if (BACKGROUND_SQL.test(sql)) return false;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      return !BACKGROUND_CALLER.test(stack);
    };
    const statementsOf = async (patient_ids: number[]) => {
      // Signed in first: only the run's own statements are counted (a sign-in's vary with what it finds to tidy).
      const token = await app.login('root@test.com');
      const query = app.db.query.bind(app.db);
      const reads: string[] = [];
      app.db.query = ((...args: Parameters<typeof query>) => {
        const sql = String(args[0]);
        if (fromTheRun(sql)) reads.push(sql.replace(/\s+/g, ' ').slice(0, 90));
        return query(...args);
      }) as typeof app.db.query;
      try {
        const res = await fetch(`${app.url}/ledger/statements/run`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ statement_date: '06/15/2026', preview: true, patient_ids }),
        });
        expect(res.status).toBe(200);
        return { made: Number(res.headers.get('x-statements')), reads };
      } finally {
        app.db.query = query;
      }
    };
    const one = await statementsOf([w.patient]);
    const three = await statementsOf(owing);
    expect([one.made, three.made]).toEqual([1, 3]);
    // On a difference the message names the statements that only one of the runs made.
    const only = (a: string[], b: string[]) => {
      const rest = [...b];
      return a.filter((x) => (rest.includes(x) ? (rest.splice(rest.indexOf(x), 1), false) : true));
    };
    expect(
      three.reads.length,
      JSON.stringify({ three: only(three.reads, one.reads), one: only(one.reads, three.reads) }),
    ).toBe(one.reads.length);
  });
});

describe('a denial in the ledger', () => {
  it('says why the payer denied the claim and leaves its balance open until it is appealed, refiled or written off', async () => {
    const text = keyInsurance835({
      control: 12,
      trace: 'LEDGER2',
      date: '2026-04-20',
      claims: [
        {
          patientControlNumber: 'LG-DEN',
          status: '4',
          charge: 9000,
          paid: 0,
          patientResponsibility: 0,
          payerControlNumber: 'ICN-LG-DEN',
          patient: LUCIA,
          from: toIsoDate('2026-04-02'),
          lines: [
            {
              procedure: '71046',
              charge: 9000,
              paid: 0,
              date: toIsoDate('2026-04-02'),
              adjustments: [{ group: 'CO', reason: '50', amount: 9000 }],
            },
          ],
        },
      ],
    });
    const denied = (await claimsForEra(app.db, w, text)).get('LG-DEN')!;
    await root('POST', '/payments/eras/sync', { billing_company_id: w.bc, content: text, name: 'ledger-denial.835' });
    const era = (await app.db.query<{ id: number }>(`select id from era_files where name = 'ledger-denial.835'`))
      .rows[0];
    await root('POST', '/payments/eras/process', { id: era.id });
    const rows = (await ledger()).transactions.filter((t) => t.claim_id === denied);
    expect(rows.map((t) => [t.type, t.insurance, t.description])).toEqual([
      ['claim', 0, 'Claim LG-DEN billed to insurance'],
      ['charge', 9000, 'Charge 71046'],
      ['payment', 0, 'Denied by KEY INSURANCE CO-50 (balance stays open)'],
    ]);
    expect(
      (await root('GET', `/ledger/${w.patient}/claims`)).body.find((c: { id: number }) => c.id === denied)
        .insurance_balance,
    ).toBe(9000);
  });
});
