import fc from 'fast-check';
import type { Database } from '../../dev-server/db/database.ts';
import { claimWorld, type ClaimWorld } from './claim-fixtures.ts';
import { seeded } from '../../dev-server/demo/demo-rows.ts';
import { productEntities } from '../../src/platform/load-schemas.ts';
import type { FieldSchema } from '../../src/platform/entity.ts';
import { npiFrom } from '../../src/domain/formats.ts';

/**
 * Claims as a real office makes them, generated (fast-check) — professional and institutional, names with accents and
 * apostrophes, subscribers who are not the patient, second and third coverage, accidents, emergencies, anesthesia in
 * minutes, outside labs, drugs by NDC, the dates and notes of boxes 14–19, condition, occurrence and value codes, up to
 * 12 diagnoses with 4 pointers and up to 50 lines, and every free-text number the claim schema constrains drawn from
 * the schema itself (its pattern or format), so a field added there is generated too. The world they are made in
 * (a billing company with a clinic and a hospital, payers of every kind, 24 patients with their coverage) is made by
 * generatedWorld; the test of generated claims and its bench both draw from generatedClaims.
 */
export interface GeneratedPatient {
  id: number;
  policies: number[];
  first: string;
  last: string;
}
export interface GeneratedWorld {
  w: ClaimWorld;
  patients: GeneratedPatient[];
}

const DX = [
  'J06.9',
  'E11.9',
  'I10',
  'R05.9',
  'Z00.00',
  'M54.50',
  'K21.9',
  'J45.909',
  'N39.0',
  'R51.9',
  'E78.5',
  'F41.1',
  'G43.909',
];
const PROFESSIONAL = ['99213', '99214', '36415', '71046', '85025'];
// The clinic allows at most two venipunctures a claim (its service's units limit): one line of it at most.
const procedureOf = (i: number, anesthesia: boolean) =>
  anesthesia && i === 0 ? ANESTHESIA : i === 2 || i % 5 !== 2 ? PROFESSIONAL[i % 5] : '99213';
const ANESTHESIA = '00142';
const LAB_NPI = npiFrom('312345678');
/** Box 14–19's facts as staff enter them: an attachment note, the unable-to-work and hospital dates, the LMP, a first treatment. */
const INFO = [
  { qualifier: 'LU', value: "Op report attached — Dr. O'Neil" },
  { qualifier: '360', from_date: '03/01/2026', to_date: '03/20/2026' },
  { qualifier: '435', from_date: '03/02/2026', to_date: '03/04/2026' },
  { qualifier: '484', from_date: '02/14/2026' },
  { qualifier: '454', from_date: '03/05/2026' },
];
const MODIFIERS = ['25', '59', 'LT', 'RT'];
const NAMES = [
  'Zoë',
  "D'Angelo",
  'Muñoz-Pérez',
  'José',
  'Nguyễn',
  "O'Brien",
  'Łukasz',
  'Søren',
  'Ana María',
  'Çelik',
  'Brown',
];
const day = (d: number) => `04/${String(d).padStart(2, '0')}/2026`;

/**
 * The claim's free-text numbers, drawn from the schema's own constraints: every writable string with a pattern or the
 * x12-id format, up to its maxLength (fields whose meaning ties them to others are set by the generator below).
 */
