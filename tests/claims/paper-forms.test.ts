import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { formLayoutProblems } from '../helpers/pdf-layout.ts';
import { pdfRuns, type PlacedRun } from '../helpers/pdf-text.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let token: string;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  token = await app.login('root@test.com');
});
afterAll(() => app.close());

const pdfBytes = async (path: string) => {
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return res.arrayBuffer();
};
const pdf = async (path: string) => pdfRuns(await pdfBytes(path));

const PROCEDURES = ['99213', '36415', '71046', '85025', '99214', '99213', '36415', '85025'];
const PRICES = [12500, 1500, 9000, 2500, 18000, 12500, 1500, 2500];
const eightLines = () =>
  PROCEDURES.map((code, i) => {
    const day = `03/${String(2 + i).padStart(2, '0')}/2026`;
    return {
      from_service: day,
      to_service: day,
      procedure_code: code,
      diagnosis_pointers: i % 2 ? ['B'] : ['A', 'B'],
      days_or_units: '1',
      price: PRICES[i],
      ...(i === 0 ? { modifiers: ['25'], copay: 2500 } : {}),
    };
  });

/** The CMS-1500 grid read back from the PDF: the text that starts at each row and column (paper-forms.md §4 step 2). */
function grid(runs: PlacedRun[], left = 24, top = 20) {
  const at = new Map<string, string>();
  for (const r of runs) {
    const col = (r.x - left) / 7.2 + 1;
    const row = (r.top - top) / 12;
    expect(Math.abs(col - Math.round(col)), `"${r.str}" off the column grid`).toBeLessThan(0.1);
    expect(Math.abs(row - Math.round(row)), `"${r.str}" off the row grid`).toBeLessThan(0.1);
    expect(r.size).toBeCloseTo(12, 1);
    at.set(`${Math.round(row)}:${Math.round(col)}`, r.str);
  }
  return (row: number, col: number) => at.get(`${row}:${col}`)?.trimEnd();
}

