import type { Api } from './test-app.ts';
import type { Database } from '../../dev-server/db/database.ts';
import { npiFrom } from '../../src/domain/formats.ts';

export interface ClaimWorld {
  bc: number;
  company: number;
  facility: number;
  attending: number;
  referring: number;
  patient: number;
  policy: number;
  secondary: number;
  payer: number;
  plan: number;
}

const one = async (db: Database, sql: string, params: unknown[]) =>
  Number((await db.query<{ id: number }>(`${sql} returning id`, params)).rows[0].id);

/**
 * The parties a claim names — a billing company with its clinic, facility, two professionals, a
 * patient with a primary and a secondary policy — and the codes the tests bill (ICD-10-CM, CPT/HCPCS
 * and modifiers), written straight into the tables: what is tested is the claim, not their screens.
 */
export async function claimWorld(db: Database, abbreviation = 'SUN'): Promise<ClaimWorld> {
  const bc = await one(
    db,
    `insert into billing_companies (name, abbreviation, phone) values ($1, $2, '305-555-0100')`,
    [`${abbreviation} Billing`, abbreviation],
  );
  const company = await one(
    db,
    `insert into companies (billing_company_id, code, name, abbreviation, npi, ein, tax_id, taxonomy, address, city, state, zip, services)
    values ($1, $2, 'Sunshine Family Clinic', $3, $4, '591234567', '59-1234567', '207Q00000X', '100 Main St', 'Miami', 'FL', '33101-2204', $5)`,
    [
      bc,
      `${abbreviation}-C1`,
      abbreviation,
      npiFrom(String(123456780 + bc).slice(0, 9)),
      JSON.stringify([{ procedure_code: '36415', units_limit: '2', std_price: 1500 }]),
    ],
  );
  const facility = await one(
    db,
    `insert into facilities (billing_company_id, npi, code, name, place_of_service, facility_type_ids, taxonomies, address, city, state, zip) values ($1, $2, $3, 'Sunshine Outpatient Center', '22', '[1]', '["282N00000X"]', '200 Bay Rd', 'Miami', 'FL', '33102-4410')`,
    [bc, npiFrom(String(223456780 + bc).slice(0, 9)), `${abbreviation}-F1`],
  );
  const attending = await one(
    db,
    `insert into health_professionals (billing_company_id, npi, first_name, last_name, taxonomy, health_professional_type_id, email) values ($1, $2, 'Maria', 'Lopez', '207Q00000X', 1, 'maria.lopez@clinic.example')`,
    [bc, npiFrom(String(133456780 + bc).slice(0, 9))],
  );
  const referring = await one(
    db,
    `insert into health_professionals (billing_company_id, npi, first_name, last_name, taxonomy, health_professional_type_id, email) values ($1, $2, 'James', 'Carter', '207R00000X', 1, 'james.carter@clinic.example')`,
    [bc, npiFrom(String(143456780 + bc).slice(0, 9))],
  );
  const patient = await one(
    db,
    `insert into patients (billing_company_id, company_id, first_name, last_name, date_of_birth, sex, addresses) values ($1, $2, 'Lucia', 'Perez', '1980-04-12', 'F', $3)`,
    [
      bc,
      company,
      JSON.stringify([{ address_type_id: 2, address: '12 Palm Ave', city: 'Miami', state: 'FL', zip: '33103' }]),
    ],
  );
  const payer = Number(
    (
      await db.query<{ id: number }>(
        `insert into insurance_companies (payer_id, code, name, timely_filing_days) values ($1, $1, $2, 90) on conflict do nothing returning id`,
        [`P${abbreviation}1`, `${abbreviation} Health Plan`],
      )
    ).rows[0]?.id,
  );
  const payer2 = Number(
    (
      await db.query<{ id: number }>(
        `insert into insurance_companies (payer_id, code, name, timely_filing_days) values ($1, $1, $2, 365) returning id`,
        [`P${abbreviation}2`, `${abbreviation} Secondary Mutual`],
      )
    ).rows[0].id,
  );
  const plan = await one(
    db,
    `insert into insurance_plans (billing_company_id, insurance_company_id, code, name) values ($1, $2, $3, 'Gold PPO')`,
    [bc, payer, `${abbreviation}-PL1`],
  );
  const plan2 = await one(
    db,
    `insert into insurance_plans (billing_company_id, insurance_company_id, code, name) values ($1, $2, $3, 'Supplement')`,
    [bc, payer2, `${abbreviation}-PL2`],
  );
  const policy = await one(
    db,
    `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date) values ($1, $2, $3, $4, 'W123456789', 1, '2020-01-01')`,
    [bc, patient, payer, plan],
  );
  const secondary = await one(
    db,
    `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date, end_date) values ($1, $2, $3, $4, 'S998877', 2, '2020-01-01', '2024-12-31')`,
    [bc, patient, payer2, plan2],
  );
  await db.query(`insert into diagnoses (code, description, start_date) select c, d, '2015-10-01' from (values ('J06.9', 'Acute upper respiratory infection, unspecified'), ('E11.9', 'Type 2 diabetes mellitus without complications'),
    ('I10', 'Essential (primary) hypertension'), ('R05.9', 'Cough, unspecified'), ('Z00.00', 'Encounter for general adult medical examination')) v(c, d) where not exists (select 1 from diagnoses where code = c)`);
  await db.query(
    `insert into diagnoses (code, description, start_date, end_date) select 'U07.0', 'Vaping-related disorder (retired in this test)', '2020-04-01', '2021-09-30' where not exists (select 1 from diagnoses where code = 'U07.0')`,
  );
  await db.query(`insert into procedures (code, description, short_description, start_date, price) select c, d, d, '2000-01-01', p from (values ('99213', 'Office visit, established patient, low complexity', 12500),
    ('99214', 'Office visit, established patient, moderate complexity', 18000), ('36415', 'Routine venipuncture', 1500), ('71046', 'Chest X-ray, 2 views', 9000), ('85025', 'Complete blood count', 2500)) v(c, d, p) where not exists (select 1 from procedures where code = c)`);
  await db.query(
    `insert into modifiers (code, description, start_date) select c, d, '2000-01-01' from (values ('25', 'Significant, separately identifiable E/M service'), ('59', 'Distinct procedural service'), ('LT', 'Left side'), ('RT', 'Right side')) v(c, d) where not exists (select 1 from modifiers where code = c)`,
  );
  return { bc, company, facility, attending, referring, patient, policy, secondary, payer, plan };
}

