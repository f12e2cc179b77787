import type {
  Address,
  Claim837I,
  Claim837P,
  ClaimCommon837,
  LineAdjudication837,
  OtherPayer837,
  Party,
  RelatedCauses,
} from '../x12/claim-837-model.ts';
import { lineCharge } from './claim-amounts.ts';
import { isAnesthesia } from './anesthesia.ts';
import { billingTaxonomyFor } from './institution.ts';
import { DATE_ORDER } from '../x12/claim-dates.ts';
import qualifierList from '../../../schemas/lists/claim-info-qualifiers.json' with { type: 'json' };
import { isProfessional } from './claim-rules.ts';
import { dayOrNone, type IsoDate } from '../formats.ts';
import { x12Text } from '../x12/x12-writing.ts';

type Row = Record<string, unknown>;
const INFO_QUALIFIERS: Array<{ id: string; field: string }> = qualifierList.items;

/** What a claim names, read from its parties' rows: the 837 needs names, numbers and addresses, not ids. */
export interface ClaimParties {
  company: {
    name: string;
    npi: string;
    tax_id?: string | null;
    ein?: string | null;
    taxonomy?: string | null;
    address?: string | null;
    city?: string | null;
    state?: string | null;
    zip?: string | null;
  };
  /** where the services were given (the claim's facility) */
  facility?: {
    name: string;
    npi?: string | null;
    taxonomies?: string[] | null;
    address?: string | null;
    city?: string | null;
    state?: string | null;
    zip?: string | null;
  };
  patient: {
    first_name: string;
    last_name: string;
    date_of_birth: string;
    sex?: string | null;
    address?: Address | null;
  };
  providers: Record<
    string,
    { first_name: string; last_name: string; npi: string; taxonomy?: string | null } | undefined
  >;
  /** the claim's policies, primary first */
  policies: Array<{
    policy_number: string;
    group_number?: string | null;
    type_responsibility_code: string;
    own_insurance: boolean;
    /** the insured assigned the plan's benefits to the provider (CLM08, box 13) */
    assign_benefits?: boolean;
    subscriber?: Row | null;
    relationship_code?: string;
    payer: { name: string; payer_id: string; ins_type_code?: string | null };
  }>;
  /** what the primary payer did with the claim, when it is billed to the secondary: claim-level and per line (by service line id) */
  priorAdjudication?: PriorAdjudication;
}

type Adjustment = { group: string; reason: string; amount: number };
export interface PriorAdjudication {
  paid: number;
  date: IsoDate;
  claimAdjustments: Adjustment[];
  lines: Record<number, { paid: number; adjustments: Adjustment[] }>;
}

const BILLED_INDEX: Record<string, number> = { P: 0, S: 1, T: 2 };
/** Which of the claim's policies its next 837 bills: the primary unless a refile sent it on. */
const billedIndex = (claim: Row, p: ClaimParties) =>
  Math.min(BILLED_INDEX[String(claim.billed_responsibility ?? 'P')] ?? 0, Math.max(0, p.policies.length - 1));

/** The claim filing indicator (SBR09) of a payer's kind. */
const FILING: Record<string, string> = {
  CI: 'CI',
  BL: 'BL',
  MED: 'MB',
  MCE: 'MC',
  TR: 'CH',
  CH: 'CH',
  GHP: 'CI',
  FBL: 'OF',
  OT: 'ZZ',
};
const RESPONSIBILITY: Record<string, 'P' | 'S' | 'T'> = { P: 'P', S: 'S', T: 'T' };
// What the model holds is already as X12 carries it (accents off, upper case), so the paper forms print what the
// 837 says: one text for both.
const up = (s: unknown) => x12Text(s as string);
const sexOf = (s: unknown): 'F' | 'M' | 'U' => (s === 'F' || s === 'M' ? s : 'U');
const person = (p: { first_name: string; last_name: string }): Party => ({
  name: up(p.last_name),
  firstName: up(p.first_name),
  entity: 'person',
});
const isHour = (h: unknown) =>
  h !== null && h !== undefined && h !== '' && Number.isInteger(Number(h)) && Number(h) >= 0 && Number(h) <= 23;
const zip9 = (z: unknown) => String(z ?? '').replace(/\D/g, '');
/** An address as the model holds it: X12 text, the ZIP as its digits. */
const x12Address = (a: {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}): Address => ({
  line1: up(a.line1),
  ...(a.line2 ? { line2: up(a.line2) } : {}),
  city: up(a.city),
  state: up(a.state),
  zip: zip9(a.zip),
});

