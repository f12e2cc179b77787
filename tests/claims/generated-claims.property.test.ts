import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { validateX12 } from '../helpers/x12-validator.ts';
import { availityEnvelope } from '../helpers/availity-envelope.ts';
import { seeded } from '../../dev-server/demo/demo-rows.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { productEntities } from '../../src/platform/load-schemas.ts';
import type { FieldSchema } from '../../src/platform/entity.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import { write837I } from '../../src/domain/x12/claim-837i-writer.ts';
import { read837P } from '../../src/domain/x12/claim-837p-reader.ts';
import { read837I } from '../../src/domain/x12/claim-837i-reader.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import { x12Text } from '../../src/domain/x12/x12-writing.ts';
import type { Batch837, Claim837I, Claim837P } from '../../src/domain/x12/claim-837-model.ts';
import { claimLoops } from '../../src/domain/x12/claim-837-loops.ts';
import { CMS1500_CROSSWALK, UB04_CROSSWALK } from '../../src/domain/claims/claim-crosswalk.ts';
import { cms1500Pages } from '../../src/domain/paper-forms/cms1500.ts';
import { ub04Pages } from '../../src/domain/paper-forms/ub04.ts';
import { paperExtras } from '../../dev-server/paper/claim-forms.ts';
import { npiFrom } from '../../src/domain/formats.ts';
import { crosswalkDisagreements } from '../helpers/crosswalk-check.ts';

/**
 * Claims as a real office makes them, generated (fast-check) — professional and institutional, names with accents and
 * apostrophes, subscribers who are not the patient, second and third coverage, accidents, emergencies, drugs by NDC, up
 * to 12 diagnoses with 4 pointers and up to 50 lines, and every free-text number the claim schema constrains drawn from
 * the schema itself (its pattern or format), so a field added there is generated too. Each goes through the API's
 * verification as staff would; every claim that verifies is written to an 837, the files are judged by the independent
 * validator in one call, read back, and each fact checked to have survived. fast-check prints the seed of a failure.
 */
const CLAIMS = 500;
let app: TestApp;
let root: Api;
let w: ClaimWorld;
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
const patients: Array<{ id: number; policies: number[]; first: string; last: string }> = [];
const day = (d: number) => `04/${String(d).padStart(2, '0')}/2026`;

const one = async (sql: string, params: unknown[]) =>
  Number((await app.db.query<{ id: number }>(`${sql} returning id`, params)).rows[0].id);

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

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db, 'GEN');
  await app.db.query(
    `insert into diagnoses (code, description, start_date) select c, c, '2015-10-01' from unnest($1::text[]) c where not exists (select 1 from diagnoses where code = c)`,
    [DX],
  );
  await app.db.query(
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
});
afterAll(() => app.close());

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

const envelope = availityEnvelope('GEN01', 55, new Date('2026-04-30T12:00:00Z'));
const strip = <T extends { id: number }>(cs: T[]) => cs.map(({ id: _id, ...c }) => c);