describe('CMS-1500 (02/12) on the printing grid', () => {
  let pages: PlacedRun[][];
  let claimId: number;
  beforeAll(async () => {
    const c = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        services: eightLines(),
        referring_provider_id: w.referring,
        referring_qualifier: 'DN',
        patient_account_number: 'ACC-778',
      }),
    );
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    claimId = c.body.id;
    pages = await pdf(`/claim/show-claim-form/${claimId}`);
  });

  it('eight lines make two forms: six lines on the first, two on the second', () => {
    expect(pages).toHaveLength(2);
    const [one, two] = pages.map((p) => grid(p));
    expect([44, 46, 48, 50, 52, 54].map((row) => one(row, 25))).toEqual(PROCEDURES.slice(0, 6));
    expect([44, 46].map((row) => two(row, 25))).toEqual(PROCEDURES.slice(6));
    expect(two(48, 25)).toBeUndefined();
    expect(one(1, 62)).toBe('PAGE 1 OF 2');
    expect(two(1, 62)).toBe('PAGE 2 OF 2');
  });

  it('the header boxes repeat on every page', async () => {
    for (const p of pages) {
      const at = grid(p);
      expect(at(2, 41)).toBe('SUN HEALTH PLAN');
      expect(at(8, 50)).toBe('W123456789');
      expect(at(10, 1)).toBe('PEREZ, LUCIA');
      expect([at(10, 31), at(10, 34), at(10, 37)]).toEqual(['04', '12', '1980']);
      expect(at(10, 47)).toBe('X');
      expect(at(10, 42)).toBeUndefined();
      expect(at(12, 1)).toBe('12 PALM AVE');
      expect(at(12, 33)).toBe('X');
      expect(at(38, 3)).toBe('J069');
      expect(at(38, 16)).toBe('R059');
      expect(at(37, 42)).toBe('0');
      expect(at(40, 50)).toBe('AUTH-1234');
      expect(at(34, 1)).toBe('DN');
      expect(at(34, 4)).toBe('CARTER, JAMES');
      // Box 26: the claim's patient control number, whole (the 837's CLM01), not the clinic's account number.
      const pcn = (
        await app.db.query<{ pcn: string }>('select patient_control_number as pcn from claims where id = $1', [claimId])
      ).rows[0].pcn;
      expect(pcn).toMatch(/^SUN[A-Z]{2}\d{6}$/);
      expect(at(56, 23)).toBe(pcn);
      expect(at(56, 38)).toBe('X');
      expect(at(58, 23)).toBe('SUNSHINE OUTPATIENT CENTE');
      expect(at(58, 50)).toBe('SUNSHINE FAMILY CLINIC');
      expect(at(60, 50)).toBe('MIAMI FL 33101-2204');
    }
  });

  it('each line shows dates as MM DD YY, place, procedure, modifiers, pointers, charge with a blank for the point, and units', () => {
    const one = grid(pages[0]);
    expect([one(44, 1), one(44, 4), one(44, 7), one(44, 10), one(44, 13), one(44, 16)]).toEqual([
      '03',
      '02',
      '26',
      '03',
      '02',
      '26',
    ]);
    expect(one(44, 19)).toBe('11');
    expect(one(44, 33)).toBe('25');
    expect(one(44, 45)).toBe('AB');
    expect(one(46, 45)).toBe('B');
    expect(one(44, 50)).toBe('  125 00');
    expect(one(46, 50)).toBe('   15 00');
    expect(one(44, 59)).toBe('1');
  });

  it('a fraction of a unit keeps its decimal point in box 24G (1.5, never 15), as the 837 says it', async () => {
    const c = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        services: [
          {
            from_service: '04/02/2026',
            to_service: '04/02/2026',
            procedure_code: '99213',
            diagnosis_pointers: ['A'],
            days_or_units: '1.5',
            price: 12500,
          },
        ],
      }),
    );
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(grid((await pdf(`/claim/show-claim-form/${c.body.id}`))[0])(44, 59)).toBe('1.5');
  });

  it('box 28 says CONTINUED on the first form and totals all eight lines on the last; box 29 (the copay paid) is on the last only', () => {
    const [one, two] = pages.map((p) => grid(p));
    expect(one(56, 51)).toBe('CONTINUED');
    expect(one(56, 62)).toBeUndefined();
    expect(two(56, 52)).toBe('  600 00');
    expect(two(56, 62)).toBe('   25 00');
  });

  it('the offsets move the whole grid: left 30 and top 26 points', async () => {
    const moved = await pdf(`/claim/show-claim-form/${claimId}?left=30&top=26`);
    expect(grid(moved[0], 30, 26)(10, 1)).toBe('PEREZ, LUCIA');
  });

  it('the full form for plain paper draws the form under the same data', async () => {
    const full = await pdf(`/claim/show-claim-form/${claimId}?mode=full`);
    const text = full[0].map((r) => r.str).join(' ');
    expect(text).toContain('HEALTH INSURANCE CLAIM FORM');
    expect(text).toContain("1a INSURED'S I.D. NUMBER");
    const data = full[0].filter((r) => Math.abs(r.size - 12) < 0.1);
    expect(grid(data)(10, 1)).toBe('PEREZ, LUCIA');
  });

  it('a mode other than data or full is refused', async () => {
    const r = await root('GET', `/claim/show-claim-form/${claimId}?mode=pretty`);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['mode']);
  });
});

