import { isoFromField } from '../formats.ts';
import { claimRules, isFilled, roomDaysOverStay } from '../claims/claim-rules.ts';
import { unitsInThousandths } from '../claims/claim-amounts.ts';
import { CLAIM_MESSAGES, claimMessage } from '../claims/claim-messages.ts';
import { CLAIM_FORMAT } from '../../generated/ids.ts';

/**
 * The rules of document 3 §5 (Admission) that read only the admission itself: the server runs them
 * before anything is written and the admission form runs the same function. What an admission shares
 * with the institutional claim it becomes (diagnoses, lines in order, units, outside lab, admission
 * and discharge) is checked by the claim's own rules, so the two never disagree.
 */
type Row = Record<string, unknown>;
export type AdmissionErrors = Record<string, string[]>;

export const ADMISSION_MESSAGES = {
  statementOrder: 'The statement through date cannot be before the from date.',
  statementOutsideStay: 'The statement dates must fall within the admission and discharge dates.',
  serviceOutsideStay: 'The service dates must fall within the admission and discharge dates.',
  serviceOutsideStatement: 'The service dates must fall within the statement period.',
  sameServiceSameDay: 'The same service is already on this date.',
  tableToBeforeFrom: 'The to date must not be before the from date.',
  authorization: 'Policy {policy_number} has an incorrect authorization number',
  tooManyUnits: CLAIM_MESSAGES.tooManyUnits,
} as const;

/** What a discharge needs, in the order the checklist shows it, with the sentence said when it is missing. */
export const DISCHARGE_NEEDS = {
  admission_hour: 'The admission time is required to discharge.',
  discharge_date: 'The discharge date is required to discharge.',
  discharge_hour: 'The discharge time is required to discharge.',
  statement_from: 'The statement from date is required to discharge.',
  statement_through: 'The statement through date is required to discharge.',
  admission_type: 'The admission type is required to discharge.',
  admission_source: 'The admission source is required to discharge.',
  patient_status: 'The patient status is required to discharge.',
  policies: 'At least one policy is required to discharge.',
  diagnoses: 'At least one diagnosis is required to discharge.',
  services: 'At least one service is required to discharge.',
} as const;
export type DischargeNeed = keyof typeof DISCHARGE_NEEDS;

const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);
const todayIso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const days = (fromIso: string, toIso: string) =>
  Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
/** Letters and digits, with * / - only between them. */
const AUTHORIZATION = /^[A-Za-z0-9](?:[A-Za-z0-9*/-]*[A-Za-z0-9])?$/;
const isAccommodation = (revenue: unknown) => typeof revenue === 'string' && /^(01\d\d|020\d|021\d)$/.test(revenue);

/** The checklist's missing items: every field a discharge needs that the admission does not have yet. */
export function dischargeMissing(a: Row): DischargeNeed[] {
  return (Object.keys(DISCHARGE_NEEDS) as DischargeNeed[]).filter((k) => {
    if (k === 'policies') return !rows(a.policies).some((p) => isFilled(p.insurance_policy_id));
    if (k === 'diagnoses') return !rows(a.diagnoses).some((d) => isFilled(d.code));
    if (k === 'admission_hour' || k === 'discharge_hour') return typeof a[k] !== 'number';
    return !isFilled(a[k]);
  });
}

/** Days of the stay: admission to discharge (or to today while the patient is in), a same-day stay counting one. */
export function lengthOfStay(a: Row, today: Date = new Date()): number | null {
  const from = isoFromField(a.admission_date);
  if (!from) return null;
  const to = isoFromField(a.discharge_date) ?? todayIso(today);
  return Math.max(1, days(from, to));
}

export function admissionRules(a: Row, today: Date = new Date()): AdmissionErrors {
  // The claim's rules on what the admission shares with its institutional claim (checked as a draft: what is wrong, not what is missing).
  const out: AdmissionErrors = claimRules(
    {
      format_id: CLAIM_FORMAT.INSTITUTIONAL,
      draft: true,
      diagnoses: a.diagnoses,
      services: a.services,
      attending_provider_id: a.attending_provider_id,
      outside_lab: a.outside_lab,
      outside_lab_charge: a.outside_lab_charge,
      admission_date: a.admission_date,
      admission_hour: a.admission_hour,
      discharge_date: a.discharge_date,
      discharge_hour: a.discharge_hour,
    },
    today,
  );
  const add = (field: string, m: string) => {
    (out[field] ??= []).includes(m) || out[field].push(m);
  };
  const admitted = isoFromField(a.admission_date);
  const stayEnd = isoFromField(a.discharge_date) ?? todayIso(today);
  const from = isoFromField(a.statement_from);
  const through = isoFromField(a.statement_through);
  if (from && through && through < from) add('statement_through', ADMISSION_MESSAGES.statementOrder);
  for (const [field, d] of [
    ['statement_from', from],
    ['statement_through', through],
  ] as const) {
    if (d && admitted && (d < admitted || d > stayEnd)) add(field, ADMISSION_MESSAGES.statementOutsideStay);
  }
  const seen = new Set<string>();
  rows(a.services).forEach((s, i) => {
    const at = (f: string) => `services.${i}.${f}`;
    const sFrom = isoFromField(s.from_service);
    const sTo = isoFromField(s.to_service) ?? sFrom;
    for (const d of [sFrom, sTo]) {
      if (!d) continue;
      if (admitted && (d < admitted || d > stayEnd)) add(at('from_service'), ADMISSION_MESSAGES.serviceOutsideStay);
      if (from && through && (d < from || d > through))
        add(at('from_service'), ADMISSION_MESSAGES.serviceOutsideStatement);
    }
    const key = `${String(s.revenue_code ?? '')}|${String(s.procedure_code ?? '').toUpperCase()}|${sFrom ?? ''}|${sTo ?? ''}`;
    if (sFrom && seen.has(key)) add(at('revenue_code'), ADMISSION_MESSAGES.sameServiceSameDay);
    seen.add(key);
    // Room and board is billed by the day: more days than the line spans is too many.
    const units = unitsInThousandths(s.days_or_units);
    if (
      isAccommodation(s.revenue_code) &&
      units !== null &&
      sFrom &&
      sTo &&
      units > BigInt((days(sFrom, sTo) + 1) * 1000)
    ) {
      add(at('days_or_units'), ADMISSION_MESSAGES.tooManyUnits.replace('{row}', String(i + 1)));
    }
  });
  // While the patient is in, the nights so far: a night not yet stayed is not billed either.
  if (admitted) {
    const over = roomDaysOverStay(rows(a.services), admitted, stayEnd);
    if (over) add(over.field, claimMessage('roomDaysOverStay', over.params));
  }
  rows(a.other_information).forEach((o, i) => {
    const f = isoFromField(o.from_date),
      t = isoFromField(o.to_date);
    if (f && t && t < f) add(`other_information.${i}.to_date`, ADMISSION_MESSAGES.tableToBeforeFrom);
  });
  rows(a.policies).forEach((p, i) => {
    if (isFilled(p.authorization_number) && !AUTHORIZATION.test(String(p.authorization_number))) {
      add(
        `policies.${i}.authorization_number`,
        ADMISSION_MESSAGES.authorization.replace('{policy_number}', String(p.policy_number ?? `#${i + 1}`)),
      );
    }
  });
  return out;
}
