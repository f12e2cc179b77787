import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEATH_BEFORE_BIRTH_MESSAGE,
  DEATH_IN_FUTURE_MESSAGE,
  MINOR_NEEDS_GUARDIAN_MESSAGE,
  BIRTH_IN_FUTURE_MESSAGE,
} from '../../src/domain/rules/entity-rules.ts';
import { DUPLICATE_PATIENT_MESSAGE } from '../../dev-server/patients/patient-duplicates.ts';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let bm: Api;
let other: Api;
let n = 0;
let bcId = 0;
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Patients BC', 'PBC');
  bcId = bc;
  const bc2 = await app.createBillingCompany('Other Patients BC', 'OPB');
  await app.createUser({ email: 'bm@patients.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'bm@other-patients.test', roles: ['billingmanager'], billingCompanyIds: [bc2] });
  bm = app.as(await app.login('bm@patients.test'));
  other = app.as(await app.login('bm@other-patients.test'));
});
afterAll(() => app.close());

const patient = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Lucia',
  last_name: `Gomez${++n}`,
  date_of_birth: '02/14/1979',
  sex: 'F',
  ...extra,
});
const year = new Date().getFullYear();

describe('patient rules (document 2 §5)', () => {
  it('a patient with every section is created: addresses, contacts, employer, guarantor, notes', async () => {
    const r = await bm(
      'POST',
      '/patient',
      patient({
        med_num: 'MRN-0001',
        phone: '305-555-0101',
        email: 'lucia@example.com',
        addresses: [
          { address_type_id: 2, address: '10 Palm Ave', city: 'Miami', state: 'FL', zip: '33101', main_address: true },
        ],
        emergency_contacts: [{ name: 'Pedro Gomez', cellphone: '305-555-0102', relationship_id: 1 }],
        employments: [{ employer_name: 'Acme Corp', position: 'Clerk' }],
        public_note: 'Prefers mornings',
      }),
    );
    expect(r.status).toBe(201);
    expect(r.body.addresses[0]).toMatchObject({ city: 'Miami', zip: '33101' });
    expect(r.body.display_name).toBe(`Lucia ${r.body.last_name} 02/14/1979 MRN-0001`);
  });

  it('the date of birth cannot be in the future', async () => {
    const r = await bm('POST', '/patient', patient({ date_of_birth: `01/01/${year + 1}` }));
    expect(r.body.errors.date_of_birth).toEqual([BIRTH_IN_FUTURE_MESSAGE]);
  });

  it('the date of death cannot be before the date of birth', async () => {
    const r = await bm('POST', '/patient', patient({ deceased: true, deceased_date: '01/01/1970' }));
    expect(r.body.errors.deceased_date).toEqual([DEATH_BEFORE_BIRTH_MESSAGE]);
  });

  it('the date of death cannot be in the future', async () => {
    const r = await bm('POST', '/patient', patient({ deceased: true, deceased_date: `01/01/${year + 1}` }));
    expect(r.body.errors.deceased_date).toEqual([DEATH_IN_FUTURE_MESSAGE]);
  });

  it('a minor needs a guardian', async () => {
    const minor = patient({ date_of_birth: `06/01/${year - 10}` });
    expect((await bm('POST', '/patient', minor)).body.errors.need_guardian).toEqual([MINOR_NEEDS_GUARDIAN_MESSAGE]);
    expect(
      (
        await bm('POST', '/patient', {
          ...minor,
          need_guardian: true,
          guarantor_name: 'Ana Gomez',
          guarantor_phone: '305-555-0199',
        })
      ).status,
    ).toBe(201);
  });

  it('phone, zip and SSN keep their formats', async () => {
    const r = await bm(
      'POST',
      '/patient',
      patient({
        phone: '3055550101',
        ssn: '123456789',
        addresses: [{ address: '1 A St', city: 'Miami', state: 'FL', zip: '3310' }],
      }),
    );
    expect(Object.keys(r.body.errors).sort()).toEqual(['addresses.0.zip', 'phone', 'ssn']);
  });

  it('an address longer than 200 characters or a city longer than 25 is refused', async () => {
    const r = await bm(
      'POST',
      '/patient',
      patient({ addresses: [{ address: 'x'.repeat(201), city: 'y'.repeat(26), state: 'FL', zip: '33101' }] }),
    );
    expect(Object.keys(r.body.errors).sort()).toEqual(['addresses.0.address', 'addresses.0.city']);
  });

  it('a social network is required when a link is given', async () => {
    const r = await bm('POST', '/patient', patient({ social_networks: [{ link: 'https://x.com/lucia' }] }));
    expect(r.body.errors['social_networks.0.network']).toBeDefined();
  });
});