describe('UB-04 in its field boxes', () => {
  const px = (u: number) => (u * 72) / 110;
  let pages: PlacedRun[][];
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      const day = `03/${String(1 + (i % 28)).padStart(2, '0')}/2026`;
      return {
        from_service: day,
        to_service: day,
        revenue_code: i % 2 ? '0300' : '0450',
        procedure_code: i % 2 ? '85025' : '99213',
        days_or_units: '1',
        price: i % 2 ? 2500 : 45000,
      };
    });
  beforeAll(async () => {
    const c = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        format_id: 2,
        type_of_bill: '131',
        patient_status: '01',
        admission_type: '3',
        admission_source: '2',
        place_of_service: undefined,
        diagnoses: [
          { code: 'E11.9', poa: 'Y' },
          { code: 'I10', poa: 'N' },
        ],
        condition_codes: ['09'],
        value_codes: [{ code: 'A1', amount: 5000 }],
        services: lines(23),
      }),
    );
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    pages = await pdf(`/claim/show-claim-form/${c.body.id}`);
  });
  /** The run inside a field box (left/top/width in form units, margins left 14 pt, top 11 pt; the print shift of 3 units down). */
  const inBox = (page: PlacedRun[], left: number, top: number, width: number) =>
    page
      .filter(
        (r) =>
          r.x >= 14 + px(left) - 1.5 &&
          r.x + r.width <= 14 + px(left + width) + 1.5 &&
          r.top >= 11 + px(top + 3) - 1.5 &&
          r.top <= 11 + px(top + 3 + 14) + 1.5,
      )
      .map((r) => r.str);

  it('23 lines make two forms: 22 on the first, one on the second, PAGE n OF m on line 23', () => {
    expect(pages).toHaveLength(2);
    expect(inBox(pages[0], 15, 332, 52)).toEqual(['0450']);
    expect(inBox(pages[0], 15, 715, 52)).toEqual(['0300']);
    expect(inBox(pages[1], 15, 332, 52)).toEqual(['0450']);
    expect(inBox(pages[1], 15, 349, 52)).toEqual([]);
    expect([inBox(pages[0], 118, 734, 32), inBox(pages[0], 182, 734, 32)]).toEqual([['1'], ['2']]);
    expect([inBox(pages[1], 118, 734, 32), inBox(pages[1], 182, 734, 32)]).toEqual([['2'], ['2']]);
  });

  it('the header form locators are in their boxes on every page', () => {
    for (const p of pages) {
      expect(inBox(p, 862, 37, 57)).toEqual(['0131']);
      expect(inBox(p, 28, 110, 318)).toEqual(['PEREZ, LUCIA']);
      expect(inBox(p, 15, 147, 99)).toEqual(['04121980']);
      expect(inBox(p, 115, 147, 34)).toEqual(['F']);
      expect(inBox(p, 246, 147, 34)).toEqual(['3']);
      expect(inBox(p, 345, 147, 34)).toEqual(['01']);
      expect(inBox(p, 378, 147, 34)).toEqual(['09']);
      expect(inBox(p, 489, 240, 32)).toEqual(['A1']);
      expect(inBox(p, 15, 770, 252)).toEqual(['SUN HEALTH PLAN']);
      expect(inBox(p, 333, 845, 220)).toEqual(['W123456789']);
      expect(inBox(p, 28, 972, 77)).toEqual(['E119']);
      expect(inBox(p, 106, 972, 11)).toEqual(['Y']);
      expect(inBox(p, 115, 972, 78)).toEqual(['I10']);
      expect(inBox(p, 193, 972, 12)).toEqual(['N']);
    }
  });

  it('charges are right-aligned 14 units short of the box edge, with two blanks for the point; the total is on the last page only', () => {
    const charge = pages[0].find((r) => r.str.trim() === '450  00' && r.top > 11 + px(332) && r.top < 11 + px(352))!;
    expect(charge.x + charge.width).toBeCloseTo(14 + px(672 + 110 - 14), 0);
    expect(inBox(pages[0], 672, 734, 110).map((s) => s.trim())).toEqual(['CONTINUED']);
    // 12 lines of 450.00 and 11 of 25.00
    expect(inBox(pages[1], 672, 734, 110).map((s) => s.trim())).toEqual(['5675  00']);
  });
});

