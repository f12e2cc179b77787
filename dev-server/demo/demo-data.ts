import { ssnColumns } from '../security/ssn-protection.ts';
import { npiFrom } from '../../src/domain/formats.ts';
import { hashPassword } from '../security/passwords.ts';
import type { Database } from '../db/database.ts';
import { loadDemoBatches } from './demo-batches.ts';
import { loadDemoAdmissions } from './demo-admissions.ts';
import { loadDemoClaims, type DemoFates } from './demo-claims.ts';
import { loadDemoGuidelines } from './demo-guidelines.ts';
import { enterDemoCodes } from './demo-codes.ts';
import { insertRows, seeded } from './demo-rows.ts';
import {
  ADDRESS_TYPE,
  INSURANCE_TYPE,
  PLAN_FORMAT,
  POLICY_TYPE,
  RESPONSIBILITY_TYPE,
} from '../../src/generated/ids.ts';

/** Demo-only sign-ins, one per default role (listed in the README). Never on a real database. */
export const DEMO_PASSWORD = 'Demo#2026pass';
export const DEMO_USERS: Array<{ email: string; role: string; tenant: boolean }> = [
  ['superuser', false],
  ['superauditor', false],
  ['developmentsupport', false],
  ['billingmanager', true],
  ['biller', true],
  ['client', true],
  ['paymentprocessor', true],
  ['collector', true],
  ['accountmanager', true],
  ['billingauditor', true],
  ['healthprofessional', true],
  ['patient', true],
].map(([role, tenant]) => ({ email: `${role}@demo.test`, role: role as string, tenant: tenant as boolean }));

// First names by the sex a demo person is recorded with, so that "Lucia Perez, Male" never appears.
export const FEMALE_FIRST = [
  'Mary',
  'Patricia',
  'Jennifer',
  'Linda',
  'Elizabeth',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Maria',
  'Lucia',
  'Ana',
  'Sofia',
  'Camila',
  'Aisha',
  'Fatima',
  'Keisha',
  'Mei',
];
export const MALE_FIRST = [
  'James',
  'Robert',
  'John',
  'Michael',
  'David',
  'William',
  'Richard',
  'Joseph',
  'Thomas',
  'Carlos',
  'Jose',
  'Luis',
  'Miguel',
  'Daniel',
  'Kevin',
  'Minh',
  'Wei',
  'Omar',
  'Andre',
];
const FIRST = [...FEMALE_FIRST, ...MALE_FIRST];
const firstFor = (r: { pick<T>(xs: T[]): T }, sex: string) => r.pick(sex === 'F' ? FEMALE_FIRST : MALE_FIRST);
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Tran',
  'Patel',
  'Kim',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Palm Dr',
  'Maple Rd',
  'Cedar Ln',
  'Elm St',
  'Pine Ave',
  'Lakeview Blvd',
  'Sunset Dr',
  'Park Pl',
  'Hillcrest Rd',
  'River Rd',
];

