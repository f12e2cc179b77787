import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { availityAccount, claimWorld, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import type { Claim837P } from '../../src/domain/x12/claim-837-model.ts';
import { toIsoDate } from '../../src/domain/formats.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

// A practice's 837 taken in as a claim file, imported, checked again: its claims made here through the claim service,
// each outcome kept on the file's claims, nothing made twice. The claims are those of a clinic of this billing company,
// written by the product's own 837 writer as a practice's system would send them, renumbered as the practice numbers them.
let app: TestApp;
let root: Api;
let w: ClaimWorld;
let base: Claim837P;

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  const [id] = await readyClaims(root, w, 1);
  const { professional } = await claimsFor837(app.db, w.bc, [id]);
  const { id: _id, ...one } = professional[0];
  base = one;
});
afterAll(() => app.close());

let control = 77;
/** A file of these claims as a practice's system writes it (its own interchange number each time). */
function practiceFile(claims: Claim837P[], to = 'SUNBILL'): string {
  return write837P({
    submitter: { name: 'SUNSHINE CLINIC PM', id: 'PM01', contactName: 'FRONT DESK', phone: '3055550100' },
    receiver: { name: 'SUN BILLING', id: to },
    interchange: { senderId: 'PM01', receiverId: to, control: control++, usage: 'P', date: new Date() },
    claims,
  });
}
const numbered = (n: string, over: Partial<Claim837P> = {}): Claim837P => ({
  ...base,
  patientControlNumber: n,
  ...over,
});
/** A patient the billing company has never seen, with a member id of their own at the same payer. */
const newcomer = (n: string): Claim837P =>
  numbered(n, {
    subscriber: {
      ...base.subscriber,
      party: { name: 'MUNOZ', firstName: 'ZOE', entity: 'person' },
      memberId: `NEW${n}`,
      dateOfBirth: toIsoDate('1991-02-03'),
      sex: 'F',
      address: { line1: '12 RUE DE L EGLISE', city: 'MIAMI', state: 'FL', zip: '33101' },
    },
  });

async function take(text: string, name = 'practice.837') {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const up = await root('POST', `/files?kind=claim-file&billing_company_id=${w.bc}`, form);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  return root('POST', '/claim-files/take', { file_id: up.body.id });
}
const fileClaims = async (id: number) =>
  (await root('GET', `/claim-file-claims?claim_file_id=${id}&itemsPerPage=100&sortBy=position`)).body.data as Array<
    Record<string, unknown> & { outcome: string; claim_id?: number; findings: Array<{ message: string }> }
  >;
const count = async (table: string) =>
  Number(
    (await app.db.query<{ n: string }>(`select count(*) n from ${table} where billing_company_id = $1`, [w.bc])).rows[0]
      .n,
  );

describe('a claim file taken in', () => {
  it('is kept with each claim checked and matched, and nothing else is written', async () => {
    const [claims, patients] = [await count('claims'), await count('patients')];
    const r = await take(practiceFile([numbered('T-1'), newcomer('T-2')]));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [got] = r.body.received;
    expect(got).toMatchObject({
      result: 'claim_file_received',
      claim_file: { claims: 2, ready: 2, to_fix: 0, waiting: 0 },
    });
    const rows = await fileClaims(got.claim_file.id);
    expect(rows.map((x) => [x.control, x.outcome, x.patient_id ?? null])).toEqual([
      ['T-1', 'ready', w.patient],
      ['T-2', 'ready', null],
    ]);
    expect([await count('claims'), await count('patients')]).toEqual([claims, patients]);
  });

  it('a file with no 837 claims (an ERA uploaded by mistake) is refused in words, and nothing is kept', async () => {
    const era = readFileSync(new URL('../fixtures/x12/835/managed-care.835', import.meta.url), 'latin1');
    const files = await count('claim_files');
    const r = await take(era, 'not-claims.835');
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      "The file not-claims.835 holds no 837 claims: a claim file is an 837P or 837I a practice's system wrote.",
    );
    expect(await count('claim_files')).toBe(files);
  });

  it('the same bytes taken in twice are one claim file', async () => {
    const text = practiceFile([numbered('D-1')]);
    await take(text);
    const files = await count('claim_files');
    const again = await take(text, 'again.837');
    expect(again.body.received[0].result).toBe('duplicate');
    expect(await count('claim_files')).toBe(files);
  });
});