describe('paper that prints right', () => {
  it('the CMS-1500 and the UB-04 print no text over other text, no text across a drawn box line, and nothing off the page (FL69 and box 33 too)', async () => {
    // The longest names a company takes print within box 33; an admitting diagnosis sits in FL69, clear of its caption.
    await app.db.query(`update companies set name = 'Sunshine Family Clinic of Greater Miami-Dade LLC' where id = $1`, [
      w.company,
    ]);
    const cms = await root('POST', '/claim/verify-register', goodClaim(w, { referring_provider_id: w.referring }));
    const ub = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        format_id: 2,
        type_of_bill: '111',
        patient_status: '01',
        admission_type: '1',
        admission_source: '1',
        place_of_service: undefined,
        admission_date: '03/20/2026',
        admission_hour: 7,
        discharge_date: '03/22/2026',
        discharge_hour: 16,
        statement_from: '03/20/2026',
        statement_through: '03/22/2026',
        admitting_diagnosis: 'J06.9',
        diagnoses: [
          { code: 'E11.9', poa: 'Y' },
          { code: 'I10', poa: 'N' },
        ],
        condition_codes: ['09'],
        value_codes: [{ code: 'A1', amount: 5000 }],
        services: [
          {
            from_service: '03/20/2026',
            to_service: '03/21/2026',
            revenue_code: '0120',
            days_or_units: '2',
            price: 90000,
          },
          {
            from_service: '03/21/2026',
            to_service: '03/21/2026',
            revenue_code: '0300',
            procedure_code: '85025',
            days_or_units: '1',
            price: 2500,
          },
        ],
      }),
    );
    expect([cms.status, ub.status]).toEqual([201, 201]);
    const box33 = (await pdf(`/claim/show-claim-form/${cms.body.id}`))[0].find((r) =>
      r.str.startsWith('SUNSHINE FAMILY'),
    );
    expect(box33?.str.trimEnd()).toBe('SUNSHINE FAMILY CLINIC OF GRE');
    for (const id of [cms.body.id, ub.body.id]) {
      for (const mode of ['data', 'full']) {
        // On plain paper the form is drawn too: every value and caption inside its box, the form inside the sheet.
        const problems = await formLayoutProblems(await pdfBytes(`/claim/show-claim-form/${id}?mode=${mode}`));
        expect(problems, `claim ${id} ${mode}`).toEqual([]);
      }
    }
  });
});

describe('UB-04 of an inpatient stay', () => {
  const px = (u: number) => (u * 72) / 110;
  const inBox = (page: PlacedRun[], left: number, top: number, width: number) =>
    page
      .filter(
        (r) =>
          r.x >= 14 + px(left) - 1.5 &&
          r.x + r.width <= 14 + px(left + width) + 1.5 &&
          r.top >= 11 + px(top + 3) - 1.5 &&
          r.top <= 11 + px(top + 3 + 14) + 1.5,
      )
      .map((r) => r.str);
  it('prints the admission date in FL12, its hour in FL13 and the discharge hour in FL16', async () => {
    const c = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        format_id: 2,
        type_of_bill: '111',
        patient_status: '01',
        admission_type: '1',
        admission_source: '1',
        place_of_service: undefined,
        admission_date: '03/20/2026',
        admission_hour: 7,
        discharge_date: '03/22/2026',
        discharge_hour: 16,
        statement_from: '03/20/2026',
        statement_through: '03/22/2026',
        diagnoses: [{ code: 'E11.9', poa: 'Y' }],
        services: [
          {
            from_service: '03/20/2026',
            to_service: '03/21/2026',
            revenue_code: '0120',
            days_or_units: '2',
            price: 90000,
          },
        ],
      }),
    );
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const [page] = await pdf(`/claim/show-claim-form/${c.body.id}`);
    expect([inBox(page, 148, 147, 66), inBox(page, 214, 147, 32), inBox(page, 312, 147, 34)]).toEqual([
      ['032026'],
      ['07'],
      ['16'],
    ]);
  });
});

describe('a paper batch prints its claims on their forms', () => {
  it('one CMS-1500 per claim, in the batch, data only by default', async () => {
    const ids = await readyClaims(root, w, 2);
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Paper May',
      company_id: w.company,
      transmission: 'P',
      claim_ids: ids,
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    const pages = await pdf(`/claim/batch/show-batch-forms/${b.body.id}`);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => grid(p)(44, 1))).toEqual(['03', '03']);
    expect(pages.map((p) => grid(p)(44, 4))).toEqual(['10', '11']);
    expect(pages.flat().every((r) => r.size === 12)).toBe(true);
  });
});
