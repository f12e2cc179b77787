import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCodeSet } from '../../dev-server/codes/code-set-import.ts';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
const dir = mkdtempSync(join(tmpdir(), 'ncci-'));

/*
 * Files in the CMS layouts, made here (CMS's own carry AMA CPT content and are not shipped): the PTP table is
 * tab-delimited under a copyright line and a header; the MUE table is a CSV whose header sits under notice lines.
 */
const PTP_HEADER = [
  'CPT codes, descriptions and other data only are copyright 2025 American Medical Association. All rights reserved.',
  'Column 1\tColumn 2\t*=in existence prior to 1996\tEffective Date\tDeletion Date *=no data\tModifier 0=not allowed 1=allowed 9=not applicable\tPTP Edit Rationale',
];
const ptpFile = (name: string, rows: string[][]) => {
  const file = join(dir, name);
  writeFileSync(file, [...PTP_HEADER, ...rows.map((r) => r.join('\t'))].join('\r\n') + '\r\n');
  return file;
};
const mueFile = (name: string, rows: string[][]) => {
  const file = join(dir, name);
  writeFileSync(
    file,
    [
      '"Medicare NCCI Medically Unlikely Edits, practitioner services"',
      '"CPT only copyright 2025 American Medical Association, All rights reserved."',
      '"HCPCS/CPT Code","Practitioner Services MUE Values","MUE Adjudication Indicator","MUE Rationale"',
      ...rows.map((r) => r.map((c) => `"${c}"`).join(',')),
    ].join('\n') + '\n',
  );
  return file;
};

const PTP = [
  // 71046 and 85025 are never paid together; 99214 and 36415 only with a modifier of a separate service.
  ['71046', '85025', '', '20200101', '*', '0', 'Mutually exclusive procedures'],
  ['99214', '36415', '*', '19960101', '*', '1', 'Standards of medical / surgical services'],
  // Deleted before the claims' dates, and one whose indicator says the edit does not apply.
  ['71046', '36415', '', '20200101', '20250101', '1', 'Misuse of column two code with column one code'],
  ['99213', '85025', '', '20200101', '*', '9', 'Not applicable'],
];

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db, 'NCC');
  await importCodeSet({ db: app.db, kind: 'ncci-ptp', file: ptpFile('ccipra-v321r0-f1.txt', PTP) });
  await importCodeSet({
    db: app.db,
    kind: 'ncci-mue',
    file: mueFile('MCR_MUE_PractitionerServices_Eff_01-01-2026.csv', [
      ['85025', '1', '1 Line Edit', 'Nature of Service/Procedure'],
      ['71046', '2', '3 Date of Service Edit: Clinical', 'Clinical: Data'],
      ['99214', '1', '2 Date of Service Edit: Policy', 'Code Descriptor / CPT Instruction'],
    ]),
  });
});
afterAll(() => app.close());

/** The claim's payer as Medicare (the edits stop the claim) or a commercial plan (they warn). */
const payerIs = (insType: 'MED' | 'CI') =>
  app.db.query(`update insurance_companies set ins_type_id = $2 where id = $1`, [w.payer, insType === 'MED' ? 3 : 1]);
const line = (code: string, over: Record<string, unknown> = {}) => ({
  from_service: '03/02/2026',
  to_service: '03/02/2026',
  procedure_code: code,
  diagnosis_pointers: ['A'],
  days_or_units: '1',
  price: 5000,
  ...over,
});
const claimCount = async () =>
  Number((await app.db.query<{ n: string }>('select count(*) as n from claims')).rows[0].n);
/** The correct-coding findings an answer carries, errors and warnings alike (a likely duplicate is not one). */
const codingFindings = (body: { errors?: Record<string, string[]>; warnings?: Record<string, string[]> }) =>
  [...Object.values(body.errors ?? {}), ...Object.values(body.warnings ?? {})]
    .flat()
    .filter((m) => /correct coding edit|medically unlikely edit/.test(m));
const verifiedClaim = async (id: number) =>
  (await app.db.query<{ verified: boolean }>('select verified from claims where id = $1', [id])).rows[0]?.verified;
const verify = (services: Array<Record<string, unknown>>) =>
  root('POST', '/claim/verify-register', goodClaim(w, { services }));

