import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npiFrom } from '../../src/domain/formats.ts';
import {
  CAPITATED_NEEDS_PATIENTS_MESSAGE,
  CARD_PAIR_MESSAGE,
  END_BEFORE_START_MESSAGE,
  FEE_REQUIRED_MESSAGE,
  ROOM_TAKEN_MESSAGE,
  SUBSCRIBER_ONLY_WHEN_NOT_OWN_MESSAGE,
  UNITS_LIMIT_MESSAGE,
} from '../../src/domain/rules/entity-rules.ts';
import {
  NPI_KIND_MESSAGE,
  PLAN_OF_OTHER_PAYER_MESSAGE,
  REFERENCE_OF_OTHER_COMPANY_MESSAGE,
  REPEATED_RESPONSIBILITY_MESSAGE,
  UNKNOWN_TAXONOMY_MESSAGE,
} from '../../dev-server/resources/stored-rules.ts';
import { POLICY_BILLING_COMPANY_MESSAGE } from '../../dev-server/patients/policy-routes.ts';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let bm: Api;
let other: Api;
let root: Api;
let bc: number;
let seq = 100_000_000;
const npi = () => npiFrom(String(++seq));
const badNpi = () => {
  const n = npi();
  return n.slice(0, 9) + ((Number(n[9]) + 1) % 10);
};