// Payers with their public payer ids (as clearing houses publish them).
const PAYERS: Array<[string, string, string, number, boolean]> = [
  ['60054', 'Aetna', 'AET', 1, false],
  ['87726', 'UnitedHealthcare', 'UHC', 1, false],
  ['62308', 'Cigna', 'CIG', 1, false],
  ['61101', 'Humana', 'HUM', 1, false],
  ['00590', 'Florida Blue', 'FLB', 2, false],
  ['84980', 'Blue Cross Blue Shield of Texas', 'BCBSTX', 2, false],
  ['09102', 'Medicare Part B (First Coast)', 'MCRFL', 3, true],
  ['77027', 'Florida Medicaid', 'MCDFL', 4, true],
  ['99726', 'TRICARE East', 'TRI', 5, true],
  ['47198', 'Blue Shield of California', 'BSCA', 2, false],
];
// The payers' provider portals (the Web Browser's list): their public sites.
const PAYER_SITES: Record<string, string> = {
  AET: 'https://www.aetna.com/health-care-professionals.html',
  UHC: 'https://www.uhcprovider.com',
  CIG: 'https://cignaforhcp.cigna.com',
  HUM: 'https://provider.humana.com',
  FLB: 'https://www.floridablue.com/providers',
  BCBSTX: 'https://www.bcbstx.com/provider',
  MCRFL: 'https://medicare.fcso.com',
  MCDFL: 'https://www.flmmis.com',
  TRI: 'https://www.humanamilitary.com/provider',
  BSCA: 'https://www.blueshieldca.com/provider',
};
const BILLING_COMPANIES: Array<[string, string, string, string, string]> = [
  ['Sunshine Medical Billing', 'SMB', 'FL', 'Miami', '331'],
  ['Lone Star Revenue Partners', 'LSR', 'TX', 'Houston', '770'],
  ['Pacific Claims Group', 'PCG', 'CA', 'San Diego', '921'],
];
const CLINIC_KINDS: Array<[string, string]> = [
  ['Family Health Center', '261QP2300X'],
  ['Pediatrics', '208000000X'],
  ['Internal Medicine Associates', '207R00000X'],
  ['Orthopedic Clinic', '207X00000X'],
];
const HP_TAXONOMIES = ['207Q00000X', '208D00000X', '363L00000X', '207R00000X', '208000000X', '363A00000X'];

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * A coherent demo set: billing companies with their clinics, facilities, units and rooms,
 * professionals with valid NPIs, payers and plans, and patients with policies — and a demo user per
 * default role. Loaded once, on an empty database.
 */