describe('npm run import:codes -- ncci-ptp|ncci-mue FILE', () => {
  it('reads the edits of a CMS PTP file under its copyright and header lines, with their dates and indicators', async () => {
    const rows = (
      await app.db.query(
        `select edit_table, column1, column2, effective_date::text, deletion_date::text, modifier_indicator, rationale
           from ncci_ptp_edits order by column1, column2`,
      )
    ).rows;
    expect(rows).toEqual([
      {
        edit_table: 'practitioner',
        column1: '71046',
        column2: '36415',
        effective_date: '2020-01-01',
        deletion_date: '2025-01-01',
        modifier_indicator: 1,
        rationale: 'Misuse of column two code with column one code',
      },
      {
        edit_table: 'practitioner',
        column1: '71046',
        column2: '85025',
        effective_date: '2020-01-01',
        deletion_date: null,
        modifier_indicator: 0,
        rationale: 'Mutually exclusive procedures',
      },
      expect.objectContaining({ column1: '99213', column2: '85025', modifier_indicator: 9 }),
      expect.objectContaining({
        column1: '99214',
        column2: '36415',
        effective_date: '1996-01-01',
        modifier_indicator: 1,
      }),
    ]);
  });

  it("a later quarter's file run over the table changes an edit in place and adds nothing twice", async () => {
    const later = ptpFile('ccipra-v322r0-f1.txt', [
      ...PTP.slice(0, 3),
      ['99213', '85025', '', '20200101', '20260401', '9', 'Not applicable'],
    ]);
    expect(await importCodeSet({ db: app.db, kind: 'ncci-ptp', file: later })).toBe(4);
    expect(await importCodeSet({ db: app.db, kind: 'ncci-ptp', file: later })).toBe(4);
    const r = await app.db.query<{ deleted: string | null }>(
      `select deletion_date::text as deleted from ncci_ptp_edits where column1 = '99213' and column2 = '85025'`,
    );
    expect(r.rows).toEqual([{ deleted: '2026-04-01' }]);
  });

  it('a large file is read as a stream in batches, with progress after each', async () => {
    const many = Array.from({ length: 12_000 }, (_, i) => [
      `${'TU'[Math.floor(i / 10_000)]}${String(i % 10_000).padStart(4, '0')}`,
      'T9999',
      '',
      '20260101',
      '*',
      '1',
      'Test pair',
    ]);
    const seen: number[] = [];
    const n = await importCodeSet({
      db: app.db,
      kind: 'ncci-ptp',
      file: ptpFile('ccioph-v321r0-f1.txt', many),
      progress: (done) => seen.push(done),
    });
    expect(n).toBe(12_000);
    expect(seen).toEqual([5_000, 10_000, 12_000]);
    const r = await app.db.query<{ n: string }>(
      `select count(*) as n from ncci_ptp_edits where edit_table = 'hospital'`,
    );
    expect(Number(r.rows[0].n)).toBe(12_000);
  });

  it('a file whose name does not say its table, or an MUE file without its effective day, is refused in words', async () => {
    const unnamed = ptpFile('edits.txt', PTP);
    await expect(importCodeSet({ db: app.db, kind: 'ncci-ptp', file: unnamed })).rejects.toMatchObject({
      code: 'ncci_table',
    });
    expect(await importCodeSet({ db: app.db, kind: 'ncci-ptp', file: unnamed, table: 'practitioner' })).toBe(4);
    await expect(
      importCodeSet({
        db: app.db,
        kind: 'ncci-mue',
        file: mueFile('mue-practitioner.csv', [['85025', '1', '1 Line Edit', 'x']]),
      }),
    ).rejects.toMatchObject({ code: 'ncci_effective' });
  });

  it('the command line imports a file with its progress, and says what is missing when it cannot', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'ncci-cli-')), DATABASE_URL: '' };
    const ok = await run('npx', ['tsx', 'dev-server/cli/import-codes.ts', 'ncci-ptp', ptpFile('ccipra-cli.txt', PTP)], {
      env,
    });
    expect(ok.stdout).toContain('ncci-ptp: 4 / 4');
    expect(ok.stdout).toMatch(/ncci-ptp: 4 edits imported in \d+\.\d s/);
    const refused = await run(
      'npx',
      ['tsx', 'dev-server/cli/import-codes.ts', 'ncci-mue', mueFile('mue.csv', [['85025', '1', '1 Line Edit', 'x']])],
      { env },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(
      'Import failed: Say which CMS table the file is with --table (practitioner, hospital, dme): its name does not tell.',
    );
  });
});