const SET_ELSEWHERE = new Set([
  'type_of_bill',
  'admitting_diagnosis',
  'original_reference',
  'place_of_service',
  'frequency',
]);
function schemaTexts(): fc.Arbitrary<Record<string, string>> {
  const claim = productEntities().find((e) => e.name === 'claim')!;
  const fields = Object.entries(claim.schema.properties).filter(
    ([k, f]: [string, FieldSchema]) =>
      !f.readOnly &&
      f.type === 'string' &&
      !SET_ELSEWHERE.has(k) &&
      (typeof f.pattern === 'string' || f.format === 'x12-id'),
  );
  const X12_ID = /^[A-Za-z0-9]([A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;
  return fc.record(
    Object.fromEntries(
      fields.map(([k, f]) => [
        k,
        fc.option(
          fc
            .stringMatching(f.format === 'x12-id' ? X12_ID : new RegExp(String(f.pattern)))
            .filter((v) => v.length <= Number(f.maxLength ?? 50)),
          { nil: undefined },
        ),
      ]),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;
}

/** The billing company, codes, payers and patients the generated claims are made for. */
export async function generatedWorld(db: Database): Promise<GeneratedWorld> {
  const one = async (sql: string, params: unknown[]) =>
    Number((await db.query<{ id: number }>(`${sql} returning id`, params)).rows[0].id);
  const patients: GeneratedPatient[] = [];
  const w = await claimWorld(db, 'GEN');
  await db.query(
    `insert into diagnoses (code, description, start_date) select c, c, '2015-10-01' from unnest($1::text[]) c where not exists (select 1 from diagnoses where code = c)`,
    [DX],
  );
  await db.query(
    `insert into procedures (code, description, short_description, start_date, price) select $1, 'Anesthesia for lens surgery', 'Anesthesia, lens', '2000-01-01', 60000 where not exists (select 1 from procedures where code = $1)`,
    [ANESTHESIA],
  );
  const r = seeded(55_837);
  const payers: Array<{ payer: number; plan: number; type: number }> = [];
  for (const [i, type] of [1, 2, 3, 4, 5].entries()) {
    const payer = await one(
      `insert into insurance_companies (payer_id, code, name, ins_type_id, timely_filing_days, address, city, state, zip) values ($1, $1, $2, $3, 365, '1 Payer Way', 'Tampa', 'FL', '33601')`,
      [`GP${i}${type}`, `Generated Payer ${i}`, type],
    );
    const plan = await one(
      `insert into insurance_plans (billing_company_id, insurance_company_id, code, name, ins_type_id) values ($1, $2, $3, 'Plan', $4)`,
      [w.bc, payer, `GEN-P${i}`, type],
    );
    payers.push({ payer, plan, type });
  }
  for (let n = 0; n < 24; n++) {
    const first = r.pick(NAMES);
    const last = `${r.pick(NAMES)}${r.chance(0.3) ? ` ${r.pick(NAMES)}` : ''}`;
    const patient = await one(
      `insert into patients (billing_company_id, company_id, first_name, last_name, date_of_birth, sex, addresses) values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        w.bc,
        w.company,
        first,
        last,
        `19${r.int(40, 99)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
        r.pick(['F', 'M']),
        JSON.stringify([
          {
            address_type_id: 2,
            address: `${r.int(1, 999)} Rue de l'Église`,
            city: 'Mayagüez',
            state: 'PR',
            zip: '00680',
          },
        ]),
      ],
    );
    const primary = r.pick(payers.filter((p) => p.type !== 4));
    const own = primary.type === 3 || r.chance(0.5);
    const subscriber = own
      ? null
      : {
          relationship_id: r.pick([1, 2, 7]),
          first_name: r.pick(NAMES),
          last_name: r.pick(NAMES),
          sex: r.pick(['F', 'M']),
          date_of_birth: `19${r.int(40, 90)}-05-0${r.int(1, 9)}`,
        };
    const policy = (payer: (typeof payers)[number], rank: number, extra: boolean) =>
      one(
        `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, group_number, type_responsibility_id, eff_date, own_insurance, subscriber, status)
         values ($1, $2, $3, $4, $5, $6, $7, '2020-01-01', $8, $9, true)`,
        [
          w.bc,
          patient,
          payer.payer,
          payer.plan,
          `M${r.digits(9)}`,
          r.chance(0.6) ? `GRP${r.digits(5)}` : null,
          rank,
          extra ? true : own,
          extra ? null : subscriber && JSON.stringify(subscriber),
        ],
      );
    const policies = [await policy(primary, 1, false)];
    // Medicaid pays last: a second or third coverage, never the first.
    const others = payers.filter((p) => p.payer !== primary.payer && p.type !== 3);
    if (r.chance(0.45)) policies.push(await policy(others[0], 2, true));
    if (policies.length === 2 && r.chance(0.4)) policies.push(await policy(others[1], 3, true));
    patients.push({ id: patient, policies, first, last });
  }
  return { w, patients };
}

/** Claims a biller may enter, professional and institutional (three to one), as API bodies with what they were drawn from. */
export function generatedClaims({ w, patients }: GeneratedWorld) {
  /** A fact about one claim in six, as offices enter the rarer ones. */
  const sometimes = <T>(a: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: a });

  const lineCount = fc.oneof(
    { weight: 9, arbitrary: fc.integer({ min: 1, max: 6 }) },
    { weight: 1, arbitrary: fc.integer({ min: 7, max: 50 }) },
  );

  const professional = fc
    .record({
      patient: fc.nat({ max: 23 }),
      dx: fc.uniqueArray(fc.constantFrom(...DX), { minLength: 1, maxLength: 12 }),
      lines: lineCount,
      day: fc.integer({ min: 1, max: 27 }),
      cause: fc.constantFrom(undefined, 'AA', 'EM', 'OA'),
      acceptAssignment: fc.boolean(),
      supervising: fc.boolean(),
      referring: fc.boolean(),
      facility: fc.boolean(),
      anesthesia: sometimes(fc.integer({ min: 1, max: 999 })),
      outsideLab: sometimes(fc.integer({ min: 1, max: 100 })),
      info: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, fc.subarray(INFO, { minLength: 1, maxLength: 3 })),
      replaces: sometimes(fc.stringMatching(/^[A-Z0-9]{5,15}$/)),
      texts: schemaTexts(),
      seedLines: fc.array(
        fc.record({
          units: fc.constantFrom('1', '2', '1.5', '0.25'),
          price: fc.integer({ min: 500, max: 40000 }),
          emg: fc.boolean(),
          copay: sometimes(fc.integer({ min: 100, max: 500 })),
          ndc: fc.boolean(),
          mods: fc.uniqueArray(fc.constantFrom(...MODIFIERS), { maxLength: 3 }),
          ptr: fc.integer({ min: 1, max: 4 }),
        }),
        { minLength: 50, maxLength: 50 },
      ),
    })
    .map((g) => {
      const p = patients[g.patient];
      return {
        kind: 'P' as const,
        patient: p,
        body: {
          billing_company_id: w.bc,
          format_id: 1,
          patient_id: p.id,
          company_id: w.company,
          ...(g.facility ? { facility_id: w.facility } : {}),
          attending_provider_id: w.attending,
          ...(g.referring ? { referring_provider_id: w.referring } : {}),
          ...(g.supervising ? { supervising_provider_id: w.referring } : {}),
          insurance_policy_ids: p.policies,
          place_of_service: '11',
          accept_assignment: g.acceptAssignment,
          ...(g.cause
            ? { accident_type: g.cause, injury_date: day(g.day), ...(g.cause === 'AA' ? { accident_state: 'FL' } : {}) }
            : {}),
          ...g.texts,
          ...(g.outsideLab ? { outside_lab: true, outside_lab_charge: g.outsideLab, outside_lab_npi: LAB_NPI } : {}),
          ...(g.info.length ? { additional_information: g.info } : {}),
          ...(g.replaces ? { frequency: '7', original_reference: g.replaces } : {}),
          diagnoses: g.dx.map((code) => ({ code })),
          services: g.seedLines.slice(0, g.lines).map((l, i) => ({
            from_service: day(g.day),
            to_service: day(g.day),
            procedure_code: procedureOf(i, !!g.anesthesia),
            ...(l.mods.length ? { modifiers: l.mods } : {}),
            diagnosis_pointers: 'ABCD'.slice(0, Math.min(g.dx.length, l.ptr)).split(''),
            days_or_units: procedureOf(i, !!g.anesthesia) === '36415' ? '1' : l.units,
            ...(g.anesthesia && i === 0 ? { minutes: g.anesthesia } : {}),
            price: l.price,
            ...(l.emg ? { emg: true } : {}),
            ...(l.copay ? { copay: l.copay } : {}),
            ...(l.ndc ? { ndc: '00002-1433-80', ndc_quantity: '1.5', ndc_unit: 3 } : {}),
          })),
        },
      };
    });

  const institutional = fc
    .record({
      patient: fc.nat({ max: 23 }),
      dx: fc.uniqueArray(fc.constantFrom(...DX), { minLength: 1, maxLength: 12 }),
      poa: fc.array(fc.constantFrom('Y', 'N', 'U', 'W', 'E'), { minLength: 12, maxLength: 12 }),
      inpatient: fc.boolean(),
      from: fc.integer({ min: 1, max: 20 }),
      stay: fc.integer({ min: 1, max: 5 }),
      extra: fc.array(
        fc.record({
          rev: fc.constantFrom('0300', '0320', '0250'),
          cpt: fc.option(fc.constantFrom('85025', '71046'), { nil: undefined }),
          price: fc.integer({ min: 1000, max: 30000 }),
        }),
        { maxLength: 12 },
      ),
      acceptAssignment: fc.boolean(),
      conditions: fc.uniqueArray(fc.constantFrom('01', '02', '07', '08'), { maxLength: 3 }),
      occurrences: fc.uniqueArray(fc.constantFrom('01', '02', '05', '10'), { maxLength: 2 }),
      values: fc.uniqueArray(fc.constantFrom('01', '02', '08'), { maxLength: 2 }),
      admitting: fc.option(fc.constantFrom(...DX), { nil: undefined }),
      texts: schemaTexts(),
    })
    .map((g) => {
      const p = patients[g.patient];
      const to = g.inpatient ? g.from + g.stay : g.from;
      return {
        kind: 'I' as const,
        patient: p,
        body: {
          billing_company_id: w.bc,
          format_id: 2,
          patient_id: p.id,
          company_id: w.company,
          facility_id: w.facility,
          attending_provider_id: w.attending,
          insurance_policy_ids: p.policies,
          type_of_bill: g.inpatient ? '111' : '131',
          patient_status: '01',
          admission_type: g.inpatient ? '1' : '3',
          admission_source: g.inpatient ? '2' : '1',
          accept_assignment: g.acceptAssignment,
          ...g.texts,
          ...(g.inpatient
            ? { admission_date: day(g.from), admission_hour: 9, discharge_date: day(to), discharge_hour: 11 }
            : {}),
          diagnoses: g.dx.map((code, i) => ({ code, poa: g.poa[i] })),
          ...(g.conditions.length ? { condition_codes: g.conditions } : {}),
          ...(g.occurrences.length
            ? { occurrence_codes: g.occurrences.map((code) => ({ code, date: day(g.from) })) }
            : {}),
          ...(g.values.length ? { value_codes: g.values.map((code, i) => ({ code, amount: 1000 * (i + 1) })) } : {}),
          ...(g.inpatient && g.admitting ? { admitting_diagnosis: g.admitting } : {}),
          services: [
            g.inpatient
              ? {
                  from_service: day(g.from),
                  to_service: day(to),
                  revenue_code: '0120',
                  days_or_units: String(to - g.from),
                  price: 95000,
                }
              : {
                  from_service: day(g.from),
                  to_service: day(g.from),
                  revenue_code: '0450',
                  days_or_units: '1',
                  price: 85000,
                },
            ...g.extra.map((l) => ({
              from_service: day(g.from),
              to_service: day(g.from),
              revenue_code: l.rev,
              ...(l.cpt ? { procedure_code: l.cpt } : {}),
              days_or_units: '1',
              price: l.price,
            })),
          ],
        },
      };
    });

  return fc.oneof({ weight: 3, arbitrary: professional }, { weight: 1, arbitrary: institutional });
}
export type GeneratedClaim = ReturnType<typeof generatedClaims> extends fc.Arbitrary<infer C> ? C : never;