/** The claim's identity and parties (loops 1000–2010), shared by both forms. */
function common(claim: Row, p: ClaimParties, total: number): ClaimCommon837 {
  // The policy billed (the primary, or the secondary after a refile) is loop 2000B; the ones before it go to 2320/2330.
  const index = billedIndex(claim, p);
  const primary = p.policies[index];
  const billing = claim.billing_provider_id ? p.providers.billing : undefined;
  const coAddress = x12Address({ ...p.company, line1: p.company.address });
  const patientAddress = p.patient.address ? x12Address(p.patient.address) : coAddress;
  const self = !primary || primary.own_insurance;
  const sub = primary?.subscriber ?? {};
  // An institutional claim is billed by the institution: its facility when the facility's taxonomy fits the type of
  // bill (then there is no service facility apart from it), else the company.
  const f = p.facility;
  const institution =
    !isProfessional(claim) && f?.npi ? billingTaxonomyFor(claim.type_of_bill ?? '131', f.taxonomies ?? []) : undefined;
  const taxId = String(p.company.ein || p.company.tax_id || '').replace(/\D/g, '');
  const facilityAddress = f ? x12Address({ ...f, line1: f.address }) : undefined;
  // 2310C is sent when the services were given somewhere else than the billing provider's address.
  const serviceFacility =
    f && !institution && (facilityAddress!.line1 !== coAddress.line1 || facilityAddress!.zip !== coAddress.zip)
      ? {
          name: up(f.name),
          ...(f.npi ? { npi: String(f.npi) } : {}),
          address: facilityAddress!,
        }
      : undefined;
  const subscriberParty: Party = self
    ? person(p.patient)
    : { name: up(sub.last_name), firstName: up(sub.first_name), entity: 'person' };
  return {
    // CLM01, box 26 and FL3a: the claim's own control number, at most 20 characters (receivers keep no more, and
    // echo it in the 835's CLP01), so the payment comes back to this claim and no other.
    patientControlNumber: String(claim.patient_control_number || claim.code || claim.id).slice(0, 20),
    totalCharge: total,
    frequency: (['1', '7', '8'].includes(String(claim.frequency)) ? String(claim.frequency) : '1') as '1' | '7' | '8',
    ...(claim.original_reference ? { originalReference: up(claim.original_reference) } : {}),
    ...(claim.prior_authorization ? { priorAuthorization: up(claim.prior_authorization) } : {}),
    billingProvider:
      institution && f
        ? {
            name: up(f.name),
            entity: 'organization',
            npi: String(f.npi),
            taxId,
            taxonomy: institution,
            address: facilityAddress!,
          }
        : billing
          ? {
              ...person(billing),
              npi: billing.npi,
              taxId,
              ...(billing.taxonomy ? { taxonomy: billing.taxonomy } : {}),
              address: coAddress,
            }
          : {
              name: up(p.company.name),
              entity: 'organization',
              npi: p.company.npi,
              taxId,
              ...(p.company.taxonomy ? { taxonomy: p.company.taxonomy } : {}),
              address: coAddress,
            },
    subscriber: {
      party: subscriberParty,
      memberId: primary ? up(primary.policy_number) : 'SELFPAY',
      responsibility: RESPONSIBILITY[primary?.type_responsibility_code ?? 'P'] ?? 'P',
      // SBR02 is said only when the patient is the subscriber (18); a dependent's relationship is in PAT01.
      relationship: self ? '18' : '',
      ...(primary?.group_number ? { groupNumber: up(primary.group_number) } : {}),
      filingIndicator: primary ? (FILING[primary.payer.ins_type_code ?? 'CI'] ?? 'CI') : '09',
      ...(self
        ? { dateOfBirth: dayOrNone(p.patient.date_of_birth), sex: sexOf(p.patient.sex), address: patientAddress }
        : sub.date_of_birth
          ? { dateOfBirth: dayOrNone(sub.date_of_birth), sex: sexOf(sub.sex) }
          : {}),
    },
    payer: primary
      ? { name: up(primary.payer.name), payerId: primary.payer.payer_id }
      : { name: 'SELF PAY', payerId: 'SELFPAY' },
    ...(self
      ? {}
      : {
          patient: {
            party: person(p.patient),
            relationship: primary?.relationship_code ?? '21',
            dateOfBirth: dayOrNone(p.patient.date_of_birth),
            sex: sexOf(p.patient.sex),
            address: patientAddress,
          },
        }),
    ...otherPayers(p, index),
    ...(serviceFacility ? { serviceFacility } : {}),
    ...(claim.accept_assignment === false ? { acceptAssignment: false as const } : {}),
    ...(primary?.assign_benefits === false ? { benefitsAssigned: false as const } : {}),
  };
}

