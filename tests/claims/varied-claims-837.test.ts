import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { validateX12 } from '../helpers/x12-validator.ts';
import { seeded } from '../../dev-server/demo/demo-rows.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import { write837I } from '../../src/domain/x12/claim-837i-writer.ts';
import type { Batch837 } from '../../src/domain/x12/claim-837-model.ts';

/**
 * Issue 29: "a claim that passes verification always makes a valid 837". Claims are drawn at random (a
 * fixed seed, so a failure can be replayed) over both forms, five kinds of payer, every subscriber
 * relationship an 837 takes, one to six lines with modifiers, fractional units, emergency and copays,
 * one to five diagnoses, secondary policies and prior authorizations; each goes through verification
 * by the API, and every one that verifies is written to an 837 and read by the independent validator.
 */
let app: TestApp;
let root: Api;
let w: ClaimWorld;
const r = seeded(29_837);
const DX = ['J06.9', 'E11.9', 'I10', 'R05.9', 'Z00.00'];
const PROFESSIONAL = ['99213', '99214', '36415', '71046', '85025'];
const MODIFIERS = ['25', '59', 'LT', 'RT'];
const UNITS = ['1', '2', '1.5', '0.25', '3'];
// ins_type_id of the demo's payers: 1 commercial, 2 Blue Cross Blue Shield, 3 Medicare, 4 Medicaid, 5 TRICARE.
const PAYER_TYPES = [1, 2, 3, 4, 5];
const patients: Array<{ id: number; policies: number[] }> = [];

const one = async (sql: string, params: unknown[]) =>
  Number((await app.db.query<{ id: number }>(`${sql} returning id`, params)).rows[0].id);
const day = (d: number) => `04/${String(d).padStart(2, '0')}/2026`;

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db, 'VAR');
  const payers = [];
  for (const [i, type] of PAYER_TYPES.entries()) {
    const payer = await one(
      `insert into insurance_companies (payer_id, code, name, ins_type_id, timely_filing_days, address, city, state, zip) values ($1, $1, $2, $3, 365, '1 Payer Way', 'Tampa', 'FL', '33601')`,
      [`VP${i}${type}`, `Varied Payer ${i}`, type],
    );
    const plan = await one(
      `insert into insurance_plans (billing_company_id, insurance_company_id, code, name, ins_type_id) values ($1, $2, $3, 'Plan', $4)`,
      [w.bc, payer, `VAR-P${i}`, type],
    );
    payers.push({ payer, plan, type });
  }
  // Twenty patients: each a primary policy of a drawn payer (Medicare's always the patient's own), some a secondary.
  for (let n = 0; n < 20; n++) {
    const sex = r.pick(['F', 'M']);
    const patient = await one(
      `insert into patients (billing_company_id, company_id, first_name, last_name, date_of_birth, sex, addresses) values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        w.bc,
        w.company,
        r.pick(['Ana', 'Luis', 'Mei', 'Omar', 'Keisha']),
        r.pick(['Diaz', 'Nguyen', 'Khan', 'Brown']),
        `19${r.int(40, 99)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
        sex,
        JSON.stringify([
          {
            address_type_id: 2,
            address: `${r.int(1, 999)} Palm Ave`,
            city: 'Miami',
            state: 'FL',
            zip: r.chance(0.5) ? '33103' : '33103-1204',
          },
        ]),
      ],
    );
    const primary = r.pick(payers);
    const own = primary.type === 3 || r.chance(0.5);
    const subscriber = own
      ? null
      : {
          relationship_id: r.pick([1, 2, 7]),
          first_name: 'Pat',
          last_name: 'Holder',
          sex: r.pick(['F', 'M']),
          date_of_birth: `19${r.int(40, 90)}-05-0${r.int(1, 9)}`,
        };
    const policies = [
      await one(
        `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, group_number, type_responsibility_id, eff_date, own_insurance, subscriber, status)
      values ($1, $2, $3, $4, $5, $6, 1, '2020-01-01', $7, $8, true)`,
        [
          w.bc,
          patient,
          primary.payer,
          primary.plan,
          `M${r.digits(9)}`,
          r.chance(0.6) ? `GRP${r.digits(5)}` : null,
          own,
          subscriber && JSON.stringify(subscriber),
        ],
      ),
    ];
    if (r.chance(0.4)) {
      const second = r.pick(payers.filter((p) => p.payer !== primary.payer && p.type !== 3));
      policies.push(
        await one(
          `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date, own_insurance, status)
        values ($1, $2, $3, $4, $5, 2, '2020-01-01', true, true)`,
          [w.bc, patient, second.payer, second.plan, `S${r.digits(8)}`],
        ),
      );
    }
    patients.push({ id: patient, policies });
  }
});
afterAll(() => app.close());

