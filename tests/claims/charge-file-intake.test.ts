import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

// A practice's charge export (one row a service line, CSV or XLSX) through the same intake as its 837s: each claim
// number's rows one claim, its columns found by their usual names or by the clinic's own kept mapping, every cell a
// claim needs checked with its row and column.
let app: TestApp;
let root: Api;
let w: ClaimWorld;
let ids: { billing: string; rendering: string; member: string; payer: string };

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  const one = async (sql: string, p: unknown[]) => (await app.db.query<{ v: string }>(sql, p)).rows[0].v;
  ids = {
    billing: await one('select npi as v from companies where id = $1', [w.company]),
    rendering: await one('select npi as v from health_professionals where id = $1', [w.attending]),
    member: await one('select policy_number as v from insurance_policies where id = $1', [w.policy]),
    payer: await one('select payer_id as v from insurance_companies where id = $1', [w.payer]),
  };
});
afterAll(() => app.close());

const HEADER =
  'Claim Number,Patient Last Name,Patient First Name,DOB,Member ID,Payer ID,Billing NPI,Rendering NPI,DOS,CPT,Modifiers,Diagnoses,Units,Charge,POS';
const csv = (rows: string[]) => [HEADER, ...rows].join('\n');
const visit = (n: string, over: Partial<Record<'cpt' | 'charge' | 'dos' | 'dx' | 'units', string>> = {}) =>
  [
    n,
    'Perez',
    'Lucia',
    '4/12/1980',
    ids.member,
    ids.payer,
    ids.billing,
    ids.rendering,
    over.dos ?? '03/16/2026',
    over.cpt ?? '99213',
    '25',
    over.dx ?? 'J06.9;R05.9',
    over.units ?? '1',
    over.charge ?? '125.00',
    '11',
  ].join(',');

async function take(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const up = await root('POST', `/files?kind=charge-file&billing_company_id=${w.bc}`, form);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  return root('POST', '/claim-files/take', { file_id: up.body.id });
}
const fileClaims = async (id: number) =>
  (await root('GET', `/claim-file-claims?claim_file_id=${id}&itemsPerPage=100&sortBy=position`)).body.data as Array<
    Record<string, unknown> & { outcome: string; claim_id?: number; findings: Array<{ message: string }> }
  >;

describe("a practice's charge export taken in and imported", () => {
  it("makes one claim of each claim number's rows, its lines, diagnoses and charges as the rows say", async () => {
    const text = csv([
      visit('E-100'),
      visit('E-100', { cpt: '36415', charge: '15.00', dx: 'J06.9' }),
      visit('E-101', { dos: '03/17/2026' }),
    ]);
    const r = await take(Buffer.from(text), 'charges-march.csv');
    expect(r.body.received[0].claim_file, JSON.stringify(r.body)).toMatchObject({ claims: 2, ready: 2 });
    const id = r.body.received[0].claim_file.id;
    expect((await root('POST', `/claim-files/${id}/import`, {})).body).toMatchObject({ imported: 2 });
    const [first] = await fileClaims(id);
    const claim = (await root('GET', `/claim/${first.claim_id}`)).body;
    expect(claim).toMatchObject({
      status_id: CLAIM_STATUS.NOT_SUBMITTED,
      patient_id: w.patient,
      patient_account_number: 'E-100',
      billed_amount: 14000,
      attending_provider_id: w.attending,
    });
    expect(claim.diagnoses).toEqual([{ code: 'J06.9' }, { code: 'R05.9' }]);
    expect(
      claim.services.map((l: Record<string, unknown>) => [
        l.procedure_code,
        l.price,
        l.diagnosis_pointers,
        l.from_service,
      ]),
    ).toEqual([
      ['99213', 12500, ['A', 'B'], '03/16/2026'],
      ['36415', 1500, ['A'], '03/16/2026'],
    ]);
  });

  it('reads a workbook (XLSX) the same as a CSV', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Charges');
    for (const line of csv([visit('X-1', { dos: '03/18/2026' })]).split('\n')) sheet.addRow(line.split(','));
    const r = await take(Buffer.from(await book.xlsx.writeBuffer()), 'charges.xlsx');
    expect(r.body.received[0].claim_file).toMatchObject({ claims: 1, ready: 1 });
    const [row] = await fileClaims(r.body.received[0].claim_file.id);
    expect(row).toMatchObject({ control: 'X-1', charge: 12500, patient_id: w.patient, outcome: 'ready' });
  });

  it('says in words, with the row and the column, what a cell has wrong; the claim is imported as a draft to fix', async () => {
    const r = await take(Buffer.from(csv([visit('B-1', { charge: 'abc', dos: '03/19/2026' })])), 'bad-cells.csv');
    const id = r.body.received[0].claim_file.id;
    expect(r.body.received[0].claim_file).toMatchObject({ to_fix: 1 });
    const [row] = await fileClaims(id);
    expect(row.findings.map((f) => f.message)).toEqual(['Row 2: Charge "abc" is not valid.']);
  });

  it('a file without a column a claim needs is refused as a whole, naming the column', async () => {
    const text = ['Claim Number,Patient Last Name', 'Z-1,Perez'].join('\n');
    const r = await take(Buffer.from(text), 'short.csv');
    const file = (await root('GET', `/claim-files/${r.body.received[0].claim_file.id}`)).body;
    expect(file.claims).toBe(0);
    expect(file.findings.map((f: { message: string }) => f.message)).toContain(
      "The charge file has no column for patient first name: add it, or say which column holds it in the clinic's charge file columns.",
    );
  });

  it("a clinic's own column names, kept on the clinic, are how its files are read", async () => {
    const columns = {
      claim_number: 'Encounter #',
      date_of_service: 'Svc Date',
      procedure: 'Proc',
      charge: 'Fee ($)',
      member_id: 'Ins ID',
    };
    const { version } = (await root('GET', `/company/${w.company}`)).body;
    const saved = await root('PUT', `/company/${w.company}`, { charge_file_columns: columns, version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const own = HEADER.replace('Claim Number', 'Encounter #')
      .replace('DOS', 'Svc Date')
      .replace('CPT', 'Proc')
      .replace('Charge', 'Fee ($)')
      .replace('Member ID', 'Ins ID');
    const r = await take(Buffer.from([own, visit('K-1', { dos: '03/20/2026' })].join('\n')), 'clinic-export.csv');
    expect(r.body.received[0].claim_file).toMatchObject({ claims: 1, ready: 1 });
    const file = (await root('GET', `/claim-files/${r.body.received[0].claim_file.id}`)).body;
    expect(file.sender).toBe('Sunshine Family Clinic');
  });
});