describe(`${CLAIMS} generated claims`, () => {
  it('all verify; their 837s pass the independent validator in one call; every fact survives the file, read back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ weight: 3, arbitrary: professional }, { weight: 1, arbitrary: institutional }), {
          minLength: CLAIMS,
          maxLength: CLAIMS,
        }),
        async (claims) => {
          const made = new Map<number, (typeof claims)[number]>();
          const refused: string[] = [];
          for (const [n, c] of claims.entries()) {
            const res = await root('POST', '/claim/verify-register', c.body);
            if (res.status === 201 && res.body.verified !== false) made.set(Number(res.body.id), c);
            else refused.push(`${n}: ${res.status} ${JSON.stringify(res.body.errors ?? res.body.message)}`);
          }
          // Every draw is a claim a biller may enter: a refusal would be a rule too strict, shown in words.
          expect(refused).toEqual([]);
          const { professional: ps, institutional: is } = await claimsFor837(app.db, w.bc, [...made.keys()]);
          const files = {
            'professional.837': write837P({ ...envelope, claims: strip(ps) } as Batch837),
            'institutional.837': write837I({ ...envelope, claims: strip(is) } as Batch837<never>),
          };
          const checked = await validateX12(files);
          expect(checked.output.split('\n').filter((l) => !/: OK$/.test(l) && l.trim())).toEqual([]);
          const transaction = (text: string) => {
            const doc = readInterchanges(text);
            expect(doc.findings).toEqual([]);
            return { tx: doc.interchanges[0].groups[0].transactions[0], sep: doc.separators! };
          };
          const fileP = transaction(files['professional.837']);
          const fileI = transaction(files['institutional.837']);
          const readP = read837P(fileP.tx, fileP.sep);
          const readI = read837I(fileI.tx, fileI.sep);
          expect([...readP.findings, ...readI.findings]).toEqual([]);
          // What was written is what the model held: every fact, claim by claim.
          expect(readP.claims).toEqual(strip(ps));
          expect(readI.claims).toEqual(strip(is));
          // And the model holds what the person entered: names as X12 carries them, assignment, causes, lines.
          for (const c of [...ps, ...is] as Array<(Claim837P | Claim837I) & { id: number }>) {
            const entered = made.get(c.id)!;
            const patient = c.patient?.party ?? c.subscriber.party;
            expect(patient.name).toBe(x12Text(entered.patient.last));
            expect(c.acceptAssignment === false).toBe(entered.body.accept_assignment === false);
            expect(c.lines).toHaveLength(entered.body.services.length);
            // An institutional claim is billed by the hospital (its facility), never by the practice or a physician.
            if (entered.kind === 'I')
              expect([c.billingProvider.name, c.billingProvider.taxonomy]).toEqual([
                'SUNSHINE OUTPATIENT CENTER',
                '282N00000X',
              ]);
            if (entered.kind === 'P') {
              const p = c as Claim837P;
              const body = entered.body as Record<string, unknown>;
              expect(Boolean(p.relatedCauses)).toBe(Boolean(body.accident_type));
              expect(p.lines.map((l) => Boolean(l.emergency))).toEqual(
                (body.services as Array<{ emg?: boolean }>).map((l) => Boolean(l.emg)),
              );
              expect(p.priorAuthorization).toBe(
                body.prior_authorization ? x12Text(String(body.prior_authorization)) : undefined,
              );
              expect(p.otherPayers?.length ?? 0).toBe(entered.patient.policies.length - 1);
            }
          }
          // One crosswalk: each claim's paper form prints a box exactly when its 837 sends the box's element, every
          // box printed is in the crosswalk, and every fact of the crosswalk is held by some generated claim.
          const extras = await paperExtras(app.db, w.bc, [...made.keys()]);
          const held = new Set<string>();
          const disagreements = [
            ...claimLoops(fileP.tx, fileP.sep, 'P').flatMap((segments, n) =>
              crosswalkDisagreements(
                CMS1500_CROSSWALK,
                cms1500Pages(ps[n], extras.get(ps[n].id)!).flat(),
                segments,
                fileP.sep.component,
                held,
              ).map((d) => `${ps[n].patientControlNumber}: ${d}`),
            ),
            ...claimLoops(fileI.tx, fileI.sep, 'I').flatMap((segments, n) =>
              crosswalkDisagreements(
                UB04_CROSSWALK,
                ub04Pages(is[n], extras.get(is[n].id)!).flat(),
                segments,
                fileI.sep.component,
                held,
              ).map((d) => `${is[n].patientControlNumber}: ${d}`),
            ),
          ];
          expect(disagreements.slice(0, 20)).toEqual([]);
          const never = [...CMS1500_CROSSWALK, ...UB04_CROSSWALK].filter(
            (r) => r.pairing.kind !== 'paper' && !held.has(r.box),
          );
          expect(never.map((r) => `${r.box} ${r.fact}`)).toEqual([]);
        },
      ),
      { numRuns: 1, endOnFailure: true, seed: Number(process.env.CLAIMS_SEED ?? 5_500_837) },
    );
  }, 600_000);
});