describe('a claim file imported', () => {
  it("makes each ready claim a verified claim, Not submitted, under the practice's claim number", async () => {
    const id = (await take(practiceFile([numbered('I-1')]))).body.received[0].claim_file.id;
    const r = await root('POST', `/claim-files/${id}/import`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ imported: 1, drafts: 0, waiting: 0 });
    const [row] = await fileClaims(id);
    expect(row.outcome).toBe('imported');
    const claim = (await root('GET', `/claim/${row.claim_id}`)).body;
    expect(claim).toMatchObject({
      status_id: CLAIM_STATUS.NOT_SUBMITTED,
      verified: true,
      patient_id: w.patient,
      company_id: w.company,
      patient_account_number: 'I-1',
      billed_amount: base.totalCharge,
    });
    expect(claim.diagnoses.map((d: { code: string }) => d.code)).toEqual(
      base.diagnoses.map((c) => (c.length > 3 ? `${c.slice(0, 3)}.${c.slice(3)}` : c)),
    );
    const file = (await root('GET', `/claim-files/${id}`)).body;
    expect(file).toMatchObject({ status: 'imported', imported: 1 });
  });

  it('makes the patient and policy of a person the billing company has never seen, once for all their claims', async () => {
    const patients = await count('patients');
    const id = (
      await take(practiceFile([newcomer('N-1'), { ...newcomer('N-2'), subscriber: newcomer('N-1').subscriber }]))
    ).body.received[0].claim_file.id;
    const r = await root('POST', `/claim-files/${id}/import`, {});
    expect(r.body).toMatchObject({ imported: 2 });
    expect(await count('patients')).toBe(patients + 1);
    const made = await app.db.query<{ first_name: string; last_name: string; policy_number: string; dob: string }>(
      `select pa.first_name, pa.last_name, p.policy_number, to_char(pa.date_of_birth, 'MM/DD/YYYY') dob
         from patients pa join insurance_policies p on p.patient_id = pa.id where pa.billing_company_id = $1 and p.policy_number = 'NEWN-1'`,
      [w.bc],
    );
    expect(made.rows).toEqual([{ first_name: 'ZOE', last_name: 'MUNOZ', policy_number: 'NEWN-1', dob: '02/03/1991' }]);
  });

  it('imports again nothing: the file says it has nothing left, and no claim is made twice', async () => {
    const id = (await take(practiceFile([numbered('A-1')]))).body.received[0].claim_file.id;
    await root('POST', `/claim-files/${id}/import`, {});
    const claims = await count('claims');
    const again = await root('POST', `/claim-files/${id}/import`, {});
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/has nothing left to import/);
    expect(await count('claims')).toBe(claims);
  });

  it('a new file with claims already imported finds them held and makes nothing', async () => {
    const first = (await take(practiceFile([numbered('H-1')]))).body.received[0].claim_file.id;
    await root('POST', `/claim-files/${first}/import`, {});
    const r = await take(practiceFile([numbered('H-1')]));
    expect(r.body.received[0].claim_file).toMatchObject({ held: 1, ready: 0 });
  });

  it('a claim with findings becomes a draft to fix in the editor, its findings kept on the file', async () => {
    const unbalanced = numbered('F-1', { totalCharge: base.totalCharge + 100 });
    const id = (await take(practiceFile([unbalanced]))).body.received[0].claim_file.id;
    const r = await root('POST', `/claim-files/${id}/import`, {});
    expect(r.body).toMatchObject({ imported: 0, drafts: 1 });
    const [row] = await fileClaims(id);
    expect(row.outcome).toBe('draft');
    expect(row.findings.map((f) => f.message).join(' ')).toMatch(/CLM02/);
    const claim = (await root('GET', `/claim/${row.claim_id}`)).body;
    expect(claim.status_id).toBe(CLAIM_STATUS.DRAFT);
    const notes = await app.db.query<{ note: string }>('select note from claim_notes where claim_id = $1', [
      row.claim_id,
    ]);
    expect(notes.rows.map((n) => n.note)).toEqual([
      expect.stringMatching(
        /^Imported from the practice's claim file practice\.837 as a draft to fix: 2300 CLM: .*CLM02/,
      ),
    ]);
  });

  it('a claim whose payer is not set up waits; once the payer is, checking again makes it ready and it imports', async () => {
    const stranger = numbered('W-1', { payer: { name: 'FAR AWAY MUTUAL', payerId: 'FAR01' } });
    const id = (await take(practiceFile([stranger]))).body.received[0].claim_file.id;
    const r = await root('POST', `/claim-files/${id}/import`, {});
    expect(r.body).toMatchObject({ imported: 0, waiting: 1 });
    expect((await fileClaims(id))[0].findings[0].message).toMatch(/payer id FAR01/);
    await app.db.query(
      `insert into payer_settings (billing_company_id, insurance_company_id, payer_id) values ($1, $2, 'FAR01')`,
      [w.bc, w.payer],
    );
    const checked = await root('POST', `/claim-files/${id}/check`, {});
    expect(checked.body).toMatchObject({ ready: 1, waiting: 0 });
    expect((await root('POST', `/claim-files/${id}/import`, {})).body).toMatchObject({ imported: 1 });
    expect((await root('GET', `/claim-files/${id}`)).body.status).toBe('imported');
  });

  it('a correction (frequency 7) of a claim not yet sent replaces it in place', async () => {
    const id = (await take(practiceFile([numbered('R-1')]))).body.received[0].claim_file.id;
    await root('POST', `/claim-files/${id}/import`, {});
    const original = (await fileClaims(id))[0].claim_id!;
    const corrected = numbered('R-1', {
      frequency: '7',
      lines: [{ ...base.lines[0], charge: base.lines[0].charge + 1000 }, ...base.lines.slice(1)],
      totalCharge: base.totalCharge + 1000,
    });
    const fix = (await take(practiceFile([corrected]))).body.received[0].claim_file.id;
    const r = await root('POST', `/claim-files/${fix}/import`, {});
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ replaced: 1 });
    const [row] = await fileClaims(fix);
    expect(row.claim_id).toBe(original);
    expect((await root('GET', `/claim/${original}`)).body.billed_amount).toBe(base.totalCharge + 1000);
  });

  it('a void (frequency 8) of a claim not yet sent removes it', async () => {
    const id = (await take(practiceFile([numbered('V-1')]))).body.received[0].claim_file.id;
    await root('POST', `/claim-files/${id}/import`, {});
    const original = (await fileClaims(id))[0].claim_id!;
    const fix = (await take(practiceFile([numbered('V-1', { frequency: '8' })]))).body.received[0].claim_file.id;
    expect((await root('POST', `/claim-files/${fix}/import`, {})).body).toMatchObject({ voided: 1 });
    expect((await root('GET', `/claim/${original}`)).status).toBe(404);
  });

  it("a file's claims' findings read in Spanish to a Spanish reader", async () => {
    const id = (await take(practiceFile([numbered('S-1', { totalCharge: 1 })]))).body.received[0].claim_file.id;
    await app.db.query("update users set language = 'es' where email = 'root@test.com'");
    const rows = await fileClaims(id).finally(() =>
      app.db.query("update users set language = 'en' where email = 'root@test.com'"),
    );
    expect(rows[0].findings.map((f) => f.message).join(' ')).toMatch(/CLM02/);
    expect(rows[0].findings.map((f) => f.message).join(' ')).toMatch(/ la suma | no es /);
  });
});

