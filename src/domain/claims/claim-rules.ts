import { isoFromField } from '../formats.ts';
import { claimTotals, exceedsMoneyCap, lineCharge, unitsInThousandths, unitsText } from './claim-amounts.ts';
import { claimMessage, type ClaimMessage } from './claim-messages.ts';
import { isAnesthesia } from './anesthesia.ts';
import qualifiers from '../../../schemas/lists/claim-info-qualifiers.json' with { type: 'json' };
import { CLAIM_FORMAT } from '../../generated/ids.ts';

/**
 * The rules of document 3 §5 (Claim) that read only the claim itself, plus what an 837 5010
 * receiver refuses. Pure: the server runs them before anything is written and the claim form runs
 * the same function as the person types. Errors are keyed by the field's path (services.2.to_service)
 * so each lands on the cell it concerns, and every problem is reported at once.
 *
 * A draft is checked only for what would make it wrong, not for what it still lacks.
 */
export type ClaimErrors = Record<string, string[]>;
type Row = Record<string, unknown>;

const MAX_DX_PROFESSIONAL = 12;
const MAX_DX_INSTITUTIONAL = 25;
const MAX_LINES_837P = 50;
const POINTER_LETTERS = 'ABCDEFGHIJKL';
/** Room and board revenue codes (01xx–021x): their units are the covered days. */
const isAccommodation = (revenue: unknown) => typeof revenue === 'string' && /^(01\d\d|020\d|021\d)$/.test(revenue);

/** Document 3 §5: a string is filled when not blank and not "0.00"; an array when not empty. */
export function isFilled(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '' && v.trim() !== '0.00';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);
const todayIso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * Room and board is billed by the night: a stay's accommodation days are its nights (the discharge day is not billed; a
 * same-day stay is one day), so 03/20 to 03/22 bills two, whatever dates the lines span. Answers where to say so (the
 * last room-and-board line's units) when the lines bill more, else null.
 */
export function roomDaysOverStay(services: Row[], fromIso: string, toIso: string) {
  if (toIso < fromIso) return null;
  const nights = Math.max(
    1,
    Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000),
  );
  const rooms = services.flatMap((s, i) =>
    isAccommodation(s.revenue_code) ? [{ i, units: unitsInThousandths(s.days_or_units) ?? 0n }] : [],
  );
  const billed = rooms.reduce((n, r) => n + r.units, 0n);
  if (billed <= BigInt(nights * 1000)) return null;
  return { field: `services.${rooms[rooms.length - 1].i}.days_or_units`, params: { days: unitsText(billed), nights } };
}

export const isProfessional = (claim: Row) =>
  Number(claim.format_id ?? CLAIM_FORMAT.PROFESSIONAL) === CLAIM_FORMAT.PROFESSIONAL;

