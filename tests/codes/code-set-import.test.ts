import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseX12CodeList } from '../../dev-server/codes/x12-code-list-import.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED, importCodeSet, loadBundledCodeSets } from '../../dev-server/codes/code-set-import.ts';
import { parseIcd10OrderLine } from '../../dev-server/codes/icd10cm-import.ts';
import { parsePlaceOfServiceXml } from '../../dev-server/codes/pos-import.ts';
import type { Database } from '../../dev-server/db/database.ts';
import { freshDatabase } from '../helpers/test-database.ts';

let db: Database;
const progress: Array<[number, number]> = [];
beforeAll(async () => {
  db = await freshDatabase();
  await loadBundledCodeSets(db, {}, () => undefined);
});
afterAll(() => db.close());

const one = async (sql: string, params: unknown[] = []) =>
  (await db.query<Record<string, unknown>>(sql, params)).rows[0];

describe('ICD-10-CM from the CMS order file', () => {
  it('reads a line of the fixed-width file: code with its dot, billable flag, short and long description', () => {
    expect(
      parseIcd10OrderLine(
        '00002 A000    1 Cholera due to Vibrio cholerae 01, biovar cholerae           Cholera due to Vibrio cholerae 01, biovar cholerae',
      ),
    ).toEqual({
      code: 'A00.0',
      billable: true,
      short: 'Cholera due to Vibrio cholerae 01, biovar cholerae',
      long: 'Cholera due to Vibrio cholerae 01, biovar cholerae',
    });
  });

  it('loads every billable code of FY2026 on a first start, and no header', async () => {
    expect(Number((await one("select count(*) n from diagnoses where type = 'ICD-10'")).n)).toBe(74_719);
    expect(await one("select code, description from diagnoses where code = 'E11.9'")).toEqual({
      code: 'E11.9',
      description: 'Type 2 diabetes mellitus without complications',
    });
    expect(await one("select 1 as found from diagnoses where code = 'M54.5'")).toBeUndefined();
    expect(await one("select short_description from diagnoses where code = 'Z00.00'")).toEqual({
      short_description: 'Encntr for general adult medical exam w/o abnormal findings',
    });
  });

  it('importing the same release again adds nothing and keeps ids', async () => {
    const before = await one("select id, (select count(*) from diagnoses) n from diagnoses where code = 'I10'");
    await importCodeSet({
      db,
      kind: 'icd10cm',
      file: BUNDLED[0][1],
      progress: (done, total) => progress.push([done, total]),
    });
    expect(await one("select id, (select count(*) from diagnoses) n from diagnoses where code = 'I10'")).toEqual(
      before,
    );
  });

  it('shows progress batch by batch', () => {
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toEqual([74_719, 74_719]);
  });

  it('a later release updates a changed description in place', async () => {
    await db.query("update diagnoses set description = 'old wording' where code = 'J45.909'");
    await importCodeSet({ db, kind: 'icd10cm', file: BUNDLED[0][1] });
    expect(await one("select description from diagnoses where code = 'J45.909'")).toEqual({
      description: 'Unspecified asthma, uncomplicated',
    });
  });
});

describe('HCPCS Level II modifiers from the CMS workbook', () => {
  it('loads the modifiers in force, not the terminated ones, and no CPT modifier', async () => {
    const n = Number((await one("select count(*) n from modifiers where type = 'HCPCS Level II'")).n);
    expect(n).toBeGreaterThan(300);
    expect(n).toBeLessThanOrEqual(383);
    for (const code of ['GA', 'GY', 'KX', 'LT', 'XE'])
      expect(await one('select 1 as found from modifiers where code = $1', [code])).toEqual({ found: 1 });
    expect(await one("select 1 as found from modifiers where code in ('25', '59')")).toBeUndefined();
  });
});

describe('HCPCS Level II procedure codes from the same workbook', () => {
  it('loads the procedure codes in force with their descriptions, and no CPT code', async () => {
    expect(await one("select code, short_description, type_id from procedures where code = 'A0428'")).toEqual({
      code: 'A0428',
      short_description: 'Bls',
      type_id: 2,
    });
    expect(await one("select description from procedures where code = 'G0008'")).toEqual({
      description: 'Administration of influenza virus vaccine',
    });
    expect(await one("select classification_id from procedures where code = 'J1100'")).toEqual({
      classification_id: 207,
    });
    expect(await one("select 1 as found from procedures where code ~ '^[0-9]{5}$'")).toBeUndefined();
    const n = Number((await one('select count(*) n from procedures')).n);
    expect(n).toBeGreaterThan(6000);
    expect(n).toBeLessThan(8463);
  });
});

describe('NUCC provider taxonomy from its CSV', () => {
  it('loads all 883 codes with their display names', async () => {
    expect(Number((await one('select count(*) n from taxonomies')).n)).toBe(883);
    expect(await one("select display_name, section from taxonomies where code = '207Q00000X'")).toEqual({
      display_name: 'Family Medicine Physician',
      section: 'Individual',
    });
  });
});