beforeAll(async () => {
  app = await startTestApp();
  bc = await app.createBillingCompany('Master BC', 'MBC');
  const bc2 = await app.createBillingCompany('Other Master BC', 'OMB');
  await app.createUser({ email: 'bm@master.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'bm@other-master.test', roles: ['billingmanager'], billingCompanyIds: [bc2] });
  bm = app.as(await app.login('bm@master.test'));
  other = app.as(await app.login('bm@other-master.test'));
  await app.createUser({ email: 'root@master.test', roles: ['superuser'] });
  root = app.as(await app.login('root@master.test'));
  await app.db.query(
    `insert into taxonomies (code, display_name) values ('261QF0400X', 'Federally Qualified Health Center (FQHC)'), ('207Q00000X', 'Family Medicine Physician')`,
  );
});
afterAll(() => app.close());

const company = (extra: Record<string, unknown> = {}) => ({
  name: `Clinic ${++seq}`,
  abbreviation: 'CL',
  npi: npi(),
  ...extra,
});
const facility = (extra: Record<string, unknown> = {}) => ({
  name: `Facility ${++seq}`,
  npi: npi(),
  facility_type_ids: [7],
  taxonomies: ['261QF0400X'],
  place_of_service: '11',
  address: '100 Main St',
  city: 'Miami',
  state: 'FL',
  zip: '33101',
  ...extra,
});
const professional = (extra: Record<string, unknown> = {}) => ({
  npi: npi(),
  first_name: 'Ana',
  last_name: `Ruiz${++seq}`,
  email: `ana${seq}@clinic.test`,
  health_professional_type_id: 1,
  ...extra,
});
const payer = (extra: Record<string, unknown> = {}) => ({ name: `Payer ${++seq}`, payer_id: `P${seq}`, ...extra });
const errorsOf = (r: { body: any }) => r.body.errors as Record<string, string[]>;

describe('formats of document 2 §5', () => {
  it('an EIN is 9 numbers', async () => {
    const r = await bm('POST', '/company', company({ ein: '12-34567' }));
    expect(r.status).toBe(422);
    expect(errorsOf(r).ein).toEqual(['The ein must be 9 numbers.']);
  });
  it('a tax ID is 10 characters written xx-xxxxxxx', async () => {
    expect(errorsOf(await bm('POST', '/company', company({ tax_id: '123456789' }))).tax_id).toEqual([
      'The tax id must be 10 characters in the format xx-xxxxxxx.',
    ]);
    expect((await bm('POST', '/company', company({ tax_id: '12-3456789' }))).status).toBe(201);
  });
  it('a UPIN is 4 to 6 letters or digits', async () => {
    expect(errorsOf(await bm('POST', '/company', company({ upin: 'AB1' }))).upin).toEqual([
      'The upin must be 4 to 6 letters or digits.',
    ]);
  });
  it('a NAIC is 6 characters', async () => {
    expect(errorsOf(await bm('POST', '/insurance-company', payer({ naic: '1234' }))).naic).toEqual([
      'The naic must be 6 characters.',
    ]);
  });
  it('a drug code is XXXXX-XXXX-XX', async () => {
    const r = await bm('POST', '/company', company({ services: [{ procedure_code: 'J1100', ndc: '0009-0047-01' }] }));
    expect(errorsOf(r)['services.0.ndc']).toEqual(['The ndc must be in the format XXXXX-XXXX-XX.']);
  });
  it('units have at most 8 integer digits and 3 decimals', async () => {
    const r = await bm('POST', '/company', company({ services: [{ procedure_code: 'J1100', units: '1.2345' }] }));
    expect(errorsOf(r)['services.0.units']).toEqual(['The units may have at most 8 integer digits and 3 decimals.']);
  });
  it('an amount may not pass 9,999,999.99', async () => {
    const r = await root('POST', '/procedure', {
      code: 'G9001',
      description: 'Coordinated care fee',
      price: 1_000_000_000,
    });
    expect(errorsOf(r).price).toEqual(['The price may not be greater than 999999999.']);
  });
  it('a website must be a web address', async () => {
    expect(errorsOf(await bm('POST', '/insurance-company', payer({ website: 'not a site' }))).website).toEqual([
      'The website must be a valid website.',
    ]);
    expect(
      (await bm('POST', '/insurance-company', payer({ website: 'https://www.payer.example.com/providers' }))).status,
    ).toBe(201);
  });
  it('phone, fax, zip and e-mail keep their formats', async () => {
    const r = await bm(
      'POST',
      '/facility',
      facility({ phone: '305555', fax: '305-555-01', zip: '331', email: 'nope' }),
    );
    expect(Object.keys(errorsOf(r)).sort()).toEqual(['email', 'fax', 'phone', 'zip']);
  });
  it('length limits: name 50, address 200, city 25, code 17', async () => {
    const r = await bm(
      'POST',
      '/facility',
      facility({ name: 'N'.repeat(51), address: 'A'.repeat(201), city: 'C'.repeat(26), code: 'K'.repeat(18) }),
    );
    expect(Object.keys(errorsOf(r)).sort()).toEqual(['address', 'city', 'code', 'name']);
  });
});

describe('NPI', () => {
  it('an NPI with a wrong check digit does not exist', async () => {
    const r = await bm('POST', '/company', company({ npi: badNpi() }));
    expect(errorsOf(r).npi).toEqual(["The NPI doesn't exist"]);
    expect((await bm('GET', `/npi/${badNpi()}`)).body.message).toBe("The NPI doesn't exist");
  });
  it("a company's NPI is not accepted for a health professional", async () => {
    const c = await bm('POST', '/company', company());
    const r = await bm('POST', '/health-professional', professional({ npi: c.body.npi }));
    expect(errorsOf(r).npi).toEqual([NPI_KIND_MESSAGE.individual]);
  });
  it("a professional's NPI is not accepted for a facility", async () => {
    const h = await bm('POST', '/health-professional', professional());
    expect(h.status).toBe(201);
    expect(errorsOf(await bm('POST', '/facility', facility({ npi: h.body.npi }))).npi).toEqual([
      NPI_KIND_MESSAGE.organization,
    ]);
  });
  it('the NPI registry, when imported, decides the kind', async () => {
    const n = npi();
    await app.db.query(`insert into npi_registry (npi, entity_type, name) values ($1, 1, 'DOE, JANE')`, [n]);
    expect(errorsOf(await bm('POST', '/company', company({ npi: n }))).npi).toEqual([NPI_KIND_MESSAGE.organization]);
    const look = await bm('GET', `/npi/${n}`);
    expect(look.body).toMatchObject({ kind: 'individual', registry: { name: 'DOE, JANE' } });
  });
  it('the NPI look-up names the records that use it, and a valid unknown NPI cannot be found', async () => {
    const c = await bm('POST', '/company', company());
    expect((await bm('GET', `/npi/${c.body.npi}`)).body).toMatchObject({
      kind: 'organization',
      used_by: [{ entity: 'company', id: c.body.id }],
    });
    const r = await bm('GET', `/npi/${npi()}`);
    expect([r.status, r.body.message]).toEqual([404, 'The NPI cannot be found']);
  });
  it('a company is found by its NPI and by its name', async () => {
    const c = await bm('POST', '/company', company());
    expect((await bm('GET', `/company/get-by-npi/${c.body.npi}`)).body.id).toBe(c.body.id);
    expect((await bm('GET', `/company/get-by-name/${encodeURIComponent(c.body.name)}`)).body.id).toBe(c.body.id);
  });
});

describe('health professionals', () => {
  it('a new professional gets a user with the Health Professional role, mailed a link to choose a password', async () => {
    const h = await bm('POST', '/health-professional', professional({ email: 'dr.new@clinic.test' }));
    expect(h.status).toBe(201);
    const u = await app.db.query<{
      id: string;
      slugs: string[];
      bcs: string[];
    }>(`select u.id, array(select r.slug from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) slugs,
      array(select billing_company_id::text from billing_company_users where user_id = u.id) bcs from users u where email = 'dr.new@clinic.test'`);
    expect(Number(u.rows[0].id)).toBe(h.body.user_id);
    expect(u.rows[0].slugs).toEqual(['healthprofessional']);
    expect(u.rows[0].bcs).toEqual([String(bc)]);
    expect(
      (await app.db.query("select 1 from mail_outbox where recipient = 'dr.new@clinic.test' and kind = 'welcome'")).rows
        .length,
    ).toBe(1);
  });
  it('a professional whose e-mail has a user already is linked to that user, with no second account', async () => {
    const first = await bm('POST', '/health-professional', professional({ email: 'dr.twice@clinic.test' }));
    const second = await other('POST', '/health-professional', professional({ email: 'DR.TWICE@clinic.test' }));
    expect(second.body.user_id).toBe(first.body.user_id);
    expect(
      Number(
        (await app.db.query<{ n: string }>("select count(*) n from users where lower(email) = 'dr.twice@clinic.test'"))
          .rows[0].n,
      ),
    ).toBe(1);
  });
});

describe('companies, facilities, units', () => {
  it('no PO box for a company, a facility or an individual provider', async () => {
    expect(errorsOf(await bm('POST', '/company', company({ address: 'P.O. Box 1234' }))).address).toEqual([
      'The practice address cannot be a PO box.',
    ]);
    expect(errorsOf(await bm('POST', '/facility', facility({ address: 'PO BOX 55' }))).address).toEqual([
      'The address cannot be a PO box.',
    ]);
    expect(
      errorsOf(await bm('POST', '/health-professional', professional({ address: 'Post Office Box 9' }))).address,
    ).toEqual(['The address cannot be a PO box.']);
    expect(
      (await bm('POST', '/company', company({ address: '12 Boxwood Rd', payment_address: 'PO Box 77' }))).status,
    ).toBe(201);
  });
  it('a facility needs at least one taxonomy and one facility type', async () => {
    const r = await bm('POST', '/facility', facility({ taxonomies: [], facility_type_ids: [] }));
    expect(errorsOf(r)).toMatchObject({
      taxonomies: ['The taxonomies needs at least one item.'],
      facility_type_ids: ['The facility types needs at least one item.'],
    });
  });
  it('a taxonomy must be a NUCC code', async () => {
    expect(
      errorsOf(await bm('POST', '/facility', facility({ taxonomies: ['261QF0400X', '999Z00000X'] }))).taxonomies,
    ).toEqual([UNKNOWN_TAXONOMY_MESSAGE]);
    expect(
      errorsOf(await bm('POST', '/health-professional', professional({ taxonomy: '999Z00000X' }))).taxonomy,
    ).toEqual([UNKNOWN_TAXONOMY_MESSAGE]);
    expect((await bm('GET', '/taxonomy/get-list?query=family')).body).toEqual([
      { id: '207Q00000X', name: '207Q00000X - Family Medicine Physician' },
    ]);
  });
  it('a room name or code is taken within its unit', async () => {
    const c = await bm('POST', '/company', company());
    const r = await bm('POST', '/unit', {
      company_id: c.body.id,
      code: `U${seq}`,
      name: 'Ward A',
      rooms: [
        { code: '101', name: 'Room 1', capacity: 2 },
        { code: '101', name: 'Room 2', capacity: 2 },
      ],
    });
    expect(errorsOf(r)['rooms.1.code']).toEqual([ROOM_TAKEN_MESSAGE]);
  });
  it('a unit is disabled and enabled again through its state, which must be said', async () => {
    const c = await bm('POST', '/company', company());
    const u = await bm('POST', '/unit', { company_id: c.body.id, code: `S${++seq}`, name: 'Ward S', rooms: [] });
    const off = await bm('PUT', `/unit/${u.body.id}/state`, { status: false });
    expect(off.body).toMatchObject({ id: u.body.id, status: false });
    expect(Object.keys(errorsOf(await bm('PUT', `/unit/${u.body.id}/state`)))).toEqual(['status']);
    const on = await bm('PUT', `/unit/${u.body.id}/state`, { status: true });
    expect(on.body.status).toBe(true);
    const stored = await app.db.query<{ status: boolean }>('select status from units where id = $1', [u.body.id]);
    expect(stored.rows[0].status).toBe(true);
  });
  it('a room capacity is an integer', async () => {
    const c = await bm('POST', '/company', company());
    const r = await bm('POST', '/unit', {
      company_id: c.body.id,
      code: `U${++seq}`,
      name: 'Ward B',
      rooms: [{ code: '1', name: 'Room 1', capacity: 2.5 }],
    });
    expect(errorsOf(r)['rooms.0.capacity']).toEqual(['The capacity must be an integer.']);
  });
  it('rooms read as code ~ name ~ ocupation/capacity', async () => {
    const c = await bm('POST', '/company', company());
    const u = await bm('POST', '/unit', {
      company_id: c.body.id,
      code: `U${++seq}`,
      name: 'Ward C',
      rooms: [{ code: '201', name: 'East', capacity: 4, ocupation: 1 }],
    });
    expect((await bm('GET', `/unit/get-list-rooms?unit_id=${u.body.id}`)).body.map((r: any) => r.display_name)).toEqual(
      ['201 ~ East ~ 1/4'],
    );
    const none = await bm('POST', '/company', company());
    expect((await bm('GET', `/unit/get-list-rooms?company_id=${none.body.id}`)).body.message).toBe(
      'There are no units/rooms registered for this company',
    );
  });
  it("a unit cannot belong to another billing company's company", async () => {
    const c = await other('POST', '/company', company());
    const r = await bm('POST', '/unit', { company_id: c.body.id, code: `U${++seq}`, name: 'Ward D' });
    expect(errorsOf(r).company_id).toEqual([REFERENCE_OF_OTHER_COMPANY_MESSAGE]);
  });
  it('the units limit must exceed the units', async () => {
    const r = await bm(
      'POST',
      '/company',
      company({ services: [{ procedure_code: 'J1100', units: '10', units_limit: '10.000' }] }),
    );
    expect(errorsOf(r)['services.0.units_limit']).toEqual([UNITS_LIMIT_MESSAGE]);
  });
  it('a card number and its expiration go together, and the number is never answered', async () => {
    expect(
      errorsOf(await bm('POST', '/company', company({ card_number: '4111111111111111' }))).card_expiration,
    ).toEqual([CARD_PAIR_MESSAGE]);
    const r = await bm('POST', '/company', company({ card_number: '4111111111111111', card_expiration: '09/2030' }));
    expect(r.status).toBe(201);
    expect(JSON.stringify(r.body)).not.toContain('4111111111111111');
    expect(r.body.card_number_last4).toBe('1111');
  });
  it('a company copay must be above 0', async () => {
    const r = await bm('POST', '/company', company({ copays: [{ amount: 0 }] }));
    expect(errorsOf(r)['copays.0.amount']).toEqual(['The amount must be greater than 0.']);
  });
  it('facilities are linked to a company and listed by it', async () => {
    const c = await bm('POST', '/company', company());
    const f1 = await bm('POST', '/facility', facility());
    const f2 = await bm('POST', '/facility', facility());
    await bm('PATCH', `/company/add-facilities-to-company/${c.body.id}`, { facilities: [f1.body.id, f2.body.id] });
    expect((await bm('GET', `/facility/get-all-by-company/${c.body.id}`)).body.map((f: any) => f.id)).toEqual([
      f1.body.id,
      f2.body.id,
    ]);
    await bm('PATCH', `/facility/${f1.body.id}/remove-to-company/${c.body.id}`);
    expect((await bm('GET', `/facility/get-all-by-company/${c.body.id}`)).body.map((f: any) => f.id)).toEqual([
      f2.body.id,
    ]);
  });
  it('linking facilities is all or nothing: one of another billing company links none', async () => {
    const c = await bm('POST', '/company', company());
    const mine = await bm('POST', '/facility', facility());
    const theirs = await other('POST', '/facility', facility());
    const r = await bm('PATCH', `/company/add-facilities-to-company/${c.body.id}`, {
      facilities: [mine.body.id, theirs.body.id],
    });
    expect(r.status).toBe(404);
    expect((await bm('GET', `/facility/get-all-by-company/${c.body.id}`)).body).toEqual([]);
  });
  it("a professional's companies are set and listed, and billing providers are those authorized to bill", async () => {
    const c = await bm('POST', '/company', company());
    const h = await bm('POST', '/health-professional', professional({ authorization_ids: [1, 2] }));
    await bm('PUT', `/health-professional/${h.body.id}/update-companies`, { company_ids: [c.body.id] });
    expect((await bm('GET', `/health-professional/${h.body.id}/company`)).body.map((x: any) => x.id)).toEqual([
      c.body.id,
    ]);
    const providers = (await bm('GET', '/company/get-list-billing-providers')).body.map((x: any) => x.id);
    expect(providers).toContain(h.body.id);
    const plain = await bm('POST', '/health-professional', professional({ authorization_ids: [1] }));
    expect(providers).not.toContain(plain.body.id);
  });
  it('bill classifications follow the facility type', async () => {
    const r = await bm('GET', '/facility/bill-classifications/7');
    expect(r.body[0]).toEqual({ id: 71, name: '71 - Rural health clinic' });
  });
});

describe('insurance companies and plans', () => {
  it('a payer id is unique and looked up', async () => {
    const p = await bm('POST', '/insurance-company', payer());
    const again = await bm('POST', '/insurance-company', payer({ payer_id: p.body.payer_id }));
    expect(again.body.message).toBe('The insurance company is already registered');
    expect((await bm('GET', `/insurance-company/get-by-payer-id/${p.body.payer_id}`)).body.id).toBe(p.body.id);
    expect((await bm('GET', '/insurance-company/get-by-payer-id/NOPE1')).body.message).toBe(
      "The Payer ID doesn't exist",
    );
  });
  it('a plan needs a billing company', async () => {
    const p = await root('POST', '/insurance-company', payer());
    const r = await root('POST', '/insurance-plan', { insurance_company_id: p.body.id, name: 'Gold PPO' });
    expect(errorsOf(r).billing_company_id).toEqual(['The billing company field is required.']);
  });
  it('a plan copay must be above 0', async () => {
    const p = await bm('POST', '/insurance-company', payer());
    const r = await bm('POST', '/insurance-plan', {
      insurance_company_id: p.body.id,
      name: 'Silver',
      copays: [{ amount: 0 }],
    });
    expect(errorsOf(r)['copays.0.amount']).toEqual(['The amount must be greater than 0.']);
  });
  it('a capitated contract needs patients', async () => {
    const p = await bm('POST', '/insurance-company', payer());
    const r = await bm('POST', '/insurance-plan', {
      insurance_company_id: p.body.id,
      name: 'Capitated HMO',
      contract_fees: [{ contract_fee_type_id: 5, price: 2500 }],
    });
    expect(errorsOf(r)['contract_fees.0.capitated_patient_ids']).toEqual([CAPITATED_NEEDS_PATIENTS_MESSAGE]);
  });
  it("a plan's effective date comes before its end date", async () => {
    const p = await bm('POST', '/insurance-company', payer());
    const r = await bm('POST', '/insurance-plan', {
      insurance_company_id: p.body.id,
      name: 'Dated',
      eff_date: '05/01/2026',
      end_date: '04/30/2026',
    });
    expect(errorsOf(r).end_date).toEqual([END_BEFORE_START_MESSAGE]);
  });
  it('plans are listed by insurance company and by payer id', async () => {
    const p = await bm('POST', '/insurance-company', payer());
    const plan = await bm('POST', '/insurance-plan', { insurance_company_id: p.body.id, name: 'Bronze', code: 'BRZ' });
    expect((await bm('GET', `/insurance-plan/insurance-company/${p.body.id}/get-by-insurance-company`)).body).toEqual([
      { id: plan.body.id, name: 'BRZ - Bronze', billing_company_id: bc },
    ]);
    expect((await bm('GET', `/insurance-plan/get-by-payer-id/${p.body.payer_id}`)).body[0].id).toBe(plan.body.id);
  });
  it('a billing company starts using a clearing house, once', async () => {
    const ch = await root('POST', '/clearing-house', { code: `CH${++seq}`, name: `House ${seq}` });
    await bm('PATCH', `/clearing-house/add-to-billing-company/${ch.body.id}`);
    const again = await bm('PATCH', `/clearing-house/add-to-billing-company/${ch.body.id}`);
    expect(again.body.billing_company_ids).toEqual([bc]);
    expect(
      (await bm('GET', `/clearing-house/get-all-server?billing_company_ids=${bc}`)).body.data.map((x: any) => x.id),
    ).toContain(ch.body.id);
  });
  it('a facility is registered in another billing company as its own copy', async () => {
    const f = await root('POST', '/facility', facility({ billing_company_id: bc }));
    const others = (await root('GET', '/billing-company/get-list')).body.filter((b: any) => b.id !== bc);
    const copy = await root('PATCH', `/facility/add-to-billing-company/${f.body.id}`, {
      billing_company_id: others[0].id,
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ npi: f.body.npi, name: f.body.name, billing_company_id: others[0].id });
    expect(copy.body.id).not.toBe(f.body.id);
    expect(
      (await root('PATCH', `/facility/add-to-billing-company/${f.body.id}`, { billing_company_id: others[0].id })).body
        .message,
    ).toBe('The facility is already registered');
  });
  it('a clearing house name is unique', async () => {
    await bm('POST', '/clearing-house', { code: 'AVL', name: 'Availity' });
    expect((await bm('POST', '/clearing-house', { code: 'AV2', name: 'availity' })).body.message).toBe(
      'This Clearing House is already registered',
    );
  });
});

describe('look-ups of document 2 §7', () => {
  it("the billing companies a form offers are the caller's own", async () => {
    expect((await bm('GET', '/patient/get-list-billing-companies')).body).toEqual([
      { id: bc, name: 'MBC - Master BC' },
    ]);
    expect((await root('GET', '/facility/get-list-billing-companies')).body.length).toBeGreaterThan(1);
  });
  it('procedure classifications follow the procedure type', async () => {
    expect((await bm('GET', '/procedure/type/2/classification')).body).toContainEqual({
      id: 207,
      name: 'J - Drugs administered other than oral method',
    });
    expect((await bm('GET', '/procedure/type/9/classification')).status).toBe(404);
  });
  it('patient search ignores hyphens like the list', async () => {
    await bm('POST', '/patient', {
      first_name: 'Hugo',
      last_name: 'Lira',
      date_of_birth: '01/01/1980',
      med_num: 'HL-55-21',
    });
    expect((await bm('GET', '/patient/search?query=HL5521')).body.data.map((p: any) => p.med_num)).toEqual([
      'HL-55-21',
    ]);
  });
  it("a procedure's diagnoses and modifiers come with their names", async () => {
    await root('POST', '/diagnosis', {
      code: 'S52.501A',
      description: 'Unspecified fracture of the lower end of right radius',
    });
    await root('POST', '/procedure', {
      code: 'Q4012',
      description: 'Cast supplies',
      price: 3000,
      diagnosis_codes: ['S52.501A'],
    });
    expect((await bm('GET', '/procedure/get-list-diagnoses/Q4012')).body).toEqual([
      expect.objectContaining({
        code: 'S52.501A',
        name: 'S52.501A - Unspecified fracture of the lower end of right radius',
      }),
    ]);
  });
});

describe('procedures', () => {
  it('a procedure needs at least one fee', async () => {
    expect(errorsOf(await root('POST', '/procedure', { code: 'G9002', description: 'No fee' })).price).toEqual([
      FEE_REQUIRED_MESSAGE,
    ]);
    expect((await root('POST', '/procedure', { code: 'G9003', description: 'Priced', price: 12_550 })).status).toBe(
      201,
    );
  });
  it('MAC localities must be complete', async () => {
    const r = await root('POST', '/procedure', {
      code: 'G9004',
      description: 'MAC',
      mac_localities: [
        { mac: '09102', locality_number: '04', state: 'FL', fee_schedule_area: 'Miami', non_facility_price: 9000 },
      ],
    });
    expect(errorsOf(r)['mac_localities.0.facility_price']).toEqual(['The facility price field is required.']);
  });
  it('a CPT code a user enters is accepted and priced by MAC locality', async () => {
    await root('POST', '/procedure', {
      code: '99213',
      description: 'Office visit, established patient',
      mac_localities: [
        {
          mac: '09102',
          locality_number: '04',
          state: 'FL',
          fee_schedule_area: 'Miami',
          facility_price: 6100,
          non_facility_price: 9200,
        },
      ],
    });
    expect((await bm('GET', '/procedure/get-price-of-procedure?code=99213&mac=09102&facility=true')).body).toEqual({
      code: '99213',
      price: 6100,
      source: 'mac_locality',
    });
  });
});

describe('insurance policies of a patient', () => {
  let patientId: number;
  let payerId: number;
  let planId: number;
  beforeAll(async () => {
    patientId = (
      await bm('POST', '/patient', { first_name: 'Rosa', last_name: 'Diaz', date_of_birth: '03/04/1970', sex: 'F' })
    ).body.id;
    payerId = (await bm('POST', '/insurance-company', payer())).body.id;
    planId = (await bm('POST', '/insurance-plan', { insurance_company_id: payerId, name: 'Primary PPO' })).body.id;
  });
  const policy = (extra: Record<string, unknown> = {}) => ({
    policy_number: `POL${++seq}`,
    insurance_company_id: payerId,
    insurance_plan_id: planId,
    type_responsibility_id: 1,
    eff_date: '01/01/2026',
    ...extra,
  });

  it('a primary and a secondary policy are added, listed and edited', async () => {
    const p1 = await bm('PATCH', `/patient/add-policy-to-patient/${patientId}`, policy());
    expect(p1.status).toBe(201);
    const p2 = await bm(
      'PATCH',
      `/patient/add-policy-to-patient/${patientId}`,
      policy({
        type_responsibility_id: 2,
        own_insurance: false,
        subscriber: { relationship_id: 1, first_name: 'Luis', last_name: 'Diaz', date_of_birth: '01/02/1968' },
      }),
    );
    expect(p2.status).toBe(201);
    expect(
      (await bm('GET', `/patient/${patientId}/get-policies`)).body.map((p: any) => p.type_responsibility_id),
    ).toEqual([1, 2]);
    const e = await bm('PATCH', `/patient/${patientId}/edit-policy/${p2.body.id}`, {
      group_number: 'GRP-9',
      own_insurance: true,
    });
    expect(e.body).toMatchObject({ group_number: 'GRP-9', own_insurance: true });
    expect(e.body.subscriber).toBeUndefined();
  });
  it('a responsibility is not repeated among active policies', async () => {
    const r = await bm('PATCH', `/patient/add-policy-to-patient/${patientId}`, policy({ type_responsibility_id: 1 }));
    expect(errorsOf(r).type_responsibility_id).toEqual([REPEATED_RESPONSIBILITY_MESSAGE]);
  });
  it('a disabled policy frees its responsibility, and cannot be enabled while another holds it', async () => {
    const pid = (await bm('POST', '/patient', { first_name: 'Eva', last_name: 'Soto', date_of_birth: '03/04/1971' }))
      .body.id;
    const a = await bm('PATCH', `/patient/add-policy-to-patient/${pid}`, policy());
    expect(
      (await bm('PATCH', `/patient/${pid}/change-status-policy/${a.body.id}`, { status: false })).body.status,
    ).toBe(false);
    expect((await bm('PATCH', `/patient/add-policy-to-patient/${pid}`, policy())).status).toBe(201);
    expect(
      errorsOf(await bm('PATCH', `/patient/${pid}/change-status-policy/${a.body.id}`, { status: true }))
        .type_responsibility_id,
    ).toEqual([REPEATED_RESPONSIBILITY_MESSAGE]);
  });
  it('the effective date precedes the end date', async () => {
    const r = await bm(
      'PATCH',
      `/patient/add-policy-to-patient/${patientId}`,
      policy({ type_responsibility_id: 3, eff_date: '02/01/2026', end_date: '01/01/2026' }),
    );
    expect(errorsOf(r).end_date).toEqual([END_BEFORE_START_MESSAGE]);
  });
  it('a subscriber is given only when the patient is not the insured, and then it is required', async () => {
    const sub = { relationship_id: 1, first_name: 'Luis', last_name: 'Diaz', date_of_birth: '01/02/1968' };
    expect(
      errorsOf(
        await bm(
          'PATCH',
          `/patient/add-policy-to-patient/${patientId}`,
          policy({ type_responsibility_id: 3, subscriber: sub }),
        ),
      ).subscriber,
    ).toEqual([SUBSCRIBER_ONLY_WHEN_NOT_OWN_MESSAGE]);
    expect(
      errorsOf(
        await bm(
          'PATCH',
          `/patient/add-policy-to-patient/${patientId}`,
          policy({ type_responsibility_id: 3, own_insurance: false }),
        ),
      ).subscriber,
    ).toEqual(['The subscriber field is required.']);
  });
  it('only a Super User names the billing company of a policy', async () => {
    const r = await bm(
      'PATCH',
      `/patient/add-policy-to-patient/${patientId}`,
      policy({ type_responsibility_id: 3, billing_company_id: bc }),
    );
    expect(errorsOf(r).billing_company_id).toEqual([POLICY_BILLING_COMPANY_MESSAGE]);
    expect(
      (
        await root(
          'PATCH',
          `/patient/add-policy-to-patient/${patientId}`,
          policy({ type_responsibility_id: 3, billing_company_id: bc }),
        )
      ).status,
    ).toBe(201);
  });
  it("the plan must be the insurance company's", async () => {
    const otherPayer = (await bm('POST', '/insurance-company', payer())).body.id;
    const r = await bm(
      'PATCH',
      `/patient/add-policy-to-patient/${patientId}`,
      policy({ type_responsibility_id: 4, insurance_company_id: otherPayer }),
    );
    expect(errorsOf(r).insurance_plan_id).toEqual([PLAN_OF_OTHER_PAYER_MESSAGE]);
  });
  it("another billing company cannot see or add to the patient's policies", async () => {
    expect((await other('GET', `/patient/${patientId}/get-policies`)).status).toBe(404);
    expect(
      (await other('PATCH', `/patient/add-policy-to-patient/${patientId}`, policy({ type_responsibility_id: 5 })))
        .status,
    ).toBe(404);
  });
  it("one policy is read by its id, and the patient's active policies are offered to pick by name", async () => {
    const p = await bm('PATCH', `/patient/add-policy-to-patient/${patientId}`, policy({ type_responsibility_id: 7 }));
    const one = await bm('GET', `/patient/${patientId}/get-policy/${p.body.id}`);
    expect(one.body).toMatchObject({ id: p.body.id, policy_number: p.body.policy_number, type_responsibility_id: 7 });
    const picker = (await bm('GET', `/patient/${patientId}/get-list-policies`)).body as Array<{
      id: number;
      name: string;
    }>;
    expect(picker.find((x) => x.id === p.body.id)?.name).toContain(p.body.policy_number);
  });
  it('a policy is removed by DELETE as by remove-policy, and its row is gone', async () => {
    const p = await bm('PATCH', `/patient/add-policy-to-patient/${patientId}`, policy({ type_responsibility_id: 8 }));
    const r = await bm('DELETE', `/patient/${patientId}/insurance-policies/${p.body.id}`);
    expect(r.body.message).toBe('The policy was removed.');
    const left = await app.db.query('select 1 from insurance_policies where id = $1', [p.body.id]);
    expect(left.rows).toEqual([]);
  });
  it('a removed policy is gone', async () => {
    const p = await bm('PATCH', `/patient/add-policy-to-patient/${patientId}`, policy({ type_responsibility_id: 6 }));
    expect((await bm('PATCH', `/patient/${patientId}/remove-policy/${p.body.id}`)).status).toBe(200);
    expect((await bm('GET', `/patient/${patientId}/get-policy/${p.body.id}`)).status).toBe(404);
  });
});