/** A professional claim that passes every rule: two lines on one day, pointers at its diagnoses. */
export function goodClaim(w: ClaimWorld, over: Record<string, unknown> = {}) {
  return {
    billing_company_id: w.bc,
    format_id: 1,
    patient_id: w.patient,
    company_id: w.company,
    facility_id: w.facility,
    attending_provider_id: w.attending,
    insurance_policy_ids: [w.policy],
    place_of_service: '11',
    prior_authorization: 'AUTH-1234',
    diagnoses: [{ code: 'J06.9' }, { code: 'R05.9' }],
    services: [
      {
        from_service: '03/02/2026',
        to_service: '03/02/2026',
        procedure_code: '99213',
        modifiers: ['25'],
        diagnosis_pointers: ['A', 'B'],
        days_or_units: '1',
        price: 12500,
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
    ...over,
  };
}

/** n verified Not submitted claims on different days (so none is a likely duplicate of another). */
export async function readyClaims(api: Api, w: ClaimWorld, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const day = `03/${String(10 + i).padStart(2, '0')}/2026`;
    const r = await api(
      'POST',
      '/claim/verify-register',
      goodClaim(w, { services: goodClaim(w).services.map((l) => ({ ...l, from_service: day, to_service: day })) }),
    );
    if (r.status !== 201) throw new Error(`claim not registered: ${JSON.stringify(r.body)}`);
    ids.push(r.body.id);
  }
  return ids;
}

/** Claims put in an electronic batch of their own for an account, not yet sent. Answers the batch's id. */
export async function electronicBatch(api: Api, w: ClaimWorld, account: number, ids: number[], name: string) {
  const b = await api('POST', '/claim/batch', {
    billing_company_id: w.bc,
    name,
    company_id: w.company,
    transmission: 'E',
    clearing_house_account_id: account,
    claim_ids: ids,
  });
  if (b.status !== 201) throw new Error(`batch not made: ${JSON.stringify(b.body)}`);
  return b.body.id as number;
}

/** The same batch sent through the account: its claims Submitted. Answers the batch's id. */
export async function sentInBatch(api: Api, w: ClaimWorld, account: number, ids: number[], name: string) {
  const id = await electronicBatch(api, w, account, ids, name);
  const sent = await api('PATCH', `/claim/batch/submit-to-clearing-house/${id}`);
  if (sent.status !== 200) throw new Error(`batch not sent: ${JSON.stringify(sent.body)}`);
  return id;
}

/**
 * The billing company's account with Availity (made through the API, so its secrets are sealed as a person's would
 * be): submitter SUN0001, receiver 030240928, and what the test adds (its connection, folders, real-time address).
 */
export async function availityAccount(db: Database, api: Api, w: ClaimWorld, values: Record<string, unknown>) {
  const house = (
    await db.query<{ id: number }>(
      `insert into clearing_houses (code, name, status) values ('AVAIL', 'Availity', true) returning id`,
    )
  ).rows[0].id;
  const r = await api('POST', '/clearing-house-account', {
    billing_company_id: w.bc,
    clearing_house_id: house,
    submitter_id: 'SUN0001',
    receiver_id: '030240928',
    ...values,
  });
  if (r.status !== 201) throw new Error(`account not made: ${JSON.stringify(r.body)}`);
  return r.body.id as number;
}

/**
 * The same account made wholly through the API by an administrator (a test talking to a server process has no database
 * handle), sending to the billing company's exchange folder: out/ and in/.
 */
export async function availityFolderAccount(root: Api, w: ClaimWorld) {
  const house = await root('POST', '/clearing-house', { code: 'AVAIL', name: 'Availity' });
  const r = await root('POST', '/clearing-house-account', {
    billing_company_id: w.bc,
    clearing_house_id: house.body.id,
    submitter_id: 'SUN0001',
    receiver_id: '030240928',
    connection: 'folder',
    outbound_folder: 'out',
    inbound_folder: 'in',
  });
  if (r.status !== 201) throw new Error(`account not made: ${JSON.stringify(r.body)}`);
  return r.body.id as number;
}
