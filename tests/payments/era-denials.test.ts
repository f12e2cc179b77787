import { toIsoDate } from '../../src/domain/formats.ts';
import x12 from 'node-x12';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra } from '../helpers/era-claims.ts';
import { remittancesOf } from '../../dev-server/payments/era-files.ts';
import type { ClaimToRemit } from '../../src/domain/x12/era-835-writer.ts';
import { keyInsurance835, LUCIA } from '../helpers/key-insurance-835.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

const line = (
  procedure: string,
  charge: number,
  paid: number,
  adjustments: ClaimToRemit['lines'][number]['adjustments'],
  remarks?: string[],
) => ({ procedure, charge, paid, date: toIsoDate('2026-03-02'), adjustments, remarks });

// A payer's denial remittance: one claim denied outright (CLP02 4, CO-50 not medically necessary with
// remark N115), one whose lines are all denied for timely filing (CO-29) under CLP02 1, one paid.
const denialFile = (trace: string) =>
  keyInsurance835({
    control: 7,
    trace,
    date: '2026-03-28',
    claims: [
      {
        patientControlNumber: `DEN-${trace}-1`,
        status: '4',
        charge: 15000,
        paid: 0,
        patientResponsibility: 0,
        payerControlNumber: `ICN${trace}1`,
        patient: LUCIA,
        from: toIsoDate('2026-03-02'),
        lines: [line('99214', 15000, 0, [{ group: 'CO', reason: '50', amount: 15000 }], ['N115'])],
      },
      {
        patientControlNumber: `DEN-${trace}-2`,
        status: '1',
        charge: 9000,
        paid: 0,
        patientResponsibility: 0,
        payerControlNumber: `ICN${trace}2`,
        patient: LUCIA,
        from: toIsoDate('2026-03-02'),
        lines: [
          line('71046', 6000, 0, [{ group: 'CO', reason: '29', amount: 6000 }]),
          line('36415', 3000, 0, [{ group: 'CO', reason: '29', amount: 3000 }]),
        ],
      },
      {
        patientControlNumber: `DEN-${trace}-3`,
        status: '1',
        charge: 12500,
        paid: 8000,
        patientResponsibility: 2000,
        payerControlNumber: `ICN${trace}3`,
        patient: LUCIA,
        from: toIsoDate('2026-03-02'),
        lines: [
          line('99213', 12500, 8000, [
            { group: 'CO', reason: '45', amount: 2500 },
            { group: 'PR', reason: '1', amount: 2000 },
          ]),
        ],
      },
    ],
  });

async function post(text: string, name: string) {
  const claims = await claimsForEra(app.db, w, text);
  const synced = await root('POST', '/payments/eras/sync', { billing_company_id: w.bc, content: text, name });
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  const era = (await app.db.query<{ id: number }>('select id from era_files where name = $1', [name])).rows[0];
  const r = await root('POST', '/payments/eras/process', { id: era.id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { claims, eraId: Number(era.id) };
}
const statusOf = async (id: number) =>
  Number((await app.db.query<{ s: number }>('select status_id s from claims where id = $1', [id])).rows[0].s);

describe('a denial remittance', () => {
  it('the file we write for it balances and reads the same with node-x12', () => {
    const text = denialFile('D1');
    expect(remittancesOf(text)[0].findings).toEqual([]);
    const parsed = new x12.X12Parser(true).parse(text) as any;
    const segs = parsed.functionalGroups[0].transactions[0].segments;
    expect(
      segs.filter((s: any) => s.tag === 'CLP').map((s: any) => [s.elements[0].value, s.elements[1].value]),
    ).toEqual([
      ['DEN-D1-1', '4'],
      ['DEN-D1-2', '1'],
      ['DEN-D1-3', '1'],
    ]);
    expect(segs.find((s: any) => s.tag === 'BPR').elements[1].value).toBe('80.00');
  });

  it('a claim the payer denied (CLP02 4) is Denied with its CARC recorded and nothing paid', async () => {
    const { claims } = await post(denialFile('D2'), 'denial-d2.835');
    const id = claims.get('DEN-D2-1')!;
    expect(await statusOf(id)).toBe(6);
    const note = (
      await app.db.query<{ note: string; details: { carc?: string[] } }>(
        `select note, details from claim_notes where claim_id = $1 and kind = 'check_status' order by id desc limit 1`,
        [id],
      )
    ).rows[0];
    expect(note.details.carc).toEqual(['CO-50']);
    expect(note.note).toMatch(/denied/);
    expect(
      Number(
        (
          await app.db.query<{ s: string }>(
            'select coalesce(sum(paid), 0) s from payment_services where claim_id = $1',
            [id],
          )
        ).rows[0].s,
      ),
    ).toBe(0);
  });

  it('a claim whose lines are all denied is Denied even when the payer processed it (CLP02 1)', async () => {
    const { claims } = await post(denialFile('D3'), 'denial-d3.835');
    const id = claims.get('DEN-D3-2')!;
    expect(await statusOf(id)).toBe(6);
    const adj = (
      await app.db.query<{ adjustments: Array<{ group: string; reason: string; amount: number }> }>(
        'select adjustments from payment_services where claim_id = $1 order by id',
        [id],
      )
    ).rows;
    expect(adj.map((r) => r.adjustments.map((a) => `${a.group}-${a.reason} ${a.amount}`))).toEqual([
      ['CO-29 6000'],
      ['CO-29 3000'],
    ]);
  });

  it('the paid claim of the same file is Approved with the deductible left to the patient, and the ERA reconciles', async () => {
    const { claims, eraId } = await post(denialFile('D4'), 'denial-d4.835');
    const id = claims.get('DEN-D4-3')!;
    expect(await statusOf(id)).toBe(4);
    expect(
      Number(
        (
          await app.db.query<{ s: string }>(
            'select sum(patient_responsibility) s from payment_services where claim_id = $1',
            [id],
          )
        ).rows[0].s,
      ),
    ).toBe(2000);
    const rec = await root('GET', `/payments/eras/${eraId}/reconciliation`);
    expect(rec.body).toMatchObject({
      payment_amount: 8000,
      posted_claim_payments: 8000,
      difference: 0,
      balanced: true,
    });
  });
});
