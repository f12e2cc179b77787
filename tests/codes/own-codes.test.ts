import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimMessage } from '../../src/domain/claims/claim-messages.ts';
import { importCpt } from '../../dev-server/codes/cpt-import.ts';

/**
 * Issue 29 item 14: the AMA licenses CPT, so the product ships none, and a biller could not finish an
 * ordinary 99214 + 25 claim. A billing company now enters the CPT codes and modifiers it bills as its
 * own (a billing manager, or a role given procedure.create), which no other billing company reads.
 */
let app: TestApp;
let root: Api;
let sun: ClaimWorld;
let lsr: ClaimWorld;
let sunManager: Api;
let sunBiller: Api;
let lsrManager: Api;

const rowsOf = async (table: string, code: string) =>
  (
    await app.db.query<{ billing_company_id: string | null; description: string }>(
      `select billing_company_id, description from ${table} where code = $1 order by billing_company_id nulls first`,
      [code],
    )
  ).rows.map((r) => ({
    owner: r.billing_company_id === null ? null : Number(r.billing_company_id),
    description: r.description,
  }));
const visit = (w: ClaimWorld) =>
  goodClaim(w, {
    diagnoses: [{ code: 'E11.9' }, { code: 'I10' }],
    services: [
      {
        from_service: '03/02/2026',
        to_service: '03/02/2026',
        procedure_code: '99214',
        modifiers: ['25'],
        diagnosis_pointers: ['A', 'B'],
        days_or_units: '1',
        price: 18000,
      },
      {
        from_service: '03/02/2026',
        to_service: '03/02/2026',
        procedure_code: '36415',
        diagnosis_pointers: ['A'],
        days_or_units: '1',
        price: 1500,
      },
    ],
  });

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  sun = await claimWorld(app.db, 'SUN');
  lsr = await claimWorld(app.db, 'LSR');
  // The fixture's code tables stand in for a licensed set; 99214 and 25 are taken out, as in a fresh installation.
  await app.db.query(`delete from procedures where code = '99214'`);
  await app.db.query(`delete from modifiers where code = '25'`);
  await app.createUser({ email: 'bm@sun.test', roles: ['billingmanager'], billingCompanyIds: [sun.bc] });
  await app.createUser({ email: 'biller@sun.test', roles: ['biller'], billingCompanyIds: [sun.bc] });
  await app.createUser({ email: 'bm@lsr.test', roles: ['billingmanager'], billingCompanyIds: [lsr.bc] });
  sunManager = app.as(await app.login('bm@sun.test'));
  sunBiller = app.as(await app.login('biller@sun.test'));
  lsrManager = app.as(await app.login('bm@lsr.test'));
});
afterAll(async () => {
  await app.close();
});

