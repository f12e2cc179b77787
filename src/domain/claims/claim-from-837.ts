import type {
  Claim837I,
  Claim837P,
  ClaimCommon837,
  InstitutionalLine837,
  ServiceLine837,
} from '../x12/claim-837-model.ts';
import { isoToUsDate } from '../formats.ts';
import { CLAIM_FORMAT } from '../../generated/ids.ts';
import { isAnesthesia } from './anesthesia.ts';
import { unitsInThousandths } from './claim-amounts.ts';
import qualifierList from '../../../schemas/lists/claim-info-qualifiers.json' with { type: 'json' };

type Row = Record<string, unknown>;

/** The records of ours an 837 claim names, found (or made) by the intake: ids, never names. */
export interface IntakeIds {
  patient_id: number;
  company_id: number;
  insurance_policy_id: number;
  /** the other coverages the claim discloses (2320/2330), secondary then tertiary */
  other_policy_ids?: number[];
  facility_id?: number;
  billing_provider_id?: number;
  attending_provider_id?: number;
  referring_provider_id?: number;
  supervising_provider_id?: number;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXY';
const UNIT_CODES = ['F2', 'GR', 'ME', 'ML', 'UN'];
const us = (d: string | undefined) => (d ? String(isoToUsDate(d)) : undefined);
/** Only the facts the claim has: an absent one is left out, never sent as null. */
const given = (o: Row): Row => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

/**
 * An ICD-10-CM code as the 837 carries it (no dot: E119) as the product keeps it (E11.9): the category is its first
 * three characters. A code already dotted, or too short to have a subcategory, is kept as it is.
 */
export const dottedDiagnosis = (code: string) =>
  code.includes('.') || code.length <= 3 ? code : `${code.slice(0, 3)}.${code.slice(3)}`;

/**
 * A line's price per unit in cents from its charge, half up, on integers (units are thousandths): exact when the charge
 * divides by the units (a line of 3 × $40.00); the whole charge when the units are not units.
 */
function pricePerUnit(charge: number, units: string): number {
  const u = unitsInThousandths(units);
  return u && u > 0n ? Number((BigInt(charge) * 1000n * 2n + u) / (2n * u)) : charge;
}

const drugOf = (l: { drug?: ServiceLine837['drug'] }): Row =>
  l.drug
    ? {
        ndc: `${l.drug.ndc.slice(0, 5)}-${l.drug.ndc.slice(5, 9)}-${l.drug.ndc.slice(9)}`,
        ndc_quantity: l.drug.quantity,
        ndc_unit: UNIT_CODES.indexOf(l.drug.unit) + 1 || undefined,
      }
    : {};

function professionalLine(l: ServiceLine837, pos: string): Row {
  // Anesthesia billed in minutes (SV103 MJ) is kept as the line's minutes, its charge as one unit's price.
  const minutes = l.unitCode === 'MJ' && isAnesthesia(l.procedure) ? Number(l.units) : undefined;
  const units = minutes ? '1' : l.units;
  return given({
    from_service: us(l.dateOfService),
    procedure_code: l.procedure,
    modifiers: l.modifiers.length ? l.modifiers : undefined,
    place_of_service: l.placeOfService && l.placeOfService !== pos ? l.placeOfService : undefined,
    diagnosis_pointers: l.diagnosisPointers.map((p) => LETTERS[p - 1]).filter(Boolean),
    days_or_units: units,
    minutes,
    price: pricePerUnit(l.charge, units),
    emg: l.emergency ? true : undefined,
    ...drugOf(l),
  });
}

function institutionalLine(l: InstitutionalLine837, from: string | undefined): Row {
  return given({
    from_service: us(l.dateOfService) ?? from,
    revenue_code: l.revenueCode,
    procedure_code: l.procedure,
    modifiers: l.modifiers.length ? l.modifiers : undefined,
    days_or_units: l.units,
    price: pricePerUnit(l.charge, l.units),
    ...drugOf(l),
  });
}

/** What both forms carry the same way: who, which policy, the practice's own claim number and the claim's frequency. */
function common(c: ClaimCommon837, ids: IntakeIds): Row {
  return given({
    patient_id: ids.patient_id,
    company_id: ids.company_id,
    facility_id: ids.facility_id,
    insurance_policy_ids: [ids.insurance_policy_id, ...(ids.other_policy_ids ?? [])],
    billing_provider_id: ids.billing_provider_id,
    attending_provider_id: ids.attending_provider_id,
    referring_provider_id: ids.referring_provider_id,
    supervising_provider_id: ids.supervising_provider_id,
    // CLM01 as the practice numbered the claim (box 26): an ERA naming it finds the claim, and the same file again finds it held.
    patient_account_number: c.patientControlNumber,
    frequency: c.frequency,
    original_reference: c.originalReference,
    prior_authorization: c.priorAuthorization,
    accept_assignment: c.acceptAssignment === false ? false : true,
  });
}

/** CLM11 and the onset/accident dates (boxes 10, 14, 15) as the claim keeps them. */
function injuryOf(c: Claim837P): Row {
  const r = c.relatedCauses;
  const kind = r?.employment ? 'EM' : r?.autoAccident ? 'AA' : r?.otherAccident ? 'OA' : undefined;
  return given({
    accident_type: kind,
    accident_state: r?.state,
    injury_date: us(c.accidentDate ?? c.onsetDate),
  });
}

/** Field of the CMS-1500 a box 14–18 date qualifier belongs to (its code list's field). */
const FIELD_OF: Record<string, string> = Object.fromEntries(
  (qualifierList.items as Array<{ id: string; field: string }>).map((q) => [q.id, q.field]),
);

/**
 * Boxes 14–19 as the claim keeps them (its additional information rows) from the 837's loop 2300 DTPs and NTE: a
 * disability period (314) or its start or end (360, 361) is box 16's one row; a hospitalization's admission and
 * discharge (435, 096) are box 18's one row; each other date its own; box 19's note its text.
 */
function additionalInformationOf(c: Claim837P): Row[] {
  const rows: Row[] = [];
  const stay: Row = {};
  for (const d of c.otherDates ?? []) {
    if (d.qualifier === '314')
      rows.push({ field_id: '16', qualifier: '360', from_date: us(d.date), to_date: us(d.through) });
    else if (d.qualifier === '360' || d.qualifier === '361')
      rows.push({ field_id: '16', qualifier: '360', [d.qualifier === '360' ? 'from_date' : 'to_date']: us(d.date) });
    else if (d.qualifier === '435') stay.from_date = us(d.date);
    else if (d.qualifier === '096') stay.to_date = us(d.date);
    else rows.push({ field_id: FIELD_OF[d.qualifier] ?? '15', qualifier: d.qualifier, from_date: us(d.date) });
  }
  if (Object.keys(stay).length) rows.push({ field_id: '18', qualifier: '435', ...stay });
  if (c.additionalInformation) rows.push({ field_id: '19', ...noteOf(c.additionalInformation) });
  return rows.map(given);
}

/** Box 19's qualifiers (an attachment, a license number, a UPIN…). */
const NOTE_QUALIFIERS = Object.keys(FIELD_OF).filter((q) => FIELD_OF[q] === '19');

/** Box 19's note as its row: the qualifier it starts with (how the product writes it), else an additional information note (LU). */
function noteOf(text: string): Row {
  const [first, ...rest] = text.split(' ');
  return NOTE_QUALIFIERS.includes(first) && rest.length
    ? { qualifier: first, value: rest.join(' ') }
    : { qualifier: 'LU', value: text };
}

/** PS1 and box 20: a service bought from an outside laboratory, said on a line, as the claim's outside lab. */
function outsideLabOf(c: Claim837P): Row {
  const bought = c.lines.find((l) => l.purchasedService)?.purchasedService;
  return bought ? { outside_lab: true, outside_lab_charge: bought.charge, outside_lab_npi: bought.providerId } : {};
}

/** A professional claim read from a practice's 837P as the claim service takes it. */
export function professionalClaimOf837(c: Claim837P, ids: IntakeIds): Row {
  return {
    format_id: CLAIM_FORMAT.PROFESSIONAL,
    ...common(c, ids),
    place_of_service: c.placeOfService,
    ...injuryOf(c),
    ...outsideLabOf(c),
    ...((info) => (info.length ? { additional_information: info } : {}))(additionalInformationOf(c)),
    diagnoses: c.diagnoses.map((code) => ({ code: dottedDiagnosis(code) })),
    // What the patient paid at the visit (AMT*F5, box 29) is the claim's copays: kept on its first line.
    services: c.lines.map((l, i) => ({
      ...professionalLine(l, c.placeOfService),
      ...(i === 0 && c.patientAmountPaid ? { copay: c.patientAmountPaid } : {}),
    })),
  };
}

/** An institutional claim read from a practice's 837I as the claim service takes it. */
export function institutionalClaimOf837(c: Claim837I, ids: IntakeIds): Row {
  const dx = [c.principalDiagnosis, ...c.otherDiagnoses].filter(Boolean);
  const from = us(c.statementFrom);
  return {
    format_id: CLAIM_FORMAT.INSTITUTIONAL,
    ...common(c, ids),
    ...given({
      type_of_bill: `${c.facilityCode}${c.frequency}`,
      statement_from: from,
      statement_through: us(c.statementTo),
      admission_date: us(c.admission?.date),
      admission_hour: c.admission?.hour,
      discharge_hour: c.dischargeHour,
      admission_type: c.admissionType,
      admission_source: c.admissionSource,
      patient_status: c.patientStatus,
      admitting_diagnosis: c.admittingDiagnosis ? dottedDiagnosis(c.admittingDiagnosis) : undefined,
      condition_codes: c.conditionCodes?.length ? c.conditionCodes : undefined,
      value_codes: c.valueCodes?.length ? c.valueCodes : undefined,
      occurrence_codes: c.occurrenceCodes?.length
        ? c.occurrenceCodes.map((o) => ({ code: o.code, date: us(o.date) }))
        : undefined,
    }),
    diagnoses: dx.map((d) => given({ code: dottedDiagnosis(d.code), poa: d.presentOnAdmission })),
    services: c.lines.map((l) => institutionalLine(l, from)),
  };
}