describe("a practice's 837 dropped in the clearing-house account's inbound folder", () => {
  // Addressed to the billing company as the account knows it (its submitter id), as the clearing house would deliver it.
  it('is taken in by the poll as a claim file waiting to be imported, and logged as received', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intake-'));
    process.env.EXCHANGE_DIR = dir;
    try {
      const account = await availityAccount(app.db, root, w, {
        connection: 'folder',
        outbound_folder: 'availity/out',
        inbound_folder: 'availity/in',
      });
      mkdirSync(join(dir, String(w.bc), 'availity/in'), { recursive: true });
      writeFileSync(
        join(dir, String(w.bc), 'availity/in', 'sunshine-april.837'),
        practiceFile([numbered('P-1')], 'SUN0001'),
      );
      const r = await root('POST', `/clearing-house-account/${account}/poll`);
      expect(r.body.received).toMatchObject([{ kind: '837P', result: 'claim_file_received' }]);
      const kept = await app.db.query<{ name: string; claims: number; ready: number; status: string }>(
        `select name, claims, ready, status from claim_files where billing_company_id = $1 and name = 'sunshine-april.837'`,
        [w.bc],
      );
      expect(kept.rows).toEqual([{ name: 'sunshine-april.837', claims: 1, ready: 1, status: 'previewed' }]);
    } finally {
      delete process.env.EXCHANGE_DIR;
    }
  });
});