describe('correct-coding edits in verification', () => {
  beforeAll(() => payerIs('MED'));

  it('a column 2 code billed the same day as its column 1 code, where no modifier is allowed, stops the claim on its line', async () => {
    const before = await claimCount();
    const r = await verify([line('71046'), line('85025', { modifiers: ['59'] })]);
    expect(r.status).toBe(422);
    expect(r.body.errors['services.1.procedure_code']).toEqual([
      '85025 is part of 71046 (line 1) on 03/02/2026, and no modifier lets them be paid together (correct coding edit): remove this line.',
    ]);
    expect(await claimCount()).toBe(before);
  });

  it('a pair that allows a modifier stops the claim until the line carries one that says the service was separate', async () => {
    const without = await verify([line('99214'), line('36415')]);
    expect(without.status).toBe(422);
    expect(without.body.errors['services.1.procedure_code']).toEqual([
      '36415 is part of 99214 (line 1) on 03/02/2026 (correct coding edit): bill it only for a separate service, with the modifier that says so (59, XE, XS, XP, XU, or an anatomic or global-surgery one), or remove this line.',
    ]);
    const withIt = await verify([line('99214'), line('36415', { modifiers: ['59'] })]);
    expect(withIt.status, JSON.stringify(withIt.body)).toBe(201);
    expect(codingFindings(withIt.body)).toEqual([]);
    expect(await verifiedClaim(withIt.body.id)).toBe(true);
  });

  it('an edit deleted before the date of service, one marked not applicable, and a pair on different days do not apply', async () => {
    const r = await verify([
      line('71046'),
      line('36415'),
      line('99213', { from_service: '03/03/2026', to_service: '03/03/2026' }),
      line('85025', { from_service: '03/03/2026', to_service: '03/03/2026' }),
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(codingFindings(r.body)).toEqual([]);
    const apart = await verify([
      line('71046', { from_service: '03/04/2026', to_service: '03/04/2026' }),
      line('85025', { from_service: '03/05/2026', to_service: '03/05/2026' }),
    ]);
    expect(apart.status, JSON.stringify(apart.body)).toBe(201);
    expect(codingFindings(apart.body)).toEqual([]);
  });

  it('units over the MUE of a line stop the claim on the units, saying the most a line may carry', async () => {
    const r = await verify([line('85025', { days_or_units: '2' })]);
    expect(r.status).toBe(422);
    expect(r.body.errors['services.0.days_or_units']).toEqual([
      '2 units of 85025 on one line are more than the 1 a line may carry (medically unlikely edit): bill at most 1 here; units given apart go on their own line with the modifier that says why (76, 77, 91 or an anatomic one).',
    ]);
  });

  it("a day's MUE adds the units of every line of the code that day, and the finding is on the line that goes over", async () => {
    const r = await verify([line('71046', { days_or_units: '1.5' }), line('71046', { days_or_units: '1' })]);
    expect(r.status).toBe(422);
    expect(r.body.errors['services.0.days_or_units']).toBeUndefined();
    expect(r.body.errors['services.1.days_or_units']).toEqual([
      '2.5 units of 71046 on 03/02/2026 are more than the 2 a day that is clinically likely (medically unlikely edit): bill at most 2, or keep the records that show why more were given for an appeal.',
    ]);
    const policy = await verify([line('99214', { days_or_units: '2' })]);
    expect(policy.body.errors['services.0.days_or_units']).toEqual([
      '2 units of 99214 on 03/02/2026 are more than the 1 a day allowed by policy (medically unlikely edit): bill at most 1; units above it are not paid, even on appeal.',
    ]);
  });

  it("the MUE in force on the date of service is the latest quarter's file that took effect by then", async () => {
    await importCodeSet({
      db: app.db,
      kind: 'ncci-mue',
      file: mueFile('MCR_MUE_PractitionerServices_Eff_04-01-2026.csv', [
        ['85025', '3', '1 Line Edit', 'Nature of Service'],
      ]),
    });
    const march = await verify([line('85025', { days_or_units: '2' })]);
    expect(march.status).toBe(422);
    const april = await verify([
      line('85025', { days_or_units: '2', from_service: '04/02/2026', to_service: '04/02/2026' }),
    ]);
    expect(april.status, JSON.stringify(april.body)).toBe(201);
    expect(codingFindings(april.body)).toEqual([]);
  });

  it('to a commercial payer the same findings are warnings: the claim is saved and verified, and the biller reads why', async () => {
    await payerIs('CI');
    try {
      const r = await verify([
        line('71046', { from_service: '03/09/2026', to_service: '03/09/2026' }),
        line('85025', { from_service: '03/09/2026', to_service: '03/09/2026' }),
      ]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.warnings['services.1.procedure_code'][0]).toMatch(
        /^85025 is part of 71046 \(line 1\) on 03\/09\/2026/,
      );
      expect(await verifiedClaim(r.body.id)).toBe(true);
    } finally {
      await payerIs('MED');
    }
  });

  it('a claim the patient pays alone meets no payer edits', async () => {
    const r = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        insurance_policy_ids: [],
        services: [
          line('71046', { from_service: '03/10/2026', to_service: '03/10/2026' }),
          line('85025', { from_service: '03/10/2026', to_service: '03/10/2026' }),
        ],
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.warnings?.['services.1.procedure_code']).toBeUndefined();
  });
});
