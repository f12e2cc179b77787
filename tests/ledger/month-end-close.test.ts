import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { insuranceCheck } from '../helpers/payment-fixtures.ts';
import { claimsForEra, fixture835, receiveEra } from '../helpers/era-claims.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

const closedRows = async () =>
  (
    await app.db.query<{ through: string }>(
      `select to_char(closed_through, 'YYYY-MM-DD') as through from books_closed where billing_company_id = $1`,
      [w.bc],
    )
  ).rows.map((r) => r.through);
const payments = async () =>
  Number(
    (await app.db.query<{ n: string }>('select count(*) as n from payments where billing_company_id = $1', [w.bc]))
      .rows[0].n,
  );
const aCheck = (date: string, reference: string) => ({
  payment_batch_id: 0,
  source_id: 2,
  insurance_company_id: w.payer,
  method_id: 3,
  payment_date: date,
  amount: 1000,
  reference,
});

describe('month-end close', () => {
  it('the checklist names what is open, and a month with open work does not close', async () => {
    await insuranceCheck(root, w, { name: 'March checks', amount: 5000, reference: 'CHK-MAR', date: '03/20/2026' });
    const asked = await root('GET', `/books/checklist?billing_company_id=${w.bc}&month=03/2026`);
    expect(asked.body).toMatchObject({ month: '03/2026', open: true, checklist: { open_batches: 1 } });
    const r = await root('POST', '/books', { billing_company_id: w.bc, month: '03/2026' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      '03/2026 cannot be closed while work dated in it or before is open: 1 payment batches not closed, 0 ERAs not posted, 0 ERA exceptions not worked, 0 draft claims, 0 patient payments not applied.',
    );
    expect(r.body.checklist.open_batches).toBe(1);
    expect(await closedRows()).toEqual([]);
  });

  it('a month whose checklist is empty closes through its last day, and the close is audited', async () => {
    const r = await root('POST', '/books', { billing_company_id: w.bc, month: '01/2026' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ month: '01/2026', action: 'close', closed_through: '01/31/2026' });
    expect(await closedRows()).toEqual(['2026-01-31']);
    const audit = await app.db.query<{ new_values: { closed_through: string } }>(
      `select new_values from audits where entity = 'books_close' and event = 'books_closed' and billing_company_id = $1`,
      [w.bc],
    );
    expect(audit.rows.map((a) => a.new_values.closed_through)).toEqual(['2026-01-31']);
  });

  it('a payment dated in a closed month is refused with the period in words, and nothing is written', async () => {
    const batch = await root('POST', '/payments/batch', {
      billing_company_id: w.bc,
      name: 'Late January check',
      company_id: w.company,
      amount: 1000,
      posting_date: '02/02/2026',
    });
    const before = await payments();
    const r = await root('POST', '/payments/payment', {
      ...aCheck('01/15/2026', 'CHK-JAN'),
      payment_batch_id: batch.body.id,
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'The books are closed through 01/31/2026: nothing can be dated 01/15/2026. Post it in the open period, after 01/31/2026.',
    );
    expect(await payments()).toBe(before);
  });

  it('a ledger entry dated in a closed month is refused by the database, whatever path writes it', async () => {
    const write = app.db.query(
      `insert into ledger_entries (billing_company_id, patient_id, kind, responsibility, amount, entry_date, reason)
       values ($1, $2, 'write_off', 'patient', 100, '2026-01-20', 'small_balance')`,
      [w.bc, w.patient],
    );
    await expect(write).rejects.toMatchObject({ code: 'RC001' });
  });

  it('a payment batch is not posted, re-dated or closed on a day inside closed books', async () => {
    const booksClosed = (day: string) =>
      `The books are closed through 01/31/2026: nothing can be dated ${day}. Post it in the open period, after 01/31/2026.`;
    const batches = async () =>
      (
        await app.db.query<{ posting: string; closed: string | null }>(
          `select to_char(posting_date, 'MM/DD/YYYY') as posting, to_char(close_date, 'MM/DD/YYYY') as closed
             from payment_batches where billing_company_id = $1 and name like 'Closed books %' order by id`,
          [w.bc],
        )
      ).rows;
    const batch = { billing_company_id: w.bc, company_id: w.company, amount: 1000 };
    const posted = await root('POST', '/payments/batch', {
      ...batch,
      name: 'Closed books back-dated',
      posting_date: '01/15/2026',
    });
    expect(posted.status).toBe(422);
    expect(posted.body.message).toBe(booksClosed('01/15/2026'));
    expect(await batches()).toEqual([]);
    const open = await root('POST', '/payments/batch', {
      ...batch,
      name: 'Closed books open',
      posting_date: '02/03/2026',
    });
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    const redated = await root('PUT', `/payments/batch/${open.body.id}`, {
      posting_date: '01/20/2026',
      version: open.body.version,
    });
    expect(redated.status).toBe(422);
    expect(redated.body.message).toBe(booksClosed('01/20/2026'));
    const closed = await root('GET', `/payments/batch/${open.body.id}/close?date=01/25/2026`);
    expect(closed.status).toBe(422);
    expect(closed.body.message).toBe(booksClosed('01/25/2026'));
    expect(await batches()).toEqual([{ posting: '02/03/2026', closed: null }]);
    expect((await root('GET', `/payments/batch/${open.body.id}/close?date=02/05/2026`)).status).toBe(200);
  });

  it('the books close only forward', async () => {
    const r = await root('POST', '/books', { billing_company_id: w.bc, month: '12/2025' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'The books are already closed through 01/31/2026: close a later month, or reopen first.',
    );
  });

  it('a month is written mm/yyyy and must be over', async () => {
    for (const month of ['2026-01', '13/2026', '12/2099']) {
      const r = await root('POST', '/books', { billing_company_id: w.bc, month });
      expect(r.status, month).toBe(422);
      expect(r.body.errors.month, month).toEqual(['The month must be written as mm/yyyy, e.g. 10/2026, and be over.']);
    }
    expect(await closedRows()).toEqual(['2026-01-31']);
  });

  it('reopening needs its permission', async () => {
    await app.createUser({ email: 'collector@books.test', roles: ['collector'], billingCompanyIds: [w.bc] });
    const collector = app.as(await app.login('collector@books.test'));
    const r = await collector('POST', '/books/reopen', { month: '01/2026', reason: 'A late check' });
    expect(r.status).toBe(403);
    expect(await closedRows()).toEqual(['2026-01-31']);
  });

  it('reopening says why, moves the day back, is audited, and the month takes postings again', async () => {
    const silent = await root('POST', '/books/reopen', { billing_company_id: w.bc, month: '01/2026' });
    expect(silent.status).toBe(422);
    expect(silent.body.errors.reason).toEqual(['Say why the books are reopened (3 to 500 characters).']);
    const r = await root('POST', '/books/reopen', {
      billing_company_id: w.bc,
      month: '01/2026',
      reason: 'A January check was found in the mail',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ action: 'reopen', closed_through: '12/31/2025' });
    const audit = await app.db.query<{ new_values: { reason: string; closed_through: string } }>(
      `select new_values from audits where entity = 'books_close' and event = 'books_reopened' and billing_company_id = $1`,
      [w.bc],
    );
    expect(audit.rows[0].new_values).toMatchObject({
      closed_through: '2025-12-31',
      reason: 'A January check was found in the mail',
    });
    const batch = await root('POST', '/payments/batch', {
      billing_company_id: w.bc,
      name: 'The found check',
      company_id: w.company,
      amount: 1000,
      posting_date: '01/20/2026',
    });
    const paid = await root('POST', '/payments/payment', {
      ...aCheck('01/15/2026', 'CHK-FOUND'),
      payment_batch_id: batch.body.id,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await root('GET', `/books/state?billing_company_id=${w.bc}`)).body.closed_through).toBe('12/31/2025');
    const listed = await root('GET', '/books?sortBy=id&sortDesc=true');
    expect(listed.body.data.map((h: { action: string; reason?: string }) => [h.action, h.reason])).toEqual([
      ['reopen', 'A January check was found in the mail'],
      ['close', undefined],
    ]);
  });

  it("an ERA the payer dated inside closed books posts in the open period's first day, the payer's date kept as the EOB date", async () => {
    // Books closed through 12/31/2025 (above); the payer's check is dated 12/15/2025 and its ERA comes in January.
    const text = fixture835('managed-care.835').replace('*20002316~', '*20251215~');
    await claimsForEra(app.db, w, text);
    const { rows } = await receiveEra(app.db, root, w.bc, text, 'late-december.835');
    const r = await root('POST', '/payments/eras/process', { id: rows[0].id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const posted = await app.db.query<{ payment_date: string; eob_date: string | null }>(
      `select to_char(payment_date, 'YYYY-MM-DD') as payment_date, to_char(eob_date, 'YYYY-MM-DD') as eob_date
         from payments where era_file_id = $1`,
      [rows[0].id],
    );
    expect(posted.rows).toEqual([{ payment_date: '2026-01-01', eob_date: '2025-12-15' }]);
  });
});