/**
 * Loops 2320/2330: on a claim billed to the secondary, the primary with what it paid and adjusted; on a primary claim,
 * every other coverage the patient has, disclosed (required when other payers are known), with nothing paid yet.
 */
function otherPayers(p: ClaimParties, index: number): { otherPayers?: OtherPayer837[] } {
  if (index > 0) return p.priorAdjudication ? { otherPayers: [otherPayer(p, p.priorAdjudication)] } : {};
  const others = p.policies.slice(1).map((policy) => coverage(p, policy));
  return others.length ? { otherPayers: others } : {};
}

/** Loops 2320/2330 of one other coverage: its subscriber and payer, as its own policy names them. */
function coverage(p: ClaimParties, policy: ClaimParties['policies'][number]): OtherPayer837 {
  const own = policy.own_insurance;
  const sub = policy.subscriber ?? {};
  return {
    responsibility: RESPONSIBILITY[policy.type_responsibility_code] ?? 'S',
    relationship: own ? '18' : (policy.relationship_code ?? '21'),
    ...(policy.group_number ? { groupNumber: up(policy.group_number) } : {}),
    filingIndicator: FILING[policy.payer.ins_type_code ?? 'CI'] ?? 'CI',
    subscriber: {
      ...(own
        ? person(p.patient)
        : { name: up(sub.last_name), firstName: up(sub.first_name), entity: 'person' as const }),
      memberId: up(policy.policy_number),
    },
    payer: { name: up(policy.payer.name), payerId: policy.payer.payer_id },
    adjustments: [],
  };
}

/** Loop 2320/2330 for the primary payer of a claim billed to the secondary: what it paid and adjusted at claim level. */
function otherPayer(p: ClaimParties, a: PriorAdjudication): OtherPayer837 {
  return { ...coverage(p, p.policies[0]), responsibility: 'P', paidAmount: a.paid, adjustments: a.claimAdjustments };
}