describe('a billing company enters the CPT codes it bills', () => {
  it('a claim with a code not in the list names the code and says how to add it', async () => {
    const r = await sunBiller('POST', '/claim', visit(sun));
    expect(r.status).toBe(422);
    expect(r.body.errors['services.0.procedure_code']).toEqual([claimMessage('procedureNotFound', { code: '99214' })]);
    expect(r.body.errors['services.0.modifiers']).toEqual([claimMessage('modifierNotFound', { code: '25' })]);
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from claims')).rows[0].n)).toBe(0);
  });

  it('a biller without the permission cannot add a code, and nothing is written', async () => {
    const r = await sunBiller('POST', '/procedure', {
      code: '99214',
      short_description: 'Office visit, moderate',
      description: 'Office visit, moderate',
      price: 18000,
    });
    expect(r.status).toBe(403);
    expect(await rowsOf('procedures', '99214')).toEqual([]);
  });

  it("a billing manager adds 99214 as the billing company's own code, in its own words, audited", async () => {
    const r = await sunManager('POST', '/procedure', {
      code: '99214',
      short_description: 'Established visit, moderate',
      description: 'Established visit, moderate',
      price: 18000,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ code: '99214', billing_company_id: sun.bc, price: 18000 });
    expect(await rowsOf('procedures', '99214')).toEqual([
      { owner: sun.bc, description: 'Established visit, moderate' },
    ]);
    const audit = await app.db.query(
      `select 1 from audits where entity = 'procedure' and entity_id = $1 and event = 'created' and billing_company_id = $2`,
      [r.body.id, sun.bc],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('a billing manager adds the CPT modifier 25 the same way', async () => {
    const r = await sunManager('POST', '/modifier', {
      code: '25',
      description: 'Separate visit on the day of a procedure',
      type: 'CPT',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await rowsOf('modifiers', '25')).toEqual([
      { owner: sun.bc, description: 'Separate visit on the day of a procedure' },
    ]);
  });

  it('a biller then enters a 99214 + 25 claim and it verifies', async () => {
    const r = await sunBiller('POST', '/claim/verify-register', visit(sun));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const stored = (
      await app.db.query<{ verified: boolean; status_id: number }>(
        'select verified, status_id from claims where id = $1',
        [r.body.id],
      )
    ).rows[0];
    expect(stored).toEqual({ verified: true, status_id: 2 });
  });

  it('another billing company does not read the code: not found by code, not in its list, and its claim is refused', async () => {
    const byCode = await lsrManager('GET', '/procedure/get-by-code/99214');
    expect([byCode.status, byCode.body.message]).toEqual([404, 'Procedure code not found']);
    const list = await lsrManager('GET', '/procedure?query=99214');
    expect(list.body.data.map((p: { code: string }) => p.code)).not.toContain('99214');
    const r = await lsrManager('POST', '/claim', visit(lsr));
    expect(r.body.errors['services.0.procedure_code']).toEqual([claimMessage('procedureNotFound', { code: '99214' })]);
  });

  it('another billing company may enter its own 99214 in its own words', async () => {
    const r = await lsrManager('POST', '/procedure', {
      code: '99214',
      short_description: 'Office visit 25 min',
      description: 'Office visit 25 min',
      price: 17500,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await rowsOf('procedures', '99214')).toEqual(
      expect.arrayContaining([
        { owner: sun.bc, description: 'Established visit, moderate' },
        { owner: lsr.bc, description: 'Office visit 25 min' },
      ]),
    );
    expect((await sunManager('GET', '/procedure/get-by-code/99214')).body.description).toBe(
      'Established visit, moderate',
    );
  });

  it("a code of the shipped set cannot be entered again as one's own", async () => {
    const r = await sunManager('POST', '/procedure', {
      code: '99213',
      short_description: 'Mine',
      description: 'Mine',
      price: 100,
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.code).toEqual(['This procedure is already registered']);
    expect(await rowsOf('procedures', '99213')).toHaveLength(1);
  });

  it('a shipped code is changed only by a Super User; a billing manager changes its own', async () => {
    const shipped = (await app.db.query<{ id: number }>(`select id from procedures where code = '99213'`)).rows[0].id;
    const refused = await sunManager('PUT', `/procedure/${shipped}`, { description: 'Renamed', version: 1 });
    expect(refused.status).toBe(403);
    expect((await rowsOf('procedures', '99213'))[0].description).toBe(
      'Office visit, established patient, low complexity',
    );
    const own = (
      await app.db.query<{ id: number }>(`select id from procedures where code = '99214' and billing_company_id = $1`, [
        sun.bc,
      ])
    ).rows[0].id;
    const changed = await sunManager('PUT', `/procedure/${own}`, {
      description: 'Established visit, moderate (30-39 min)',
      version: 1,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await rowsOf('procedures', '99214')).toContainEqual({
      owner: sun.bc,
      description: 'Established visit, moderate (30-39 min)',
    });
    expect(
      (await root('PUT', `/procedure/${shipped}`, { description: 'Office visit, established, low', version: 1 }))
        .status,
    ).toBe(200);
    expect(await rowsOf('procedures', '99213')).toEqual([
      { owner: null, description: 'Office visit, established, low' },
    ]);
  });
});

describe('npm run import:codes -- cpt FILE', () => {
  const SHORTU =
    'CPT SHORT DESCRIPTORS (licensee copy)\n99215\tOffice/outpatient visit est\n99202\tOffice/outpatient visit new\n0001U\tRbc dna hea 35 ag 11 bld grp\n';

  it("imports a licensee's descriptor file for one billing company, as its own codes", async () => {
    expect(await importCpt({ db: app.db, text: SHORTU, billingCompanyId: lsr.bc })).toBe(3);
    expect(await rowsOf('procedures', '99215')).toEqual([
      { owner: lsr.bc, description: 'Office/outpatient visit est' },
    ]);
    expect(await rowsOf('procedures', '0001U')).toEqual([
      { owner: lsr.bc, description: 'Rbc dna hea 35 ag 11 bld grp' },
    ]);
  });

  it('importing the same file again changes nothing and adds nothing', async () => {
    const before = Number((await app.db.query<{ n: string }>('select count(*) as n from procedures')).rows[0].n);
    expect(await importCpt({ db: app.db, text: SHORTU, billingCompanyId: lsr.bc })).toBe(3);
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from procedures')).rows[0].n)).toBe(before);
  });

  it("a CSV with code and description columns is read by its header; without a billing company the codes are the installation's", async () => {
    expect(
      await importCpt({
        db: app.db,
        text: 'Code,Description\n93000,"Electrocardiogram, complete"\n',
        billingCompanyId: null,
      }),
    ).toBe(1);
    expect(await rowsOf('procedures', '93000')).toEqual([{ owner: null, description: 'Electrocardiogram, complete' }]);
    expect((await sunManager('GET', '/procedure/get-by-code/93000')).body).toMatchObject({
      code: '93000',
      description: 'Electrocardiogram, complete',
    });
  });

  it('a file without CPT codes is refused with what it needs', async () => {
    await expect(importCpt({ db: app.db, text: 'nothing here\n', billingCompanyId: sun.bc })).rejects.toThrow(
      /holds no CPT code/,
    );
  });
});