describe('bundled code sets on start', () => {
  it('a start stopped half-way loads only the sets still missing', async () => {
    await db.query('delete from taxonomies');
    const logged: string[] = [];
    await loadBundledCodeSets(db, {}, (l) => logged.push(l));
    expect(logged).toEqual(['Loaded 883 NUCC provider taxonomy codes (nucc_taxonomy_251.csv)']);
  });
});

describe('NPPES registry from the CMS downloadable file', () => {
  it('streams the file into the registry: people and organizations, skipping bad and deactivated rows', async () => {
    const n = await importCodeSet({
      db,
      kind: 'nppes',
      file: new URL('../fixtures/npidata_sample.csv', import.meta.url).pathname,
    });
    expect(n).toBe(2);
    expect(await one("select entity_type, name, taxonomy from npi_registry where npi = '1234567893'")).toEqual({
      entity_type: 1,
      name: 'DOE, JANE Q',
      taxonomy: '207Q00000X',
    });
    expect(await one("select entity_type, name from npi_registry where npi = '1245319599'")).toEqual({
      entity_type: 2,
      name: 'SUNSHINE FAMILY CLINIC, LLC',
    });
  });
});

describe("CARC and RARC from a licensee's code list file", () => {
  it('replaces the list with the file: codes, texts, dates; a stopped code is kept but not offered', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'carc-')), 'adjustment-reasons.json');
    const n = await importCodeSet({
      db: null,
      kind: 'carc',
      file: new URL('../fixtures/carc_sample.csv', import.meta.url).pathname,
      progress: undefined,
      lists: { carc: out, rarc: out },
    });
    expect(n).toBe(3);
    const list = JSON.parse(readFileSync(out, 'utf8'));
    expect(list.items).toEqual([
      { id: '1', code: '1', name: 'Sample wording for a deductible amount', start: '1995-01-01' },
      { id: '45', code: '45', name: 'Sample wording for a charge above the fee schedule', start: '1995-01-01' },
      {
        id: 'D1',
        code: 'D1',
        name: 'Sample wording for a retired code',
        start: '1995-01-01',
        stop: '2007-06-30',
        public: false,
      },
    ]);
  });
  it('a file without a code or a description column is refused, naming its columns', () => {
    expect(() => parseX12CodeList('Foo,Bar\n1,2\n')).toThrow(
      'The file needs a code column and a description column; its columns are: Foo, Bar',
    );
  });
});

describe('place of service from the CMS FHIR code system', () => {
  const codes = parsePlaceOfServiceXml(
    readFileSync(new URL('../../seed/codes/cs-CMS-PlaceofServiceCodes.xml', import.meta.url), 'utf8'),
  );
  it('reads all 52 codes with their names, without the trailing asterisk CMS wrote', () => {
    expect(codes).toHaveLength(52);
    expect(codes.find((c) => c.code === '11')?.name).toBe('Office');
    expect(codes.find((c) => c.code === '66')?.name).not.toMatch(/\*$/);
  });

  it('the code list in the repository is this release', () => {
    const list = JSON.parse(
      readFileSync(new URL('../../schemas/lists/place-of-service.json', import.meta.url), 'utf8'),
    );
    expect(list.items.map((i: { code: string }) => i.code)).toEqual(codes.map((c) => c.code));
  });
  it("a licensee's NUBC revenue codes and the CMS MS-DRG table replace our wording in the lists, codes kept as written", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nubc-'));
    const revenue = join(dir, 'revenue-codes.json');
    const drg = join(dir, 'ms-drgs.json');
    expect(
      await importCodeSet({
        db: null,
        kind: 'nubc-revenue',
        file: new URL('../fixtures/nubc_revenue_sample.csv', import.meta.url).pathname,
        progress: undefined,
        lists: { 'nubc-revenue': revenue },
      }),
    ).toBe(2);
    expect(JSON.parse(readFileSync(revenue, 'utf8')).items[1]).toEqual({
      id: '0450',
      code: '0450',
      name: 'Emergency room (licensee wording)',
    });
    expect(
      await importCodeSet({
        db: null,
        kind: 'msdrg',
        file: new URL('../fixtures/msdrg_sample.csv', import.meta.url).pathname,
        progress: undefined,
        lists: {
          msdrg: drg,
        },
      }),
    ).toBe(2);
    expect(
      JSON.parse(readFileSync(drg, 'utf8')).items.map((i: { id: string; name: string }) => [i.id, i.name]),
    ).toEqual([
      ['001', 'HEART TRANSPLANT OR IMPLANT OF HEART ASSIST SYSTEM WITH MCC'],
      ['291', 'HEART FAILURE AND SHOCK WITH MCC'],
    ]);
  });
});