export async function loadDemoData(
  db: Database,
  opts: { patientsPerBillingCompany?: number; claimsPerBillingCompany?: number } = {},
): Promise<{ patients: number; claims: number; fates: DemoFates }> {
  const perBc = opts.patientsPerBillingCompany ?? 1000;
  const claimsPerBc = opts.claimsPerBillingCompany ?? 2000;
  let claims = 0;
  const fates: DemoFates = {};
  const r = seeded(20261122);
  const password = await hashPassword(DEMO_PASSWORD);
  let npiSeq = 100_000_000 + r.int(0, 800_000_000);
  const npi = () => npiFrom(String(npiSeq++).slice(0, 9));
  const phone = (area: string) => `${area.slice(0, 3).padEnd(3, '5')}-555-${r.digits(4)}`;
  let patients = 0;
  await db.transaction(async (tx) => {
    const payerIds = await insertRows(
      tx,
      'insurance_companies',
      PAYERS.map(([payer, name, abbr, ins, pub]) => ({
        payer_id: payer,
        code: abbr,
        name,
        abbreviation: abbr,
        ins_type_id: ins,
        public: pub,
        file_method_id: 2,
        timely_filing_days: pub ? 365 : 90,
        timely_filing_from_id: 1,
        website: PAYER_SITES[abbr] ?? null,
        address: `${r.int(100, 9999)} ${r.pick(STREETS)}`,
        city: 'Jacksonville',
        state: 'FL',
        zip: '32202',
        phone: `800-555-${r.digits(4)}`,
        status: true,
      })),
    );
    const houseIds = await insertRows(tx, 'clearing_houses', [
      {
        code: 'AVAILITY',
        name: 'Availity',
        abbreviation: 'AVL',
        org_type_id: INSURANCE_TYPE.COMMERCIAL_INSURANCE,
        transmission_format_id: 2,
        edi_format: '005010X222A1',
        ack_required: true,
        submitter_id: 'AV09311993',
        receiver_id: '030240928',
        website: 'https://www.availity.com',
        contacts: [{ name: 'EDI Support', email: 'edi@availity.example' }],
        status: true,
      },
      {
        code: 'OFFICEALLY',
        name: 'Office Ally',
        abbreviation: 'OA',
        org_type_id: INSURANCE_TYPE.COMMERCIAL_INSURANCE,
        transmission_format_id: 2,
        edi_format: '005010X222A1',
        ack_required: true,
        submitter_id: 'OA330897',
        receiver_id: '330897513',
        website: 'https://www.officeally.com',
        contacts: [{ name: 'Support', email: 'support@officeally.example' }],
        status: true,
      },
    ]);
    for (const [bi, [bcName, abbr, state, city, zipBase]] of BILLING_COMPANIES.entries()) {
      const area = state === 'FL' ? '305' : state === 'TX' ? '713' : '619';
      const [bcId] = await insertRows(tx, 'billing_companies', [
        {
          name: bcName,
          abbreviation: abbr,
          code: abbr,
          tax_id: `${r.digits(2)}-${r.digits(7)}`,
          email: `office@${abbr.toLowerCase()}.example`,
          phone: phone(area),
          address: `${r.int(100, 999)} ${r.pick(STREETS)}`,
          city,
          state,
          zip: `${zipBase}${r.digits(2)}`,
          status: true,
        },
      ]);
      // Each billing company's own account with a clearing house, and its own payer ids where they differ.
      const [accountId] = await insertRows(tx, 'clearing_house_accounts', [
        {
          billing_company_id: bcId,
          clearing_house_id: houseIds[bi % houseIds.length],
          submitter_id: `${abbr}${r.digits(7)}`,
          receiver_id: bi % 2 ? '330897513' : '030240928',
        },
      ]);
      await insertRows(
        tx,
        'payer_settings',
        payerIds.slice(0, 3).map((payerId) => ({
          billing_company_id: bcId,
          insurance_company_id: payerId,
          timely_filing_days: 180,
          timely_filing_from_id: 1,
          note: 'Contracted filing limit',
        })),
      );
      await loadDemoGuidelines(
        tx,
        bcId,
        payerIds.map((id, i) => ({ id, name: PAYERS[i][1] })),
      );
      await enterDemoCodes(db, tx, bcId);
      const planIds: Array<{ id: number; payer: number }> = [];
      for (const [pi, payerId] of payerIds.entries()) {
        const ids = await insertRows(
          tx,
          'insurance_plans',
          ['PPO', 'HMO'].map((kind, k) => ({
            billing_company_id: bcId,
            insurance_company_id: payerId,
            code: `${PAYERS[pi][2]}-${kind}`,
            name: `${PAYERS[pi][1]} ${kind}`.slice(0, 50),
            ins_type_id: PAYERS[pi][3],
            plan_type_id: k === 0 ? 3 : 2,
            charge_using_id: 1,
            format_id: PLAN_FORMAT.STANDARD,
            responsibility_type_id: RESPONSIBILITY_TYPE.PRIMARY,
            eff_date: '2024-01-01',
            accept_assign: true,
            pre_authorization: k === 1,
            referral_required: k === 1,
            copays: [{ amount: k === 0 ? 2500 : 1500, note: 'Office visit' }],
            status: true,
          })),
        );
        planIds.push(...ids.map((id) => ({ id, payer: payerId })));
      }
      const companyIds = await insertRows(
        tx,
        'companies',
        CLINIC_KINDS.map(([kind, taxonomy], ci) => ({
          billing_company_id: bcId,
          code: `${abbr}-C${ci + 1}`,
          name: `${city} ${kind}`.slice(0, 50),
          abbreviation: `${abbr}${ci + 1}`,
          npi: npi(),
          ein: r.digits(9),
          tax_id: `${r.digits(2)}-${r.digits(7)}`,
          taxonomy,
          address: `${r.int(100, 9999)} ${r.pick(STREETS)}`,
          city,
          state,
          zip: `${zipBase}${r.digits(2)}-${String(1101 + ci * 211)}`,
          payment_address: `PO Box ${r.int(1000, 9999)}`,
          payment_city: city,
          payment_state: state,
          payment_zip: `${zipBase}${r.digits(2)}`,
          phone: phone(area),
          email: `billing${ci + 1}@${abbr.toLowerCase()}.example`,
          contacts: [{ name: `${r.pick(FIRST)} ${r.pick(LAST)}`, position: 'Office manager', phone: phone(area) }],
          statements: [{ rule_id: 1, apply_to_id: 1, when_id: 1 }],
          services: [{ procedure_code: 'G0008', std_price: 4500, units: '1' }],
          status: true,
        })),
      );
      const facilityIds = await insertRows(
        tx,
        'facilities',
        ['Main Campus', 'Outpatient Surgery Center', 'Urgent Care'].map((kind, fi) => ({
          billing_company_id: bcId,
          code: `${abbr}-F${fi + 1}`,
          name: `${city} ${kind}`.slice(0, 50),
          abbreviation: `${abbr}F${fi + 1}`,
          npi: npi(),
          // The main campus is a general acute care hospital: it bills the institutional claims (837I 2010AA).
          facility_type_ids: [fi === 0 ? 1 : fi === 1 ? 8 : 7],
          bill_classification_ids: fi === 0 ? [11, 13] : [fi === 1 ? 83 : 73],
          place_of_service: fi === 1 ? '24' : fi === 2 ? '20' : '22',
          taxonomies: [fi === 1 ? '261QA1903X' : fi === 2 ? '261QU0200X' : '282N00000X'],
          address: `${r.int(100, 9999)} ${r.pick(STREETS)}`,
          city,
          state,
          zip: `${zipBase}${r.digits(2)}-${String(2101 + fi * 307)}`,
          phone: phone(area),
          company_ids: [companyIds[fi % companyIds.length], companyIds[(fi + 1) % companyIds.length]],
          status: true,
        })),
      );
      const professionalIds = await insertRows(
        tx,
        'health_professionals',
        Array.from({ length: 8 }, (_, hi) => {
          const sex = r.pick(['F', 'M']);
          const first = firstFor(r, sex),
            last = r.pick(LAST);
          return {
            billing_company_id: bcId,
            npi: npi(),
            first_name: first,
            last_name: last,
            email: `${first}.${last}.${bi}${hi}@${abbr.toLowerCase()}.example`.toLowerCase(),
            health_professional_type_id: hi < 5 ? 1 : 2,
            authorization_ids: hi < 2 ? [1, 2] : [1],
            taxonomy: HP_TAXONOMIES[hi % HP_TAXONOMIES.length],
            is_provider: true,
            sex,
            date_of_birth: iso(r.int(1955, 1990), r.int(1, 12), r.int(1, 28)),
            address: `${r.int(100, 9999)} ${r.pick(STREETS)}`,
            city,
            state,
            zip: `${zipBase}${r.digits(2)}`,
            phone: phone(area),
            company_ids: [companyIds[hi % companyIds.length]],
            status: true,
          };
        }),
      );
      const unitIds = await insertRows(
        tx,
        'units',
        companyIds.slice(0, 2).map((companyId, ui) => ({
          billing_company_id: bcId,
          company_id: companyId,
          code: `${abbr}-U${ui + 1}`,
          name: ui === 0 ? 'Medical-Surgical' : 'Observation',
          rooms: Array.from({ length: 3 }, (_, k) => ({
            code: `${ui + 1}0${k + 1}`,
            name: `Room ${ui + 1}0${k + 1}`,
            capacity: 2,
            ocupation: r.int(0, 2),
            inpatient_total: 0,
            outpatient_total: 0,
          })),
          status: true,
        })),
      );
      // In turn: the SSN hash may read its key, and a transaction's one connection takes one statement at a time.
      const people: Array<Record<string, unknown> & { first_name: string; last_name: string }> = [];
      for (let n = 0; n < perBc; n++) {
        const sex = r.pick(['F', 'M']);
        const first = firstFor(r, sex),
          last = r.pick(LAST);
        people.push({
          billing_company_id: bcId,
          med_num: `${abbr}-${String(n + 1).padStart(6, '0')}`,
          first_name: first,
          last_name: last,
          sex,
          language: r.chance(0.2) ? 'es' : 'en',
          date_of_birth: iso(r.int(1940, 2005), r.int(1, 12), r.int(1, 28)),
          phone: phone(area),
          email: r.chance(0.6) ? `${first}.${last}${n}@mail.example`.toLowerCase() : null,
          company_id: r.pick(companyIds),
          marital_status: r.pick(['Single', 'Married']),
          addresses: [
            {
              address_type_id: ADDRESS_TYPE.HOUSE_RESIDENCE,
              address: `${r.int(100, 9999)} ${r.pick(STREETS)}`,
              city,
              state,
              zip: `${zipBase}${r.digits(2)}`,
              country: 'US',
              main_address: true,
            },
          ],
          status: true,
          draft: false,
          // Area numbers 900-999 are never issued as SSNs: a demo SSN can be no one's.
          ...(await ssnColumns(tx, `9${r.digits(2)}-${r.digits(2)}-${r.digits(4)}`)),
        });
      }
      const patientIds = await insertRows(tx, 'patients', people);
      patients += patientIds.length;
      const policies: Array<Record<string, unknown>> = [];
      patientIds.forEach((pid, n) => {
        const primary = r.pick(planIds);
        const own = r.chance(0.8);
        // Medicare insures the beneficiary alone: its policies are always the patient's own. The draws keep their order
        // (the subscriber is drawn whenever it was before), so the rest of the demo stays as it was.
        const medicare = PAYERS[payerIds.indexOf(primary.payer)][3] === 3;
        const base = {
          billing_company_id: bcId,
          patient_id: pid,
          insurance_policy_type_id: POLICY_TYPE.HEALTH,
          eff_date: iso(2025, r.int(1, 12), 1),
          dual_plan: false,
          assign_benefits: true,
          release_info: true,
          status: true,
        };
        const policyNumber = `${r.pick(['W', 'X', 'H', 'M'])}${r.digits(9)}`;
        const groupNumber = r.chance(0.7) ? `GRP${r.digits(5)}` : null;
        const drawSubscriber = () => {
          const relationship = r.pick([1, 2, 7]); // spouse, child, life partner
          const sex = r.pick(['F', 'M']);
          return {
            relationship_id: relationship,
            first_name: firstFor(r, sex),
            sex,
            last_name: people[n].last_name,
            date_of_birth: iso(r.int(1950, 1995), r.int(1, 12), r.int(1, 28)),
          };
        };
        const drawn = own ? null : drawSubscriber();
        policies.push({
          ...base,
          insurance_company_id: primary.payer,
          insurance_plan_id: primary.id,
          policy_number: policyNumber,
          group_number: groupNumber,
          type_responsibility_id: RESPONSIBILITY_TYPE.PRIMARY,
          own_insurance: own || medicare,
          subscriber: medicare ? null : drawn,
        });
        // About one patient in ten has a second policy (a spouse's plan, a Medicare supplement).
        if (r.chance(0.1)) {
          const second = r.pick(planIds.filter((p) => p.payer !== primary.payer));
          policies.push({
            ...base,
            insurance_company_id: second.payer,
            insurance_plan_id: second.id,
            policy_number: `S${r.digits(9)}`,
            group_number: null,
            type_responsibility_id: RESPONSIBILITY_TYPE.SECONDARY,
            own_insurance: true,
            subscriber: null,
          });
          // Medicaid is the payer of last resort: beside another plan it is the secondary, whichever was drawn first.
          const medicaid = (payer: unknown) => PAYERS[payerIds.indexOf(payer as number)][3] === 4;
          const [first, other] = policies.slice(-2);
          if (medicaid(first.insurance_company_id) && !medicaid(other.insurance_company_id)) {
            first.type_responsibility_id = RESPONSIBILITY_TYPE.SECONDARY;
            other.type_responsibility_id = RESPONSIBILITY_TYPE.PRIMARY;
            policies.splice(-2, 2, other, first);
          }
        }
      });
      const policyIds = await insertRows(tx, 'insurance_policies', policies);
      // Timely filing: the billing company's own setting for a payer, else the payer's.
      const timely = new Map(payerIds.map((id, pi) => [id, pi < 3 ? 180 : PAYERS[pi][4] ? 365 : 90]));
      const byPatient = new Map<number, Array<{ id: number; timely: number }>>();
      policies.forEach((pol, k) =>
        byPatient.set(pol.patient_id as number, [
          ...(byPatient.get(pol.patient_id as number) ?? []),
          { id: policyIds[k], timely: timely.get(pol.insurance_company_id as number) ?? 90 },
        ]),
      );
      const made = await loadDemoClaims({
        tx,
        r,
        p: {
          billingCompanyId: bcId,
          abbreviations: new Map(companyIds.map((id, ci) => [id, `${abbr}${ci + 1}`])),
          companyIds,
          facilityIds,
          professionalIds,
          patients: patientIds.map((id, n) => ({
            id,
            first_name: people[n].first_name,
            last_name: people[n].last_name,
            company_id: people[n].company_id as number,
          })),
          policies: byPatient,
          systemUserId: null,
        },
        count: Math.min(claimsPerBc, perBc * 4),
      });
      claims += made.count;
      for (const [status, ids] of Object.entries(made.fates)) (fates[Number(status)] ??= []).push(...ids);
      await loadDemoBatches(tx, {
        billingCompanyId: bcId,
        abbreviation: abbr,
        accountId,
        bound: Object.values(made.fates).flat(),
      });
      await loadDemoAdmissions(tx, r, {
        billingCompanyId: bcId,
        patients: patientIds.map((id, n) => ({
          id,
          first_name: people[n].first_name,
          last_name: people[n].last_name,
          company_id: people[n].company_id as number,
        })),
        policies: byPatient,
        professionalIds,
        facilityIds,
        unitIds,
      });
      if (bi === 0) {
        for (const u of DEMO_USERS) {
          const [uid] = await insertRows(tx, 'users', [
            {
              email: u.email,
              password_hash: password,
              first_name: 'Demo',
              last_name: u.role.replace(/^./, (c) => c.toUpperCase()),
            },
          ]);
          await tx.query(
            'insert into user_roles (user_id, role_id) select $1, id from roles where slug = $2 and billing_company_id is null',
            [uid, u.role],
          );
          if (u.tenant)
            await tx.query('insert into billing_company_users (billing_company_id, user_id) values ($1, $2)', [
              bcId,
              uid,
            ]);
        }
      }
    }
  });
  return { patients, claims, fates };
}

/**
 * On the embedded default, an empty database gets the demo set unless DEMO_DATA=0; a PostgreSQL server only with DEMO_DATA=1.
 * Answers, when it was loaded now, what is to become of its claims (the history job's input), else null.
 */
export async function loadDemoDataIfWanted(
  db: Database,
  env = process.env,
  log: (line: string) => void = console.log,
): Promise<DemoFates | null> {
  if (env.DEMO_DATA === '0' || (env.DATABASE_URL && env.DEMO_DATA !== '1')) return null;
  const r = await db.query<{ n: string }>('select count(*) as n from billing_companies');
  if (Number(r.rows[0].n) > 0) return null;
  const { patients, claims, fates } = await loadDemoData(db, {
    patientsPerBillingCompany: env.DEMO_PATIENTS ? Number(env.DEMO_PATIENTS) : undefined,
    claimsPerBillingCompany: env.DEMO_CLAIMS ? Number(env.DEMO_CLAIMS) : undefined,
  });
  log(
    `Loaded the demo data: 3 billing companies, ${patients.toLocaleString('en-US')} patients with policies, ${claims.toLocaleString('en-US')} claims; demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.email).join(', ')}`,
  );
  return fates;
}
