import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimMessage, CLAIM_MESSAGES as M } from '../../src/domain/claims/claim-messages.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

const claimCount = async () =>
  Number((await app.db.query<{ n: number }>('select count(*) as n from claims')).rows[0].n);
type Claim = ReturnType<typeof goodClaim>;
const line = (over: Record<string, unknown> = {}) => ({
  from_service: '03/02/2026',
  to_service: '03/02/2026',
  procedure_code: '99213',
  diagnosis_pointers: ['A'],
  days_or_units: '1',
  price: 12500,
  ...over,
});

/** A save that breaks one rule: 422 naming the field with the spec's message, and no claim written. */
async function refused(claim: Claim | Record<string, unknown>, field: string, message: string) {
  const before = await claimCount();
  const r = await root('POST', '/claim', claim);
  expect(r.status, JSON.stringify(r.body)).toBe(422);
  expect(r.body.errors[field]).toContain(message);
  expect(await claimCount()).toBe(before);
  return r;
}

describe('document 3 §5 — claim rules, each with its message, nothing written when broken', () => {
  it('at least one diagnosis with a DX code is required', () =>
    refused(goodClaim(w, { diagnoses: [] }), 'diagnoses', M.diagnosisRequired));
  it('at least one service is required', () => refused(goodClaim(w, { services: [] }), 'services', M.serviceRequired));
  it('a health professional (attending) is required', () =>
    refused(goodClaim(w, { attending_provider_id: undefined }), 'attending_provider_id', M.attendingRequired));
  it('a diagnosis code must exist', () =>
    refused(
      goodClaim(w, { diagnoses: [{ code: 'J06.9' }, { code: 'Q99.99' }] }),
      'diagnoses.1.code',
      M.diagnosisNotFound,
    ));
  it('a procedure code must exist, and the message says how to add it', () =>
    refused(
      goodClaim(w, { services: [line({ procedure_code: '00000' })] }),
      'services.0.procedure_code',
      claimMessage('procedureNotFound', { code: '00000' }),
    ));
  it('a modifier code must exist, and the message says how to add it', () =>
    refused(
      goodClaim(w, { services: [line({ modifiers: ['ZZ'] })] }),
      'services.0.modifiers',
      claimMessage('modifierNotFound', { code: 'ZZ' }),
    ));
  it('a revenue code must exist', () =>
    refused(
      goodClaim(w, {
        format_id: 2,
        type_of_bill: '131',
        patient_status: '01',
        services: [line({ revenue_code: '0009', diagnosis_pointers: undefined })],
      }),
      'services.0.revenue_code',
      M.revenueNotFound,
    ));
  it('a condition code must exist', async () => {
    const r = await refused(
      goodClaim(w, {
        format_id: 2,
        type_of_bill: '131',
        patient_status: '01',
        condition_codes: ['QQ'],
        services: [line({ revenue_code: '0510' })],
      }),
      'condition_codes.0',
      'The selected condition codes is invalid.',
    );
    expect(Object.keys(r.body.errors)).toContain('condition_codes.0');
  });
  it('diagnosis codes must not repeat, ignoring case', () =>
    refused(
      goodClaim(w, { diagnoses: [{ code: 'J06.9' }, { code: 'j06.9' }] }),
      'diagnoses.1.code',
      M.diagnosisRepeated,
    ));
  it("a service's from date must not be after its to date", () =>
    refused(
      goodClaim(w, { services: [line({ from_service: '03/05/2026', to_service: '03/04/2026' })] }),
      'services.0.to_service',
      M.toBeforeFrom,
    ));
  it('lines must not overlap: a line starting before the previous line ends is invalid', () =>
    refused(
      goodClaim(w, {
        services: [
          line({ from_service: '03/01/2026', to_service: '03/05/2026' }),
          line({ from_service: '03/03/2026', to_service: '03/03/2026', procedure_code: '36415' }),
        ],
      }),
      'services.1.from_service',
      M.linesOverlap,
    ));
  it('on an institutional claim, room and board (revenue 0100–0219) covers the stay: a lab line on a day inside it is valid, two ancillaries still may not overlap', async () => {
    const stay = (ancillaries: Array<Record<string, unknown>>) =>
      goodClaim(w, {
        format_id: 2,
        type_of_bill: '111',
        patient_status: '01',
        admission_type: '1',
        admission_source: '1',
        admission_date: '03/01/2026',
        admission_hour: 9,
        discharge_date: '03/05/2026',
        discharge_hour: 11,
        place_of_service: undefined,
        diagnoses: [{ code: 'E11.9', poa: 'Y' }],
        services: [
          {
            from_service: '03/01/2026',
            to_service: '03/05/2026',
            revenue_code: '0120',
            days_or_units: '4',
            price: 90000,
          },
          ...ancillaries,
        ],
      });
    const ok = await root(
      'POST',
      '/claim',
      stay([
        {
          from_service: '03/03/2026',
          to_service: '03/03/2026',
          revenue_code: '0300',
          procedure_code: '85025',
          days_or_units: '1',
          price: 2500,
        },
      ]),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    await refused(
      stay([
        { from_service: '03/02/2026', to_service: '03/04/2026', revenue_code: '0250', days_or_units: '1', price: 1000 },
        {
          from_service: '03/03/2026',
          to_service: '03/03/2026',
          revenue_code: '0300',
          procedure_code: '85025',
          days_or_units: '1',
          price: 2500,
        },
      ]),
      'services.2.from_service',
      M.linesOverlap,
    );
  });
  it('service dates must lie within the effective dates of the code', () =>
    refused(
      goodClaim(w, { diagnoses: [{ code: 'U07.0' }] }),
      'diagnoses.0.code',
      'The code U07.0 is not effective on the date of service.',
    ));
  it("units must not exceed the company's units limit for the procedure", () =>
    refused(
      goodClaim(w, { services: [line(), line({ procedure_code: '36415', days_or_units: '3' })] }),
      'services.1.days_or_units',
      'Too many units applied to the admission/claim in row 2',
    ));
  // An inpatient stay of 03/01 to 03/03 (two nights) with one room-and-board line.
  const stay = (room: { days_or_units: string; to_service: string }, over: Record<string, unknown> = {}) =>
    goodClaim(w, {
      format_id: 2,
      type_of_bill: '111',
      patient_status: '01',
      admission_date: '03/01/2026',
      discharge_date: '03/03/2026',
      services: [line({ revenue_code: '0120', procedure_code: undefined, from_service: '03/01/2026', ...room })],
      ...over,
    });
  it('covered days must equal the units with value code 80', () =>
    refused(
      stay({ days_or_units: '2', to_service: '03/02/2026' }, { value_codes: [{ code: '80', amount: 300 }] }),
      'value_codes',
      M.coveredDays,
    ));
  it('an inpatient claim bills room and board by the night: 3 days for 03/01 to 03/03 are refused', () =>
    refused(
      stay({ days_or_units: '3', to_service: '03/03/2026' }),
      'services.0.days_or_units',
      'The room and board lines bill 3 days, more than the 2 night(s) of the stay: the day of discharge is not billed.',
    ));
  it('an outside-lab charge is required when outside lab is checked', () =>
    refused(goodClaim(w, { outside_lab: true }), 'outside_lab_charge', M.outsideLabChargeRequired));
  it('the outside-lab charge cannot exceed the billed amount', () =>
    refused(
      goodClaim(w, { outside_lab: true, outside_lab_charge: 100000 }),
      'outside_lab_charge',
      M.outsideLabExceedsTotal,
    ));
  it('an amount has a maximum of 9,999,999.99', () =>
    refused(
      goodClaim(w, { services: [line({ days_or_units: '2', price: 999999999 })] }),
      'services.0.price',
      M.amountCap,
    ));
  it('policy types cannot repeat', async () => {
    const [dup] = (
      await app.db.query<{ id: number }>(
        `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date, status)
      values ($1, $2, $3, $4, 'DUP-PRIMARY', 1, '2020-01-01', false) returning id`,
        [w.bc, w.patient, w.payer, w.plan],
      )
    ).rows;
    await refused(
      goodClaim(w, { insurance_policy_ids: [w.policy, dup.id] }),
      'insurance_policy_ids',
      M.policyTypeRepeated,
    );
  });
  it('a policy not effective on the service dates is refused', () =>
    refused(
      goodClaim(w, { insurance_policy_ids: [w.policy, w.secondary] }),
      'insurance_policy_ids',
      'Policy S998877 is not effective on the dates of service.',
    ));
  it('a qualifier is required for additional information', () =>
    refused(
      goodClaim(w, { additional_information: [{ field_id: '14', from_date: '03/01/2026' }] }),
      'additional_information.0.qualifier',
      M.qualifierRequired,
    ));
  it('units allow at most 8 integer digits and 3 decimals', async () => {
    const r = await refused(
      goodClaim(w, { services: [line({ days_or_units: '1.2345' })] }),
      'services.0.days_or_units',
      M.unitsFormat,
    );
    expect(r.body.errors['services.0.days_or_units']).toContain(M.unitsFormat);
  });
  it('a string counts as filled only if not blank and not "0.00"', () =>
    refused(goodClaim(w, { diagnoses: [{ code: '0.00' }] }), 'diagnoses', M.diagnosisRequired));
  it('dates are mm/dd/yyyy: a short date is completed by the form, never by the server', () =>
    refused(
      goodClaim(w, { services: [line({ from_service: '3/2' })] }),
      'services.0.from_service',
      'The from is not a valid date (mm/dd/yyyy).',
    ));
});

describe('what an 837 5010 receiver refuses', () => {
  it('a diagnosis pointer must point at an existing diagnosis', () =>
    refused(
      goodClaim(w, { services: [line({ diagnosis_pointers: ['A', 'D'] })] }),
      'services.0.diagnosis_pointers',
      'The diagnosis pointer D points at no diagnosis.',
    ));
  it('a professional line needs at least one pointer', () =>
    refused(
      goodClaim(w, { services: [line({ diagnosis_pointers: [] })] }),
      'services.0.diagnosis_pointers',
      M.pointerRequired,
    ));
  it('an 837P claim has at most 50 service lines', () =>
    refused(
      goodClaim(w, { services: Array.from({ length: 51 }, () => line({ procedure_code: '85025' })) }),
      'services',
      M.tooManyLinesProfessional,
    ));
  it('a professional claim has at most 12 diagnoses', () =>
    refused(
      goodClaim(w, { diagnoses: Array.from({ length: 13 }, (_, i) => ({ code: `A0${String(i).padStart(2, '0')}` })) }),
      'diagnoses',
      M.tooManyDiagnosesProfessional,
    ));
  it('a provider must have an NPI whose check digit holds', async () => {
    await app.db.query(`update health_professionals set npi = '1234567890' where id = $1`, [w.referring]);
    await refused(goodClaim(w, { referring_provider_id: w.referring }), 'referring_provider_id', M.providerNpiInvalid);
  });
  it('an institutional claim needs a type of bill and a patient status', async () => {
    const r = await refused(
      goodClaim(w, { format_id: 2, services: [line({ revenue_code: '0510' })] }),
      'type_of_bill',
      M.typeOfBillRequired,
    );
    expect(r.body.errors.patient_status).toContain(M.patientStatusRequired);
  });
  it('the billing provider needs its street address, city and state (loop 2010AA N3/N4): without them it is refused before a file is written', async () => {
    const before = (await app.db.query<{ address: string }>('select address from companies where id = $1', [w.company]))
      .rows[0].address;
    await app.db.query(`update companies set address = null where id = $1`, [w.company]);
    try {
      await refused(goodClaim(w), 'company_id', M.billingAddressRequired);
    } finally {
      await app.db.query('update companies set address = $2 where id = $1', [w.company, before]);
    }
  });
  it("the billing provider's ZIP code must have 9 digits (ZIP+4), as both 837 guides require: a 5-digit one is refused before a file is written", async () => {
    await app.db.query(`update companies set zip = '33101' where id = $1`, [w.company]);
    try {
      await refused(goodClaim(w), 'company_id', M.billingZipPlus4);
    } finally {
      await app.db.query(`update companies set zip = '33101-2204' where id = $1`, [w.company]);
    }
  });
  const stay = (over: Record<string, unknown> = {}) =>
    goodClaim(w, {
      format_id: 2,
      type_of_bill: '131',
      patient_status: '01',
      admission_type: '3',
      admission_source: '1',
      place_of_service: undefined,
      services: [line({ revenue_code: '0450', procedure_code: undefined, diagnosis_pointers: undefined })],
      ...over,
    });
  it('an institutional claim is billed by an institution: a facility and a company with a practice taxonomy are refused', async () => {
    await app.db.query(`update facilities set taxonomies = '["207Q00000X"]' where id = $1`, [w.facility]);
    try {
      await refused(
        stay(),
        'facility_id',
        claimMessage('institutionalBillingProvider', { tob: '131', groups: '27…, 28…' }),
      );
    } finally {
      await app.db.query(`update facilities set taxonomies = '["282N00000X"]' where id = $1`, [w.facility]);
    }
    expect((await root('POST', '/claim', stay())).status).toBe(201);
  });
  it('an institutional claim to a payer that takes only professional claims (its payer settings) is refused', async () => {
    await app.db.query(
      `insert into payer_settings (billing_company_id, insurance_company_id, claim_format_ids) values ($1, $2, '[1]')`,
      [w.bc, w.payer],
    );
    try {
      const payer = (
        await app.db.query<{ name: string }>('select name from insurance_companies where id = $1', [w.payer])
      ).rows[0].name;
      await refused(stay(), 'insurance_policy_ids', claimMessage('payerTakesOnlyProfessional', { payer }));
      expect((await root('POST', '/claim', goodClaim(w))).status).toBe(201);
    } finally {
      await app.db.query('delete from payer_settings where billing_company_id = $1 and insurance_company_id = $2', [
        w.bc,
        w.payer,
      ]);
    }
  });
  it('Medicaid pays last: a claim billing Medicaid before another plan is refused', async () => {
    const medicaid = (
      await app.db.query<{ id: number }>(
        `insert into insurance_companies (payer_id, code, name, ins_type_id, timely_filing_days) values ('MCD01', 'MCD01', 'State Medicaid', 4, 365) returning id`,
      )
    ).rows[0].id;
    const medicaidPlan = (
      await app.db.query<{ id: number }>(
        `insert into insurance_plans (billing_company_id, insurance_company_id, code, name, ins_type_id) values ($1, $2, 'MCD-P', 'Medicaid', 4) returning id`,
        [w.bc, medicaid],
      )
    ).rows[0].id;
    const policy = async (payer: number, plan: number, rank: number, number: string) =>
      (
        await app.db.query<{ id: number }>(
          `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date)
           values ($1, $2, $3, $4, $5, $6, '2020-01-01') returning id`,
          [w.bc, w.patient, payer, plan, number, rank],
        )
      ).rows[0].id;
    const first = await policy(medicaid, medicaidPlan, 1, 'MCD-1');
    const second = await policy(w.payer, w.plan, 2, 'COM-2');
    const payer = (
      await app.db.query<{ name: string }>('select name from insurance_companies where id = $1', [w.payer])
    ).rows[0].name;
    await refused(
      goodClaim(w, { insurance_policy_ids: [first, second] }),
      'insurance_policy_ids',
      claimMessage('medicaidPaysLast', { medicaid: 'State Medicaid', other: payer }),
    );
  });
  it("a subscriber's relationship must be one an 837 accepts", async () => {
    const [p] = (
      await app.db.query<{ id: number }>(
        `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date, own_insurance, subscriber)
      values ($1, $2, $3, $4, 'SPOUSE-1', 3, '2020-01-01', false, '{"relationship_id": 99, "first_name": "Ana", "last_name": "Perez", "date_of_birth": "01/01/1980"}') returning id`,
        [w.bc, w.patient, w.payer, w.plan],
      )
    ).rows;
    await refused(
      goodClaim(w, { insurance_policy_ids: [w.policy, p.id] }),
      'insurance_policy_ids',
      'The subscriber relationship of policy SPOUSE-1 is not one an 837 accepts.',
    );
  });
  it('a subscriber who is not the patient needs a birth date and sex (loop 2010BA DMG)', async () => {
    const [p] = (
      await app.db.query<{ id: number }>(
        `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date, own_insurance, subscriber)
      values ($1, $2, $3, $4, 'SPOUSE-2', 3, '2020-01-01', false, '{"relationship_id": 1, "first_name": "Ana", "last_name": "Perez"}') returning id`,
        [w.bc, w.patient, w.payer, w.plan],
      )
    ).rows;
    await refused(
      goodClaim(w, { insurance_policy_ids: [w.policy, p.id] }),
      'insurance_policy_ids',
      M.subscriberDemographics.replace('{policy_number}', 'SPOUSE-2'),
    );
  });
  it("a Medicare policy is the patient's own: Medicare's subscriber is always the patient", async () => {
    const [medicare] = (
      await app.db.query<{ id: number }>(
        `insert into insurance_companies (payer_id, code, name, ins_type_id, timely_filing_days) values ('MCRTEST', 'MCRTEST', 'Medicare Test', 3, 365) returning id`,
      )
    ).rows;
    const [p] = (
      await app.db.query<{ id: number }>(
        `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date, own_insurance, subscriber)
      values ($1, $2, $3, $4, '1EG4TE5MK73', 1, '2020-01-01', false, '{"relationship_id": 1, "first_name": "Ana", "last_name": "Perez", "date_of_birth": "1950-02-01", "sex": "F"}') returning id`,
        [w.bc, w.patient, medicare.id, w.plan],
      )
    ).rows;
    await refused(
      goodClaim(w, { insurance_policy_ids: [p.id] }),
      'insurance_policy_ids',
      M.medicareSubscriberIsPatient.replace('{policy_number}', '1EG4TE5MK73'),
    );
  });
});

describe('every problem at once', () => {
  it('a broken line reports every problem of every cell in one answer, on the cells they concern', async () => {
    const r = await root(
      'POST',
      '/claim',
      goodClaim(w, {
        services: [
          line({
            from_service: '03/05/2026',
            to_service: '03/04/2026',
            procedure_code: '00000',
            diagnosis_pointers: ['F'],
            days_or_units: '1.2345',
          }),
        ],
      }),
    );
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      'services.0.to_service': [M.toBeforeFrom],
      'services.0.procedure_code': expect.arrayContaining([claimMessage('procedureNotFound', { code: '00000' })]),
      'services.0.diagnosis_pointers': ['The diagnosis pointer F points at no diagnosis.'],
      'services.0.days_or_units': expect.arrayContaining([M.unitsFormat]),
    });
  });
  it('the messages come in Spanish to a Spanish reader', async () => {
    await app.db.query("update users set language = 'es' where email = 'root@test.com'");
    try {
      const r = await root('POST', '/claim', goodClaim(w, { diagnoses: [{ code: 'J06.9' }, { code: 'J06.9' }] }));
      expect(r.body.errors['diagnoses.1.code']).toEqual(['El código de diagnóstico está repetido.']);
    } finally {
      await app.db.query("update users set language = 'en' where email = 'root@test.com'");
    }
  });
});