describe('SSN of a patient', () => {
  it('is kept only as its last 4 digits (and a look-up key), never answered in full', async () => {
    const r = await bm('POST', '/patient', patient({ ssn: '321-54-9876' }));
    expect(r.body.ssn_last4).toBe('9876');
    const shown = await bm('GET', `/patient/${r.body.id}`);
    expect(JSON.stringify(shown.body)).not.toMatch(/321-?54-?9876|ssn_hash/);
    const stored = await app.db.query<{ t: string }>('select row_to_json(p)::text t from patients p where id = $1', [
      r.body.id,
    ]);
    expect(stored.rows[0].t).not.toMatch(/321-?54-?9876/);
  });
});

describe('duplicate check before create (GET patient/exist)', () => {
  it('finds the same person by names and date of birth in the billing company', async () => {
    const p = patient();
    await bm('POST', '/patient', p);
    const r = await bm(
      'GET',
      `/patient/exist?first_name=${p.first_name.toUpperCase()}&last_name=${p.last_name}&date_of_birth=${encodeURIComponent(p.date_of_birth)}`,
    );
    expect(r.body).toMatchObject({ exists: true, message: DUPLICATE_PATIENT_MESSAGE });
  });

  it('finds the same person by SSN', async () => {
    await bm('POST', '/patient', patient({ ssn: '555-44-3333' }));
    expect((await bm('GET', '/patient/exist?ssn=555443333')).body.exists).toBe(true);
  });

  it("does not see another billing company's patients", async () => {
    const p = patient();
    await bm('POST', '/patient', p);
    const r = await other(
      'GET',
      `/patient/exist?first_name=${p.first_name}&last_name=${p.last_name}&date_of_birth=${encodeURIComponent(p.date_of_birth)}`,
    );
    expect(r.body).toEqual({ exists: false, message: null, patients: [] });
  });

  it('asks for names and date of birth, or the SSN', async () => {
    expect((await bm('GET', '/patient/exist?first_name=A')).status).toBe(422);
  });
});

describe('patient search', () => {
  it('strips hyphens: a medical number is found with or without them', async () => {
    const r = await bm('POST', '/patient', patient({ med_num: 'AB-77-1234' }));
    for (const q of ['AB-77-1234', 'AB771234', '77-12']) {
      const found = await bm('GET', `/patient/get-all-server?query=${encodeURIComponent(q)}`);
      expect(
        found.body.data.map((x: { id: number }) => x.id),
        q,
      ).toContain(r.body.id);
    }
  });

  it('finds a patient by the last 4 digits of the SSN', async () => {
    const r = await bm('POST', '/patient', patient({ ssn: '111-22-4455' }));
    const found = await bm('GET', '/patient/get-all-server?query=4455');
    expect(found.body.data.map((x: { id: number }) => x.id)).toContain(r.body.id);
  });
});