function professionalClaim(n: number) {
  const patient = r.pick(patients);
  const dx = [...new Set(Array.from({ length: r.int(1, 5) }, () => r.pick(DX)))];
  const lines = Array.from({ length: r.int(1, 6) }, (_, i) => {
    const modifiers = [...new Set(Array.from({ length: r.int(0, 3) }, () => r.pick(MODIFIERS)))];
    return {
      from_service: day(1 + (n % 27)),
      to_service: day(1 + (n % 27)),
      procedure_code: PROFESSIONAL[i % PROFESSIONAL.length],
      ...(modifiers.length ? { modifiers } : {}),
      // The clinic allows at most two venipunctures a claim (its service's units limit, a rule of its own).
      diagnosis_pointers: 'ABCD'.slice(0, Math.min(dx.length, r.int(1, 4))).split(''),
      days_or_units: PROFESSIONAL[i % PROFESSIONAL.length] === '36415' ? r.pick(['1', '2']) : r.pick(UNITS),
      price: r.int(500, 40000),
      place_of_service: r.pick(['11', '22']),
      ...(r.chance(0.2) ? { copay: 2500 } : {}),
      ...(r.chance(0.1) ? { emg: true } : {}),
    };
  });
  return {
    billing_company_id: w.bc,
    format_id: 1,
    patient_id: patient.id,
    company_id: w.company,
    facility_id: w.facility,
    attending_provider_id: w.attending,
    ...(r.chance(0.3) ? { referring_provider_id: w.referring } : {}),
    insurance_policy_ids: patient.policies,
    place_of_service: lines[0].place_of_service,
    ...(r.chance(0.3) ? { prior_authorization: `AUTH${r.digits(6)}` } : {}),
    diagnoses: dx.map((code) => ({ code })),
    services: lines,
  };
}

function institutionalClaim(n: number) {
  const patient = r.pick(patients);
  const dx = [...new Set(Array.from({ length: r.int(1, 5) }, () => r.pick(DX)))];
  const inpatient = r.chance(0.4);
  const from = 1 + (n % 20);
  const to = inpatient ? from + r.int(1, 5) : from;
  // An inpatient stay bills room and board over the stay (0120) and ancillaries on days inside it.
  const lines = [
    ...(inpatient
      ? [
          {
            from_service: day(from),
            to_service: day(to),
            revenue_code: '0120',
            days_or_units: String(to - from),
            price: 95000,
          },
        ]
      : [{ from_service: day(from), to_service: day(from), revenue_code: '0450', days_or_units: '1', price: 85000 }]),
    ...Array.from({ length: r.int(0, 3) }, (_, i) => ({
      from_service: day(from + Math.min(i, to - from)),
      to_service: day(from + Math.min(i, to - from)),
      revenue_code: r.pick(['0300', '0320', '0250']),
      ...(r.chance(0.5) ? { procedure_code: r.pick(['36415', '85025', '71046']) } : {}),
      days_or_units: r.pick(['1', '2']),
      price: r.int(1000, 30000),
    })),
  ];
  return {
    billing_company_id: w.bc,
    format_id: 2,
    patient_id: patient.id,
    company_id: w.company,
    facility_id: w.facility,
    attending_provider_id: w.attending,
    insurance_policy_ids: patient.policies,
    type_of_bill: inpatient ? '111' : '131',
    patient_status: '01',
    admission_type: inpatient ? '1' : '3',
    admission_source: inpatient ? '2' : '1',
    ...(inpatient
      ? {
          admission_date: day(from),
          admission_hour: r.int(0, 23),
          discharge_date: day(to),
          discharge_hour: r.int(8, 17),
        }
      : {}),
    diagnoses: dx.map((code) => ({ code, poa: r.pick(['Y', 'N', 'U']) })),
    services: lines,
  };
}

describe('varied claims that pass verification make 837s the independent validator accepts', () => {
  it('60 drawn claims (40 professional, 20 institutional) all verify, and each makes an 837 the validator accepts, alone and in one batch', async () => {
    const verified: number[] = [];
    const refused: string[] = [];
    for (let n = 0; n < 60; n++) {
      const claim = n < 40 ? professionalClaim(n) : institutionalClaim(n);
      const res = await root('POST', '/claim/verify-register', claim);
      if (res.status === 201 && res.body.verified !== false) verified.push(Number(res.body.id));
      else refused.push(`${n}: ${res.status} ${JSON.stringify(res.body.errors ?? res.body.message)}`);
    }
    // The draws stay within what a biller may enter; a refusal would be a rule too strict, shown here in words.
    expect(refused).toEqual([]);
    const { professional, institutional } = await claimsFor837(app.db, w.bc, verified);
    expect(professional.length + institutional.length).toBe(60);
    const envelope = {
      submitter: { name: 'VAR BILLING', id: 'VAR01', contactName: 'BILLING OFFICE', phone: '3055552222' },
      receiver: { name: 'AVAILITY', id: '030240928' },
      interchange: {
        senderId: 'VAR01',
        receiverId: '030240928',
        control: 29,
        usage: 'T' as const,
        date: new Date('2026-04-30T12:00:00Z'),
      },
    };
    const strip = <T extends { id: number }>(cs: T[]) => cs.map(({ id: _id, ...c }) => c);
    // One file per claim: the validator names the file at fault, so a failure points at one drawn claim.
    const texts: Record<string, string> = {};
    for (const c of professional)
      texts[`professional-${c.id}.837`] = write837P({ ...envelope, claims: strip([c]) } as Batch837);
    for (const c of institutional)
      texts[`institutional-${c.id}.837`] = write837I({ ...envelope, claims: strip([c]) } as Batch837<never>);
    texts['professional-all.837'] = write837P({ ...envelope, claims: strip(professional) } as Batch837);
    texts['institutional-all.837'] = write837I({ ...envelope, claims: strip(institutional) } as Batch837<never>);
    const checked = await validateX12(texts);
    expect(checked.output.split('\n').filter((l) => !/: OK$/.test(l) && l.trim())).toEqual([]);
    expect(checked.ok).toBe(true);
  });
});
