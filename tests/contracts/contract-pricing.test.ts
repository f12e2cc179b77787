import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { csvOfRows, xlsxBomb } from '../helpers/xlsx-bomb.ts';
import { claimsForEra, fixture835, receiveEra } from '../helpers/era-claims.ts';
import { CONTRACT_BASIS, VARIANCE_KIND, VARIANCE_STATUS } from '../../src/generated/ids.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

/** A spreadsheet stored as a fee schedule for the world's billing company. */
async function storeSheet(bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const r = await root('POST', `/files?kind=fee-schedule&billing_company_id=${w.bc}`, form);
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.id;
}
const csv = (text: string) => Buffer.from(text);

async function contract(values: Record<string, unknown>): Promise<number> {
  const r = await root('POST', '/contract', {
    billing_company_id: w.bc,
    company_id: w.company,
    insurance_company_id: w.payer,
    start_date: '01/01/2026',
    ...values,
  });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.id;
}

const expectedOf = async (claimId: number) =>
  (
    await app.db.query<{
      procedure_code: string;
      expected_allowed: string | null;
      expected_contract_id: string | null;
    }>(
      'select procedure_code, expected_allowed, expected_contract_id from claim_services where claim_id = $1 order by line_number, id',
      [claimId],
    )
  ).rows.map((r) => [r.procedure_code, r.expected_allowed === null ? null : Number(r.expected_allowed)]);

async function claimOf(lines: Array<Record<string, unknown>>, day = '03/02/2026'): Promise<number> {
  const base = goodClaim(w).services[0];
  const r = await root(
    'POST',
    '/claim/verify-register',
    goodClaim(w, {
      services: lines.map((l) => ({ ...base, modifiers: [], from_service: day, to_service: day, ...l })),
    }),
  );
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.id;
}

let schedule: number;