export function claimRules(claim: Row, today: Date = new Date()): ClaimErrors {
  const out: ClaimErrors = {};
  const add = (field: string, key: ClaimMessage, params?: Record<string, string | number>) => {
    const m = claimMessage(key, params);
    (out[field] ??= []).includes(m) || out[field].push(m);
  };
  const draft = claim.draft === true;
  const professional = isProfessional(claim);
  const diagnoses = rows(claim.diagnoses);
  const services = rows(claim.services);
  const now = todayIso(today);

  // Diagnoses: present, not repeated (ignoring case), within the form's limit.
  const filledDx = diagnoses.filter((d) => isFilled(d.code));
  if (!draft && !filledDx.length) add('diagnoses', 'diagnosisRequired');
  const seen = new Set<string>();
  diagnoses.forEach((d, i) => {
    if (!isFilled(d.code)) return;
    const key = String(d.code).trim().toUpperCase().replace('.', '');
    if (seen.has(key)) add(`diagnoses.${i}.code`, 'diagnosisRepeated');
    seen.add(key);
  });
  if (professional && diagnoses.length > MAX_DX_PROFESSIONAL) add('diagnoses', 'tooManyDiagnosesProfessional');
  if (!professional && diagnoses.length > MAX_DX_INSTITUTIONAL) add('diagnoses', 'tooManyDiagnosesInstitutional');

  if (!draft && !isFilled(claim.attending_provider_id)) add('attending_provider_id', 'attendingRequired');
  if (!draft && !services.length) add('services', 'serviceRequired');
  if (professional && services.length > MAX_LINES_837P) add('services', 'tooManyLinesProfessional');

  // Lines: dates in order and not overlapping, units 8.3 and above zero, codes the form needs, pointers that point somewhere.
  // On an institutional claim the accommodation lines (room and board, revenue codes 0100–0219) cover the stay:
  // ancillaries on days inside it are normal on a UB-04. So a room line is held to the order of the lines before
  // it and of the other room lines, but the lines after it may fall inside its dates.
  let previousEnd: string | null = null;
  let stayEnd: string | null = null;
  const later = (a: string | null, b: string) => (a && a > b ? a : b);
  services.forEach((s, i) => {
    const at = (f: string) => `services.${i}.${f}`;
    const from = isoFromField(s.from_service);
    const to = isoFromField(s.to_service) ?? from;
    const accommodation = !professional && isAccommodation(s.revenue_code);
    if (from && to && to < from) add(at('to_service'), 'toBeforeFrom');
    if (from && ((previousEnd && from < previousEnd) || (accommodation && stayEnd && from < stayEnd)))
      add(at('from_service'), 'linesOverlap');
    if (to && accommodation) stayEnd = later(stayEnd, to);
    else if (to) previousEnd = later(previousEnd, to);
    if (!draft && from && from > now) add(at('from_service'), 'serviceInFuture');
    if (s.days_or_units !== undefined && s.days_or_units !== null && s.days_or_units !== '') {
      const u = unitsInThousandths(s.days_or_units);
      if (u === null) add(at('days_or_units'), 'unitsFormat');
      else if (u === 0n) add(at('days_or_units'), 'unitsZero');
    }
    const charge = lineCharge(s.days_or_units, s.price);
    if (charge !== null && exceedsMoneyCap(charge)) add(at('price'), 'amountCap');
    const modifiers = (Array.isArray(s.modifiers) ? s.modifiers : []).map((m) => String(m).toUpperCase());
    if (new Set(modifiers).size !== modifiers.length) add(at('modifiers'), 'modifierRepeated');
    if (isFilled(s.ndc) && (!isFilled(s.ndc_quantity) || !isFilled(s.ndc_unit)))
      add(at('ndc_quantity'), 'ndcQuantityRequired');
    if (professional) {
      if (!draft && !isFilled(s.procedure_code)) add(at('procedure_code'), 'procedureRequired');
      // Anesthesia is billed in minutes (SV103 MJ, box 24G): the line says them, and only an anesthesia line does.
      if (isAnesthesia(s.procedure_code)) {
        if (!draft && !isFilled(s.minutes)) add(at('minutes'), 'anesthesiaMinutesRequired');
      } else if (isFilled(s.minutes)) add(at('minutes'), 'minutesOnlyForAnesthesia');
      if (!draft && !isFilled(s.place_of_service) && !isFilled(claim.place_of_service))
        add(at('place_of_service'), 'placeOfServiceRequired');
      const pointers = Array.isArray(s.diagnosis_pointers) ? (s.diagnosis_pointers as string[]) : [];
      if (!draft && !pointers.length) add(at('diagnosis_pointers'), 'pointerRequired');
      for (const p of pointers) {
        const n = POINTER_LETTERS.indexOf(String(p));
        if (n < 0 || !isFilled(diagnoses[n]?.code))
          add(at('diagnosis_pointers'), 'pointerMissing', { letter: String(p) });
      }
    } else if (!draft && !isFilled(s.revenue_code)) add(at('revenue_code'), 'revenueRequired');
  });

  const { billed } = claimTotals(services);
  if (exceedsMoneyCap(billed)) add('services', 'amountCap');

  // Outside lab (box 20): a charge when checked, and never more than the claim bills.
  if (claim.outside_lab === true) {
    if (!isFilled(claim.outside_lab_charge) || claim.outside_lab_charge === 0)
      add('outside_lab_charge', 'outsideLabChargeRequired');
    else if (typeof claim.outside_lab_charge === 'number' && services.length && claim.outside_lab_charge > billed)
      add('outside_lab_charge', 'outsideLabExceedsTotal');
    // PS1 names the lab that did the work; a receiver refuses a purchased service without it.
    if (!draft && !isFilled(claim.outside_lab_npi)) add('outside_lab_npi', 'outsideLabNpiRequired');
  }

  // Additional information: a qualifier, and one that belongs to the chosen field.
  rows(claim.additional_information).forEach((a, i) => {
    if (!isFilled(a.qualifier)) {
      add(`additional_information.${i}.qualifier`, 'qualifierRequired');
      return;
    }
    const q = qualifiers.items.find((x) => x.id === a.qualifier);
    if (q && isFilled(a.field_id) && q.field !== a.field_id)
      add(`additional_information.${i}.qualifier`, 'qualifierOfOtherField');
    if (isoFromField(a.from_date) && isoFromField(a.to_date) && isoFromField(a.to_date)! < isoFromField(a.from_date)!)
      add(`additional_information.${i}.to_date`, 'toBeforeFrom');
  });

  if (['7', '8'].includes(String(claim.frequency ?? '1')) && !draft && !isFilled(claim.original_reference))
    add('original_reference', 'originalReferenceRequired');

  if (!professional) {
    if (!draft && !isFilled(claim.type_of_bill)) add('type_of_bill', 'typeOfBillRequired');
    if (!draft && !isFilled(claim.patient_status)) add('patient_status', 'patientStatusRequired');
    const inpatient = typeof claim.type_of_bill === 'string' && /^0?1[12]/.test(claim.type_of_bill);
    if (!draft && inpatient && !isFilled(claim.admission_date)) add('admission_date', 'admissionRequired');
    const admitted = isoFromField(claim.admission_date);
    const discharged = isoFromField(claim.discharge_date);
    if (admitted && admitted > now) add('admission_date', 'admissionInFuture');
    if (admitted && discharged) {
      const a = `${admitted}T${String(claim.admission_hour ?? 0).padStart(2, '0')}`;
      const d = `${discharged}T${String(claim.discharge_hour ?? 23).padStart(2, '0')}`;
      if (discharged < admitted || (discharged === admitted && d < a))
        add('discharge_date', 'dischargeBeforeAdmission');
    }
    if (admitted && discharged) {
      const over = roomDaysOverStay(services, admitted, discharged);
      if (over) add(over.field, 'roomDaysOverStay', over.params);
    }
    // Value code 80 counts covered days: it must agree with the room-and-board lines' units.
    const covered = rows(claim.value_codes).find((v) => v.code === '80');
    if (covered && typeof covered.amount === 'number') {
      const days = services
        .filter((s) => isAccommodation(s.revenue_code))
        .reduce((n, s) => n + Number(unitsInThousandths(s.days_or_units) ?? 0n), 0);
      if (days !== covered.amount * 10) add('value_codes', 'coveredDays');
    }
  }
  return out;
}