/** Loop 2430 of a line billed to the secondary: the primary's adjudication of it. */
function lineAdjudications({
  claim,
  p,
  l,
  qualifier,
  code,
}: {
  claim: Row;
  p: ClaimParties;
  l: Row;
  qualifier: 'HC' | 'NU';
  code: string;
}): { adjudications?: LineAdjudication837[] } {
  const a = p.priorAdjudication;
  const line = a?.lines[Number(l.id)];
  if (!a || !line || billedIndex(claim, p) === 0) return {};
  return {
    adjudications: [
      {
        payerId: p.policies[0].payer.payer_id,
        paid: line.paid,
        qualifier,
        code,
        modifiers: qualifier === 'HC' ? ((l.modifiers as string[]) ?? []).map(up) : [],
        units: String(l.days_or_units),
        adjustments: line.adjustments,
        date: a.date,
      },
    ],
  };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXY';
const UNIT_CODES = ['F2', 'GR', 'ME', 'ML', 'UN'] as const;
const drugOf = (l: Row) =>
  l.ndc
    ? {
        drug: {
          ndc: String(l.ndc).replace(/\D/g, ''),
          quantity: String(l.ndc_quantity ?? '1'),
          unit: UNIT_CODES[Number(l.ndc_unit ?? 5) - 1] ?? 'UN',
        },
      }
    : {};

/** CLM11, DTP*431 and DTP*439 (boxes 10, 14 and 15): what the condition is related to, its onset and the accident's day. */
function relatedCausesOf(claim: Row): Pick<Claim837P, 'relatedCauses' | 'onsetDate' | 'accidentDate'> {
  const kind = String(claim.accident_type ?? '');
  const causes: Record<string, RelatedCauses> = {
    EM: { employment: true },
    AA: { autoAccident: true, ...(claim.accident_state ? { state: up(claim.accident_state) } : {}) },
    OA: { otherAccident: true },
  };
  const injured = claim.injury_date ? dayOrNone(claim.injury_date) : undefined;
  return {
    ...(causes[kind] ? { relatedCauses: causes[kind] } : {}),
    ...(injured ? { onsetDate: injured } : {}),
    ...(injured && (kind === 'AA' || kind === 'OA') ? { accidentDate: injured } : {}),
  };
}

/**
 * The claim's additional information rows, by the box their qualifier belongs to: box 19's (NTE*ADD) as one line of at
 * most 80, and the dates of boxes 14–18 (DTP in loop 2300) — a range of box 16 or 18 as its from and to qualifiers.
 */
function additionalInformationOf(
  claim: Row,
  said: Array<string | undefined>,
): Pick<Claim837P, 'additionalInformation' | 'otherDates'> {
  const rows = (claim.additional_information as Row[] | null) ?? [];
  const fieldOf = (q: unknown) => INFO_QUALIFIERS.find((x) => x.id === q)?.field ?? '19';
  const text = up(
    rows
      .filter((i) => fieldOf(i.qualifier) === '19')
      .map((i) => [i.qualifier, i.value].filter(Boolean).join(' '))
      .join(' '),
  )
    .slice(0, 80)
    .trim();
  const dates = new Map<string, { qualifier: string; date: IsoDate; through?: IsoDate }>();
  for (const i of rows) {
    const field = fieldOf(i.qualifier);
    const from = i.from_date ? dayOrNone(i.from_date) : undefined;
    const to = i.to_date ? dayOrNone(i.to_date) : undefined;
    if (field === '16') {
      // One disability segment: the period (314) when both ends are known, else its start (360) or end (361).
      if (from && to) dates.set('16', { qualifier: '314', date: from, through: to });
      else if (from || to) dates.set('16', { qualifier: from ? '360' : '361', date: (from ?? to)! });
    } else if (field === '18') {
      if (from) dates.set('435', { qualifier: '435', date: from });
      if (to) dates.set('096', { qualifier: '096', date: to });
    } else if (field !== '19' && from && !said.includes(String(i.qualifier)))
      dates.set(String(i.qualifier), { qualifier: String(i.qualifier), date: from });
  }
  const otherDates = [...dates.values()].sort(
    (a, b) => DATE_ORDER.indexOf(a.qualifier) - DATE_ORDER.indexOf(b.qualifier),
  );
  return { ...(text ? { additionalInformation: text } : {}), ...(otherDates.length ? { otherDates } : {}) };
}

/** PS1 and box 20: an outside lab's charge, said once for the claim on its first line, with the lab's NPI. */
const purchasedServiceOf = (claim: Row, line: number) =>
  line === 0 && claim.outside_lab === true && claim.outside_lab_npi && Number(claim.outside_lab_charge) > 0
    ? { purchasedService: { providerId: String(claim.outside_lab_npi), charge: Number(claim.outside_lab_charge) } }
    : {};

/** SV103/SV104: anesthesia in minutes (MJ), every other service in units (UN). */
const unitsOf = (l: Row) =>
  isAnesthesia(l.procedure_code) && Number(l.minutes) > 0
    ? { units: String(l.minutes), unitCode: 'MJ' as const }
    : { units: String(l.days_or_units), unitCode: 'UN' as const };

/** A stored professional claim as the 837P writer takes it. */
export function toClaim837P(claim: Row, p: ClaimParties): Claim837P {
  const lines = (claim.services as Row[]) ?? [];
  const charges = lines.map((l) => lineCharge(l.days_or_units, l.price) ?? 0);
  const pos = String(claim.place_of_service ?? lines[0]?.place_of_service ?? '11');
  const rendering = p.providers.attending;
  const referring = p.providers.referring;
  const supervising = p.providers.supervising;
  const causes = relatedCausesOf(claim);
  return {
    ...common(
      claim,
      p,
      charges.reduce((a, b) => a + b, 0),
    ),
    placeOfService: pos,
    ...causes,
    ...(Number(claim.amount_paid ?? 0) > 0 ? { patientAmountPaid: Number(claim.amount_paid) } : {}),
    ...additionalInformationOf(claim, [causes.onsetDate && '431', causes.accidentDate && '439']),
    diagnoses: ((claim.diagnoses as Row[]) ?? []).map((d) => up(d.code).replace('.', '')),
    ...(rendering ? { renderingProvider: { ...person(rendering), npi: rendering.npi } } : {}),
    ...(referring ? { referringProvider: { ...person(referring), npi: referring.npi } } : {}),
    ...(supervising ? { supervisingProvider: { ...person(supervising), npi: supervising.npi } } : {}),
    lines: lines.map((l, i) => ({
      procedure: up(l.procedure_code),
      modifiers: ((l.modifiers as string[]) ?? []).map(up),
      charge: charges[i],
      ...unitsOf(l),
      ...(l.place_of_service && l.place_of_service !== pos ? { placeOfService: String(l.place_of_service) } : {}),
      diagnosisPointers: ((l.diagnosis_pointers as string[]) ?? []).map((x) => LETTERS.indexOf(x) + 1),
      dateOfService: dayOrNone(l.from_service),
      ...(l.emg === true ? { emergency: true } : {}),
      ...purchasedServiceOf(claim, i),
      ...drugOf(l),
      ...lineAdjudications({ claim, p, l, qualifier: 'HC', code: up(l.procedure_code) }),
    })),
  };
}

/** A stored institutional claim as the 837I writer takes it. */
export function toClaim837I(claim: Row, p: ClaimParties): Claim837I {
  const lines = (claim.services as Row[]) ?? [];
  const charges = lines.map((l) => lineCharge(l.days_or_units, l.price) ?? 0);
  const dx = ((claim.diagnoses as Row[]) ?? []).map((d) => ({
    code: up(d.code).replace('.', ''),
    // Exempt from present-on-admission reporting is sent blank (5010 knows only Y, N, U and W).
    ...(d.poa && d.poa !== 'E' ? { presentOnAdmission: d.poa as 'Y' } : {}),
  }));
  const tob = String(claim.type_of_bill ?? '131').replace(/^0/, '');
  const stay = ['1', '2'].includes(tob[1]) || ['3', '8'].includes(tob[0]);
  const froms = lines
    .map((l) => String(l.from_service))
    .sort((a, b) => a.slice(6).localeCompare(b.slice(6)) || a.localeCompare(b));
  const tos = lines
    .map((l) => String(l.to_service ?? l.from_service))
    .sort((a, b) => a.slice(6).localeCompare(b.slice(6)) || a.localeCompare(b));
  const attending = p.providers.attending;
  return {
    ...common(
      claim,
      p,
      charges.reduce((a, b) => a + b, 0),
    ),
    frequency: (['1', '7', '8'].includes(tob[2]) ? tob[2] : '1') as '1' | '7' | '8',
    ...(claim.code ? { medicalRecordNumber: up(claim.code) } : {}),
    facilityCode: tob.slice(0, 2),
    statementFrom: dayOrNone(claim.statement_from ?? claim.admission_date ?? froms[0]),
    statementTo: dayOrNone(claim.statement_through ?? claim.discharge_date ?? tos[tos.length - 1]),
    ...(claim.admission_type ? { admissionType: String(claim.admission_type) } : {}),
    ...(claim.admission_source ? { admissionSource: String(claim.admission_source) } : {}),
    // Admission date/hour and discharge hour belong to stays (inpatient bill classifications, home health, hospice); an outpatient claim sends none.
    ...(stay && claim.admission_date
      ? {
          admission: {
            date: dayOrNone(claim.admission_date),
            ...(isHour(claim.admission_hour) ? { hour: Number(claim.admission_hour) } : {}),
          },
        }
      : {}),
    ...(stay && isHour(claim.discharge_hour) ? { dischargeHour: Number(claim.discharge_hour) } : {}),
    patientStatus: String(claim.patient_status ?? '01'),
    principalDiagnosis: dx[0],
    ...(claim.admitting_diagnosis ? { admittingDiagnosis: up(claim.admitting_diagnosis).replace('.', '') } : {}),
    otherDiagnoses: dx.slice(1),
    ...(attending ? { attendingProvider: { ...person(attending), npi: attending.npi } } : {}),
    ...((claim.condition_codes as string[] | undefined)?.length
      ? { conditionCodes: claim.condition_codes as string[] }
      : {}),
    ...((claim.value_codes as Row[] | undefined)?.length
      ? { valueCodes: (claim.value_codes as Row[]).map((v) => ({ code: String(v.code), amount: Number(v.amount) })) }
      : {}),
    ...((claim.occurrence_codes as Row[] | undefined)?.length
      ? {
          occurrenceCodes: (claim.occurrence_codes as Row[]).map((o) => ({
            code: String(o.code),
            date: dayOrNone(o.date),
          })),
        }
      : {}),
    lines: lines.map((l, i) => ({
      revenueCode: String(l.revenue_code),
      ...(l.procedure_code ? { procedure: up(l.procedure_code) } : {}),
      modifiers: ((l.modifiers as string[]) ?? []).map(up),
      charge: charges[i],
      units: String(l.days_or_units),
      unitCode: /^(01\d\d|02[01]\d)$/.test(String(l.revenue_code)) ? ('DA' as const) : ('UN' as const),
      dateOfService: dayOrNone(l.from_service),
      ...drugOf(l),
      ...(l.procedure_code
        ? lineAdjudications({ claim, p, l, qualifier: 'HC', code: up(l.procedure_code) })
        : lineAdjudications({ claim, p, l, qualifier: 'NU', code: String(l.revenue_code) })),
    })),
  };
}

export const toClaim837 = (claim: Row, p: ClaimParties) =>
  isProfessional(claim) ? toClaim837P(claim, p) : toClaim837I(claim, p);