describe('a fee schedule imported from a spreadsheet', () => {
  it('the preview lists every wrong row with its problem in words and writes nothing', async () => {
    schedule = await contract({
      name: 'Sun Health PPO 2026',
      basis_id: CONTRACT_BASIS.FEE_SCHEDULE,
      terms: 'Article 4.2: allowed amounts per Exhibit B.',
    });
    const file = await storeSheet(
      csv(
        'CPT,Mod,POS,Fee,Basis\n99213,,,85.00,\n99213,25,,90.5,per unit\nBAD CODE,,,10,\n36415,,,abc,\n36415,,,12,\n99213,,,1,\n',
      ),
      'wrong.csv',
    );
    const r = await root('POST', `/contract/${schedule}/rates/import`, { file_id: file, preview: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ total: 6, wrong: 4, replaces: 0 });
    expect(r.body.problems).toEqual([
      {
        row: 4,
        field: 'procedure_code',
        message: 'The procedure code must be a CPT or HCPCS code: 5 letters and digits, such as 99213 or A0425.',
      },
      {
        row: 5,
        field: 'amount',
        message: 'The amount must be dollars and cents from 0.00 to 9,999,999.99 ("abc" is not).',
      },
      {
        row: 6,
        field: 'procedure_code',
        message: 'Row 5 already prices this procedure with this modifier and place of service.',
      },
      {
        row: 7,
        field: 'procedure_code',
        message: 'Row 2 already prices this procedure with this modifier and place of service.',
      },
    ]);
    expect(r.body.rows[1]).toMatchObject({ row: 3, procedure_code: '99213', modifier: '25', amount: 9050 });
    const kept = await app.db.query('select 1 from contract_rates where contract_id = $1', [schedule]);
    expect(kept.rows).toEqual([]);
  });

  it('a procedure code no claim line could bill (99999X, six characters) is a wrong row', async () => {
    const file = await storeSheet(csv('CPT,Fee\n99999X,10.00\nA0425,12.00\n'), 'six.csv');
    const r = await root('POST', `/contract/${schedule}/rates/import`, { file_id: file, preview: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ total: 2, wrong: 1 });
    expect(r.body.problems.map((p: { row: number; field: string }) => [p.row, p.field])).toEqual([
      [2, 'procedure_code'],
    ]);
  });

  it('an import with wrong rows is refused with each row named, and nothing is written', async () => {
    const file = await storeSheet(csv('CPT,Fee\n99213,85.00\n36415,-3\n'), 'negative.csv');
    const r = await root('POST', `/contract/${schedule}/rates/import`, { file_id: file });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      '1 rows of the fee schedule are wrong; nothing was imported. Mend them (each is listed with its row number) or leave them out.',
    );
    expect(Object.keys(r.body.errors)).toEqual(['rows.3.amount']);
    expect((await app.db.query('select 1 from contract_rates where contract_id = $1', [schedule])).rows).toEqual([]);
  });

  it('an XLSX workbook imports its first sheet, replacing the schedule, and the import is audited', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Exhibit B');
    sheet.addRow(['HCPCS', 'MOD', 'POS', 'Allowed', 'Units basis']);
    sheet.addRow(['99213', '', '', 85, '']);
    sheet.addRow(['99213', '25', '', 90.5, 'per unit']);
    sheet.addRow(['36415', '', '', 9.12, 'per unit']);
    sheet.addRow(['85025', '', '', 20, 'per line']);
    const file = await storeSheet(Buffer.from(await book.xlsx.writeBuffer()), 'exhibit-b.xlsx');
    const r = await root('POST', `/contract/${schedule}/rates/import`, { file_id: file });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ imported: 4, replaced: 0 });
    const rates = await app.db.query<{
      procedure_code: string;
      modifier: string | null;
      amount: string;
      units_basis_id: number;
    }>(
      'select procedure_code, modifier, amount, units_basis_id from contract_rates where contract_id = $1 order by procedure_code, modifier nulls first',
      [schedule],
    );
    expect(rates.rows.map((x) => [x.procedure_code, x.modifier, Number(x.amount), x.units_basis_id])).toEqual([
      ['36415', null, 912, 1],
      ['85025', null, 2000, 2],
      ['99213', null, 8500, 1],
      ['99213', '25', 9050, 1],
    ]);
    const audit = await app.db.query<{ new_values: { rates: number; file_name: string } }>(
      `select new_values from audits where entity = 'contract' and entity_id = $1 and event = 'fee_schedule_imported'`,
      [schedule],
    );
    expect(audit.rows.map((a) => [a.new_values.rates, a.new_values.file_name])).toEqual([[4, 'exhibit-b.xlsx']]);
  });

  const rateCount = async () =>
    Number(
      (await app.db.query<{ n: string }>('select count(*) as n from contract_rates where contract_id = $1', [schedule]))
        .rows[0].n,
    );
  const TOO_LARGE =
    'The workbook unpacks to more than a fee schedule of 50000 rows can hold (or is not a plain XLSX); nothing was read. Save it again as XLSX or CSV with the schedule only.';

  it('a workbook that unpacks past what a schedule can hold is refused before it is unpacked, and nothing is written', async () => {
    const file = await storeSheet(await xlsxBomb(100), 'bomb.xlsx');
    for (const preview of [true, false]) {
      const r = await root('POST', `/contract/${schedule}/rates/import`, { file_id: file, preview });
      expect(r.status).toBe(422);
      expect(r.body.errors.file_id).toEqual([TOO_LARGE]);
    }
    expect(await rateCount()).toBe(4);
  });

  it('a workbook that claims to be small and unpacks to more is stopped at what it claimed', async () => {
    const file = await storeSheet(await xlsxBomb(100, { lies: true }), 'liar.xlsx');
    const r = await root('POST', `/contract/${schedule}/rates/import`, { file_id: file, preview: true });
    expect(r.status).toBe(422);
    expect(r.body.errors.file_id).toEqual([TOO_LARGE]);
  });

  it('a CSV of a million rows is refused at the row past the most a schedule holds, and nothing is written', async () => {
    const file = await storeSheet(csvOfRows(1_000_000), 'million.csv');
    const r = await root('POST', `/contract/${schedule}/rates/import`, { file_id: file });
    expect(r.status).toBe(422);
    expect(r.body.errors.file_id).toEqual([
      'A fee schedule holds at most 50000 rows; this one has more. Split it, or leave out the codes the contract does not pay.',
    ]);
    expect(await rateCount()).toBe(4);
  });
});