describe('the patient list', () => {
  const one = async (sql: string, params: unknown[]) =>
    Number((await app.db.query<{ id: string }>(sql, params)).rows[0].id);
  const payer = async (name: string) =>
    one(`insert into insurance_companies (payer_id, code, name) values ($1, $1, $2) returning id`, [
      name.slice(0, 5).toUpperCase(),
      name,
    ]);
  const plan = async (company: number) =>
    one(
      `insert into insurance_plans (billing_company_id, insurance_company_id, code, name) values ($1, $2, $3, $3) returning id`,
      [bcId, company, `PL${company}`],
    );

  it('finds a patient by a policy number typed into the search, and no longer by a number changed away', async () => {
    const humana = await payer('Humana Gold');
    const p = (await bm('POST', '/patient', patient())).body;
    const policy = await bm('POST', '/insurance-policy', {
      patient_id: p.id,
      policy_number: 'HUM-448812',
      insurance_company_id: humana,
      insurance_plan_id: await plan(humana),
      type_responsibility_id: 1,
      eff_date: '01/01/2025',
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
    const found = async (q: string) =>
      (await bm('GET', `/patient/get-all-server?query=${encodeURIComponent(q)}`)).body.data.map(
        (x: { id: number }) => x.id,
      );
    expect(await found('HUM-448812')).toEqual([p.id]);
    expect(await found('hum448812')).toEqual([p.id]);
    const changed = await bm('PUT', `/insurance-policy/${policy.body.id}`, {
      ...policy.body,
      policy_number: 'HUM-990001',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await found('HUM-448812')).toEqual([]);
    expect(await found('HUM-990001')).toEqual([p.id]);
    // Another billing company's search does not reach this patient through the number either.
    expect((await other('GET', '/patient/get-all-server?query=HUM-990001')).body.data).toEqual([]);
  });

  it("shows each patient's primary insurance, kept as policies come and payers are renamed", async () => {
    const aetna = await payer('Aetna Better Health');
    const united = await payer('UnitedHealthcare');
    const p = (await bm('POST', '/patient', patient())).body;
    const listed = async () =>
      (await bm('GET', `/patient/get-all-server?query=${p.last_name}`)).body.data[0].primary_insurance ?? null;
    expect(await listed()).toBeNull();
    const secondary = await bm('POST', '/insurance-policy', {
      patient_id: p.id,
      policy_number: 'U1',
      insurance_company_id: united,
      insurance_plan_id: await plan(united),
      type_responsibility_id: 2,
      eff_date: '01/01/2025',
    });
    expect(secondary.status, JSON.stringify(secondary.body)).toBe(201);
    expect(await listed()).toBeNull();
    const primary = await bm('POST', '/insurance-policy', {
      patient_id: p.id,
      policy_number: 'A1',
      insurance_company_id: aetna,
      insurance_plan_id: await plan(aetna),
      type_responsibility_id: 1,
      eff_date: '01/01/2025',
    });
    expect(primary.status, JSON.stringify(primary.body)).toBe(201);
    expect(await listed()).toBe('Aetna Better Health');
    await app.db.query(`update insurance_companies set name = 'Aetna' where id = $1`, [aetna]);
    expect(await listed()).toBe('Aetna');
  });
});

describe('the list filters a schema declares', () => {
  it('a date-range filter keeps the records between its two bounds, and a bound that is not a date is refused by name', async () => {
    const born = async (dob: string) =>
      Number((await bm('POST', '/patient', patient({ first_name: 'Rangefilter', date_of_birth: dob }))).body.id);
    const [early, middle, late] = [await born('01/05/1950'), await born('06/15/1960'), await born('11/20/1970')];
    const listed = await bm(
      'GET',
      '/patient/get-all-server?query=Rangefilter&date_of_birth_from=01/01/1955&date_of_birth_to=12/31/1965&itemsPerPage=50',
    );
    const ids = listed.body.data.map((p: { id: number }) => Number(p.id));
    expect(ids).toContain(middle);
    expect(ids).not.toContain(early);
    expect(ids).not.toContain(late);
    const refused = await bm('GET', '/patient/get-all-server?date_of_birth_to=13/45/1960');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ date_of_birth_to: ['The date must be mm/dd/yyyy.'] });
  });
});