describe('a contract as it is entered', () => {
  it('one priced by a percentage without its percentage, or of a reference without the reference, is refused and nothing is written', async () => {
    const before = (await app.db.query('select id from contracts')).rows.length;
    const r = await root('POST', '/contract', {
      billing_company_id: w.bc,
      company_id: w.company,
      insurance_company_id: w.payer,
      name: 'No share given',
      basis_id: CONTRACT_BASIS.PERCENT_OF_REFERENCE,
      start_date: '01/01/2026',
      end_date: '12/31/2025',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      percentage: ['A contract priced by a percentage needs its percentage (like 80 or 112.5).'],
      reference_contract_id: ['A contract priced by a percentage of a reference needs the reference contract.'],
      end_date: ['The end date must be after the start date.'],
    });
    expect((await app.db.query('select id from contracts')).rows.length).toBe(before);
  });

  it('a fee schedule line gives an amount or a percentage of the charge, not both', async () => {
    const r = await root('POST', '/contract-rate', {
      billing_company_id: w.bc,
      contract_id: schedule,
      procedure_code: '99215',
      amount: 10000,
      percentage: '80',
      units_basis_id: 1,
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.amount).toEqual(['Give an amount or a percentage of the charge, not both and not neither.']);
  });
});

describe('expected amounts kept at verification', () => {
  it('a fee schedule prices each line: the modifier billed first, per unit or per line', async () => {
    const id = await claimOf([
      { procedure_code: '99213', modifiers: ['25'], price: 12500 },
      { procedure_code: '36415', days_or_units: '2', price: 1500 },
      { procedure_code: '85025', days_or_units: '2', price: 2500 },
      { procedure_code: '71046', price: 9000 },
    ]);
    expect(await expectedOf(id)).toEqual([
      ['99213', 9050],
      ['36415', 1824],
      ['85025', 2000],
      ['71046', null],
    ]);
    // The claim as its screen reads it carries each line's expected amount beside its charge.
    const read = await root('GET', `/claim/${id}`);
    expect(
      read.body.services.map((l: { line_charge: number; expected_allowed?: number }) => [
        l.line_charge,
        l.expected_allowed,
      ]),
    ).toEqual([
      [12500, 9050],
      [3000, 1824],
      [5000, 2000],
      [9000, undefined],
    ]);
  });

  it("a plan's own contract at a percentage of charges beats the payer's, and its schedule line is a carve-out", async () => {
    const plan = await contract({
      name: 'Gold PPO at 80% of charges',
      insurance_plan_id: w.plan,
      basis_id: CONTRACT_BASIS.PERCENT_OF_CHARGES,
      percentage: '80',
      start_date: '04/01/2026',
      end_date: '04/30/2026',
    });
    await app.db.query(
      `insert into contract_rates (billing_company_id, contract_id, procedure_code, amount, units_basis_id) values ($1, $2, '36415', 700, 1)`,
      [w.bc, plan],
    );
    const id = await claimOf(
      [
        { procedure_code: '99213', price: 12555 },
        { procedure_code: '36415', price: 1500 },
      ],
      '04/02/2026',
    );
    // 80% of $125.55 is $100.44 exactly; the venipuncture is carved out at $7.00.
    expect(await expectedOf(id)).toEqual([
      ['99213', 10044],
      ['36415', 700],
    ]);
  });

  it("a percentage of a reference contract's schedule prices from that schedule, rounded to the cent", async () => {
    const ref = await contract({
      name: 'Sun Health Medicare Advantage at 112.5% of the PPO schedule',
      insurance_plan_id: w.plan,
      basis_id: CONTRACT_BASIS.PERCENT_OF_REFERENCE,
      percentage: '112.5',
      reference_contract_id: schedule,
      start_date: '05/01/2026',
    });
    const id = await claimOf(
      [
        { procedure_code: '99213', price: 12500 },
        { procedure_code: '36415', days_or_units: '1', price: 1500 },
      ],
      '05/02/2026',
    );
    // 112.5% of $85.00 = $95.625 → $95.63; of $9.12 = $10.26.
    expect(await expectedOf(id)).toEqual([
      ['99213', 9563],
      ['36415', 1026],
    ]);
    expect(ref).toBeGreaterThan(schedule);
  });

  it('a contract not in force on the day of service prices nothing', async () => {
    const id = await claimOf([{ procedure_code: '99213', price: 12500 }], '12/15/2025');
    expect(await expectedOf(id)).toEqual([['99213', null]]);
  });
});

/** A Submitted claim with one line of 99213 (expected $85.00 under the PPO schedule), and a check of its payer. */
async function paidLine(post: { allowed: number; paid: number; patient?: number; payer?: number }) {
  const claimId = await claimOf([{ procedure_code: '99213', price: 12500 }]);
  await app.db.query('update claims set status_id = 3 where id = $1', [claimId]);
  const line = Number(
    (await app.db.query<{ id: string }>('select id from claim_services where claim_id = $1', [claimId])).rows[0].id,
  );
  const batch = (
    await root('POST', '/payments/batch', {
      billing_company_id: w.bc,
      name: `Check for ${claimId}`,
      company_id: w.company,
      amount: post.paid,
      posting_date: '03/20/2026',
    })
  ).body.id;
  const payment = (
    await root('POST', '/payments/payment', {
      payment_batch_id: batch,
      source_id: 2,
      insurance_company_id: post.payer ?? w.payer,
      method_id: 3,
      payment_date: '03/20/2026',
      amount: post.paid,
      reference: `CHK-${claimId}`,
    })
  ).body.id;
  const patient = post.patient ?? 0;
  const r = await root('POST', `/payments/batch/${batch}/services`, {
    payment_id: payment,
    services: [
      {
        claim_service_id: line,
        allowed: post.allowed,
        paid: post.paid,
        adjustments: [
          { group: 'CO', reason: '45', amount: 12500 - post.allowed },
          ...(patient ? [{ group: 'PR', reason: '2', amount: patient }] : []),
        ],
      },
    ],
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return { claimId, line, payment };
}

const variancesOf = async (claimId: number) =>
  (
    await app.db.query<{
      kind_id: number;
      status_id: number;
      expected: string;
      allowed: string;
      variance: string;
      reasons: string;
    }>(
      'select kind_id, status_id, expected, allowed, variance, reasons from underpayments where claim_id = $1 order by id',
      [claimId],
    )
  ).rows.map((r) => ({ ...r, expected: Number(r.expected), allowed: Number(r.allowed), variance: Number(r.variance) }));

describe('the underpayment worklist', () => {
  let under: { claimId: number };

  it('a line allowed under its contract lands in the worklist with the difference to the cent', async () => {
    under = await paidLine({ allowed: 7213, paid: 5770, patient: 1443 });
    expect(await variancesOf(under.claimId)).toEqual([
      {
        kind_id: VARIANCE_KIND.UNDERPAID,
        status_id: VARIANCE_STATUS.OPEN,
        expected: 8500,
        allowed: 7213,
        variance: 1287,
        reasons: 'CO-45 PR-2',
      },
    ]);
    const list = await root('GET', `/underpayment?billing_company_id=${w.bc}&kind_id=1`);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ claim_id: under.claimId, variance: 1287, expected: 8500, allowed: 7213 });
  });

  it('a miss within the tolerance ($1.00 unless the billing company says) is not listed', async () => {
    const near = await paidLine({ allowed: 8400, paid: 8400 });
    expect(await variancesOf(near.claimId)).toEqual([]);
    await app.db.query('update billing_companies set underpayment_tolerance = 0 where id = $1', [w.bc]);
    const exact = await paidLine({ allowed: 8499, paid: 8499 });
    expect((await variancesOf(exact.claimId)).map((v) => v.variance)).toEqual([1]);
    await app.db.query('update billing_companies set underpayment_tolerance = null where id = $1', [w.bc]);
  });

  it('a line allowed over its contract is listed as overpaid: a refund may be owed', async () => {
    const over = await paidLine({ allowed: 10000, paid: 10000 });
    expect(await variancesOf(over.claimId)).toMatchObject([{ kind_id: VARIANCE_KIND.OVERPAID, variance: 1500 }]);
  });

  it("another payer's payment on the line (a secondary) is not held to the primary's contract", async () => {
    const other = Number(
      (await app.db.query<{ id: string }>(`select id from insurance_companies where payer_id = 'PSUN2'`)).rows[0].id,
    );
    const secondary = await paidLine({ allowed: 1000, paid: 1000, payer: other });
    expect(await variancesOf(secondary.claimId)).toEqual([]);
  });

  it('the appeal letter quotes the contract and says the difference', async () => {
    const id = Number(
      (await app.db.query<{ id: string }>('select id from underpayments where claim_id = $1', [under.claimId])).rows[0]
        .id,
    );
    const res = await fetch(`${app.url}/underpayment/${id}/appeal-letter`, {
      headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
    });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(await res.arrayBuffer());
    expect(text).toContain('Payment below contracted rate');
    expect(text).toContain('Under our agreement "Sun Health PPO 2026"');
    expect(text).toContain(
      'the allowed amount for this service is $85.00. Your remittance allowed $72.13 and paid $57.70',
    );
    expect(text).toContain('Article 4.2: allowed amounts per Exhibit B.');
    expect(text).toContain('The service was underpaid by $12.87.');
  });

  it("the underpayment's letter is read and edited before printing, like an appeal", async () => {
    const id = Number(
      (await app.db.query<{ id: string }>('select id from underpayments where claim_id = $1', [under.claimId])).rows[0]
        .id,
    );
    const draft = await root('GET', `/underpayment/${id}/appeal-letter/text`);
    expect(draft.body.text).toContain('The service was underpaid by $12.87.');
    const res = await fetch(`${app.url}/underpayment/${id}/appeal-letter`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await app.login('root@test.com')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `${draft.body.text}\nCopy of Exhibit B enclosed.` }),
    });
    const text = await pdfText(await res.arrayBuffer());
    expect(text).toContain('The service was underpaid by $12.87.');
    expect(text).toContain('Copy of Exhibit B enclosed.');
  });

  it('the worklist is changed in bulk (status, who works it) and each change is audited', async () => {
    const id = Number(
      (await app.db.query<{ id: string }>('select id from underpayments where claim_id = $1', [under.claimId])).rows[0]
        .id,
    );
    const r = await root('POST', '/underpayment/bulk', { ids: [id, 999999], status_id: VARIANCE_STATUS.APPEALED });
    expect(r.status).toBe(200);
    expect(r.body.updated).toBe(1);
    expect(r.body.failed).toEqual([{ id: 999999, updated: false, error: 'The requested record was not found.' }]);
    expect((await variancesOf(under.claimId))[0].status_id).toBe(VARIANCE_STATUS.APPEALED);
    const audit = await app.db.query(
      `select 1 from audits where entity = 'underpayment' and entity_id = $1 and event = 'updated'`,
      [id],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('a reversal of the posting reverses its variance', async () => {
    const again = await paidLine({ allowed: 6000, paid: 6000 });
    const r = await root('POST', `/payments/payment/${again.payment}/reverse`, { note: 'posted to the wrong check' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await variancesOf(again.claimId)).map((v) => v.status_id)).toEqual([VARIANCE_STATUS.REVERSED]);
  });
});

describe("a payer's ERA", () => {
  it('a line its 835 allows under the contract lands in the worklist with the difference to the cent; one allowed as contracted does not', async () => {
    // Rushmore Life allows 99211 $800.00 (paid $500.00, $300.00 deductible) and 93555 $1,150.00 (CO-45 $50.00).
    const text = fixture835('managed-care.835');
    const claims = await claimsForEra(app.db, w, text);
    const payer = Number(
      (await app.db.query<{ id: string }>(`select id from insurance_companies where name = 'RUSHMORE LIFE'`)).rows[0]
        .id,
    );
    const rushmore = (
      await root('POST', '/contract', {
        billing_company_id: w.bc,
        company_id: w.company,
        insurance_company_id: payer,
        name: 'Rushmore Life PPO',
        basis_id: CONTRACT_BASIS.FEE_SCHEDULE,
        start_date: '01/01/2026',
      })
    ).body.id;
    const file = await storeSheet(csv('CPT,Fee\n99211,900.00\n93555,1150.00\n'), 'rushmore.csv');
    expect((await root('POST', `/contract/${rushmore}/rates/import`, { file_id: file })).body.repriced_lines).toBe(2);
    const { rows } = await receiveEra(app.db, root, w.bc, text, 'rushmore.835');
    expect((await root('POST', '/payments/eras/process', { id: rows[0].id })).status).toBe(200);
    expect(await variancesOf(claims.get('5554555444')!)).toEqual([
      {
        kind_id: VARIANCE_KIND.UNDERPAID,
        status_id: VARIANCE_STATUS.OPEN,
        expected: 90000,
        allowed: 80000,
        variance: 10000,
        reasons: 'PR-1',
      },
    ]);
    expect(await variancesOf(claims.get('8765432112')!)).toEqual([]);
  });
});

describe('underpaid money in reports and KPIs', () => {
  it('the variance report sums the underpaid money of the month by payer, without reversed variances', async () => {
    const r = await root(
      'GET',
      `/reports/contract-variances/records?groupBy=insurance,kind&showDetails=false&from=03/01/2026&to=03/31/2026&billing_companies=${w.bc}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const independent = await app.db.query<{ kind_id: number; n: string; s: string }>(
      `select kind_id, count(*) as n, sum(variance) as s from underpayments
        where billing_company_id = $1 and status_id not in (6, 7) and insurance_company_id = $2 group by kind_id order by kind_id`,
      [w.bc, w.payer],
    );
    const payer = r.body.groups.find(
      (g: { level: number; keys: { insurance: string } }) => g.level === 0 && g.keys.insurance === 'SUN Health Plan',
    );
    expect(payer.sums.variance).toBe(independent.rows.reduce((s, x) => s + Number(x.s), 0));
    expect(payer.sums.lines).toBe(independent.rows.reduce((s, x) => s + Number(x.n), 0));
  });

  it('the KPIs measure collection against contracts and the underpayment rate, with the money by payer', async () => {
    // The KPIs read answered claims: the paid claims of this file are Approved by their postings.
    const k = (await root('GET', `/reports/kpis?from=03/01/2026&to=03/31/2026&billing_companies=${w.bc}`)).body;
    const lines = await app.db.query<{ under: string; posted: string }>(
      `select count(*) filter (where exists (select 1 from underpayments u where u.claim_service_id = cs.id and u.kind_id = 1 and u.status_id not in (6, 7))) as under,
              count(*) filter (where exists (select 1 from payment_services p join payments y on y.id = p.payment_id where p.claim_service_id = cs.id and y.insurance_company_id = k.insurance_company_id)) as posted
         from claim_services cs join claims c on c.id = cs.claim_id join contracts k on k.id = cs.expected_contract_id
        where c.billing_company_id = $1 and c.status_id in (4, 6, 7) and cs.expected_allowed is not null and c.date_of_service between '2026-03-01' and '2026-03-31'`,
      [w.bc],
    );
    expect(k.underpayment_rate.underpaid_lines).toBe(Number(lines.rows[0].under));
    expect(k.underpayment_rate.posted_lines).toBe(Number(lines.rows[0].posted));
    expect(k.underpayment_rate.underpaid_lines).toBeGreaterThan(0);
    // Most money first: Rushmore Life's $100.00 before the SUN Health Plan's $12.88.
    expect(k.underpayment_rate.by_payer).toEqual([
      { payer: 'RUSHMORE LIFE', lines: 1, underpaid: 10000 },
      { payer: 'SUN Health Plan', lines: 2, underpaid: 1288 },
    ]);
    // Independently: every primary posting of the contract payer on a priced line of the answered claims, in JS.
    const postings = await app.db.query<{
      line: string;
      expected: string;
      allowed: string | null;
      paid: string;
      patient: string | null;
      adjustments: Array<{ group: string; reason: string; amount: number }>;
    }>(
      `select cs.id as line, cs.expected_allowed as expected, p.allowed, p.paid, p.patient_responsibility as patient, p.adjustments
         from claim_services cs join claims c on c.id = cs.claim_id join contracts k on k.id = cs.expected_contract_id
         join payment_services p on p.claim_service_id = cs.id join payments y on y.id = p.payment_id and y.insurance_company_id = k.insurance_company_id
        where c.billing_company_id = $1 and c.status_id in (4, 6, 7) and c.date_of_service between '2026-03-01' and '2026-03-31'`,
      [w.bc],
    );
    const expected = new Map(postings.rows.map((r) => [r.line, Number(r.expected)]));
    const collectible = postings.rows.reduce((sum, r) => {
      const covered =
        Number(r.paid) !== 0 ||
        r.adjustments.some((a) => a.group === 'PR' && ['1', '2', '3'].includes(a.reason) && a.amount !== 0);
      const allowed = Number(r.allowed ?? 0) !== 0 ? Number(r.allowed) : Number(r.paid) + Number(r.patient ?? 0);
      return sum + (covered ? allowed : 0);
    }, 0);
    expect(k.contract_collection_rate.expected).toBe([...expected.values()].reduce((a, b) => a + b, 0));
    expect(k.contract_collection_rate.collectible).toBe(collectible);
    expect(k.contract_collection_rate.bp).toBe(
      Math.round((k.contract_collection_rate.collectible * 10000) / k.contract_collection_rate.expected),
    );
  });
});
