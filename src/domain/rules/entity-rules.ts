import { isUsDate, usDateToIso, isoFromField } from '../formats.ts';
import { isIpRange } from '../ip-address.ts';
import { isLegalAge } from '../legal-age.ts';
import { claimRules } from '../claims/claim-rules.ts';
import { admissionRules } from '../admissions/admission-rules.ts';
import { CONTRACT_BASIS, PAYMENT_METHOD, PAYMENT_SOURCE } from '../../generated/ids.ts';

/**
 * Rules a JSON Schema cannot say (they compare two fields or a field with today). Keyed by entity
 * name; the server runs them after the schema, and the forms run the same functions.
 */
export type EntityRule = (record: Record<string, unknown>, today: Date) => Record<string, string[]>;

const todayIso = (today: Date) =>
  `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

export const USER_LEGAL_AGE_MESSAGE = 'The user must be of legal age (18 or older).';
export const BIRTH_IN_FUTURE_MESSAGE = 'The date of birth cannot be in the future.';
export const IP_RANGE_MESSAGE = 'The last IP address must be of the same kind as the first and not before it.';

export const DEATH_BEFORE_BIRTH_MESSAGE = 'The date of death cannot be before the date of birth.';
export const DEATH_IN_FUTURE_MESSAGE = 'The date of death cannot be in the future.';
export const MINOR_NEEDS_GUARDIAN_MESSAGE = 'A patient under legal age needs a guardian.';

export const END_BEFORE_START_MESSAGE = 'The end date must be after the start date.';
export const ROOM_TAKEN_MESSAGE = 'The room name or code is taken';
export const OCCUPATION_OVER_CAPACITY_MESSAGE = 'The occupation cannot exceed the capacity.';
export const UNITS_LIMIT_MESSAGE = 'The units limit must be greater than the units.';
export const CARD_PAIR_MESSAGE = 'The card number and the expiration date go together.';
export const CAPITATED_NEEDS_PATIENTS_MESSAGE = 'A capitated contract needs patients.';
export const FEE_REQUIRED_MESSAGE = 'At least one fee is required: a price, a MAC locality or an insurance fee.';
export const AGE_RANGE_MESSAGE = 'The age from cannot be greater than the age to.';
export const SUBSCRIBER_ONLY_WHEN_NOT_OWN_MESSAGE = 'The subscriber is given only when the patient is not the insured.';
export const CAPITATED_FEE_TYPE = 5;
export const CARD_ONLY_FOR_CARDS_MESSAGE = 'Card details are kept only for card payments.';
export const PAYER_REQUIRED_MESSAGE = 'An insurance payment names its payer.';
export const PATIENT_REQUIRED_MESSAGE = 'A patient payment names its patient.';
export const SFTP_NEEDS_MESSAGE = 'An SFTP connection needs this field.';
export const FOLDER_NEEDS_MESSAGE = 'A folder connection needs its outbound folder.';
export const CONTRACT_PERCENTAGE_MESSAGE = 'A contract priced by a percentage needs its percentage (like 80 or 112.5).';
export const CONTRACT_REFERENCE_MESSAGE =
  'A contract priced by a percentage of a reference needs the reference contract.';
export const CONTRACT_SELF_REFERENCE_MESSAGE = 'A contract cannot be its own reference.';
export const RATE_PRICE_MESSAGE = 'Give an amount or a percentage of the charge, not both and not neither.';

type Errors = Record<string, string[]>;
const add = (out: Errors, field: string, message: string) => {
  (out[field] ??= []).includes(message) || out[field].push(message);
};

/** start before end, for every pair of dates of a record or of its rows (mm/dd/yyyy; a missing one is no error). */
function dateOrder(out: Errors, field: string, start: unknown, end: unknown) {
  const a = isoFromField(start),
    b = isoFromField(end);
  if (a && b && b < a) add(out, field, END_BEFORE_START_MESSAGE);
}
const rows = (v: unknown) => (Array.isArray(v) ? (v as Array<Record<string, unknown>>) : []);
/** Units are text with up to 3 decimals; compared exactly as thousandths. */
const thousandths = (v: unknown) =>
  typeof v === 'string' && /^\d{1,8}(\.\d{1,3})?$/.test(v)
    ? Number(v.split('.')[0]) * 1000 + Number((v.split('.')[1] ?? '').padEnd(3, '0'))
    : null;

export const entityRules: Record<string, EntityRule> = {
  claim: claimRules,
  admission: admissionRules,
  patient(record, today): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    const birth = isoFromField(record.date_of_birth);
    const death = isoFromField(record.deceased_date);
    const now = todayIso(today);
    if (birth && birth > now) out.date_of_birth = [BIRTH_IN_FUTURE_MESSAGE];
    if (death && death > now) out.deceased_date = [DEATH_IN_FUTURE_MESSAGE];
    else if (death && birth && death < birth) out.deceased_date = [DEATH_BEFORE_BIRTH_MESSAGE];
    // Legal age (document 2 §5): a minor is accepted with a guardian, as a billing office must.
    if (birth && birth <= now && !isLegalAge(record.date_of_birth as string, today) && !record.need_guardian)
      out.need_guardian = [MINOR_NEEDS_GUARDIAN_MESSAGE];
    return out;
  },
  user(record, today): Record<string, string[]> {
    const dob = record.date_of_birth;
    if (typeof dob !== 'string' || !isUsDate(dob)) return {};
    if (usDateToIso(dob) > todayIso(today)) return { date_of_birth: [BIRTH_IN_FUTURE_MESSAGE] };
    return isLegalAge(dob, today) ? {} : { date_of_birth: [USER_LEGAL_AGE_MESSAGE] };
  },
  'ip-restriction'(record): Record<string, string[]> {
    const { ip_beginning: from, ip_finish: to } = record;
    if (typeof from !== 'string' || typeof to !== 'string' || !to) return {};
    return isIpRange(from, to) ? {} : { ip_finish: [IP_RANGE_MESSAGE] };
  },
  company(record): Errors {
    const out: Errors = {};
    const hasCard = !!(record.card_number || record.card_number_last4);
    if (hasCard !== !!record.card_expiration) add(out, hasCard ? 'card_expiration' : 'card_number', CARD_PAIR_MESSAGE);
    rows(record.services).forEach((s, i) => {
      const units = thousandths(s.units),
        limit = thousandths(s.units_limit);
      if (units !== null && limit !== null && limit <= units)
        add(out, `services.${i}.units_limit`, UNITS_LIMIT_MESSAGE);
    });
    rows(record.statements).forEach((s, i) => dateOrder(out, `statements.${i}.end_date`, s.start_date, s.end_date));
    rows(record.contract_fees).forEach((f, i) =>
      dateOrder(out, `contract_fees.${i}.end_date`, f.start_date, f.end_date),
    );
    return out;
  },
  contract(record): Errors {
    const out: Errors = {};
    dateOrder(out, 'end_date', record.start_date, record.end_date);
    const basis = record.basis_id;
    if (
      (basis === CONTRACT_BASIS.PERCENT_OF_CHARGES || basis === CONTRACT_BASIS.PERCENT_OF_REFERENCE) &&
      !record.percentage
    )
      add(out, 'percentage', CONTRACT_PERCENTAGE_MESSAGE);
    if (basis === CONTRACT_BASIS.PERCENT_OF_REFERENCE && !record.reference_contract_id)
      add(out, 'reference_contract_id', CONTRACT_REFERENCE_MESSAGE);
    if (record.id !== undefined && record.reference_contract_id === record.id)
      add(out, 'reference_contract_id', CONTRACT_SELF_REFERENCE_MESSAGE);
    return out;
  },
  'contract-rate'(record): Errors {
    const out: Errors = {};
    const amount = record.amount !== undefined && record.amount !== null;
    const percentage = typeof record.percentage === 'string' && record.percentage !== '';
    if (amount === percentage) add(out, 'amount', RATE_PRICE_MESSAGE);
    return out;
  },
  unit(record): Errors {
    const out: Errors = {};
    const seen = new Set<string>();
    rows(record.rooms).forEach((r, i) => {
      for (const key of ['code', 'name'] as const) {
        const v = typeof r[key] === 'string' ? `${key}:${(r[key] as string).trim().toLowerCase()}` : null;
        if (v && seen.has(v)) add(out, `rooms.${i}.${key}`, ROOM_TAKEN_MESSAGE);
        if (v) seen.add(v);
      }
      if (typeof r.ocupation === 'number' && typeof r.capacity === 'number' && r.ocupation > r.capacity)
        add(out, `rooms.${i}.ocupation`, OCCUPATION_OVER_CAPACITY_MESSAGE);
    });
    return out;
  },
  'insurance-plan'(record): Errors {
    const out: Errors = {};
    dateOrder(out, 'end_date', record.eff_date, record.end_date);
    rows(record.contract_fees).forEach((f, i) => {
      dateOrder(out, `contract_fees.${i}.end_date`, f.start_date, f.end_date);
      if (f.contract_fee_type_id === CAPITATED_FEE_TYPE && !rows(f.capitated_patient_ids).length)
        add(out, `contract_fees.${i}.capitated_patient_ids`, CAPITATED_NEEDS_PATIENTS_MESSAGE);
    });
    return out;
  },
  procedure(record): Errors {
    const out: Errors = {};
    if (record.price === undefined && !rows(record.mac_localities).length && !rows(record.insurance_fees).length)
      add(out, 'price', FEE_REQUIRED_MESSAGE);
    dateOrder(out, 'end_date', record.start_date, record.end_date);
    if (typeof record.age_from === 'number' && typeof record.age_to === 'number' && record.age_from > record.age_to)
      add(out, 'age_to', AGE_RANGE_MESSAGE);
    return out;
  },
  'insurance-policy'(record, today): Errors {
    const out: Errors = {};
    dateOrder(out, 'end_date', record.eff_date, record.end_date);
    if (record.own_insurance !== false && record.subscriber)
      add(out, 'subscriber', SUBSCRIBER_ONLY_WHEN_NOT_OWN_MESSAGE);
    const sub = record.subscriber as Record<string, unknown> | undefined;
    const dob = isoFromField(sub?.date_of_birth);
    if (dob && dob > todayIso(today)) add(out, 'subscriber.date_of_birth', BIRTH_IN_FUTURE_MESSAGE);
    return out;
  },
  payment(record): Errors {
    const out: Errors = {};
    const card = record.method_id === PAYMENT_METHOD.CREDIT_CARD;
    const hasNumber = !!(record.card_number || record.card_number_last4);
    if (!card && (hasNumber || record.card_expiration))
      add(out, hasNumber ? 'card_number' : 'card_expiration', CARD_ONLY_FOR_CARDS_MESSAGE);
    else if (card && hasNumber !== !!record.card_expiration)
      add(out, hasNumber ? 'card_expiration' : 'card_number', CARD_PAIR_MESSAGE);
    if (
      (record.source_id === PAYMENT_SOURCE.INSURANCE || record.source_id === PAYMENT_SOURCE.INDIVISIBLE) &&
      !record.insurance_company_id
    )
      add(out, 'insurance_company_id', PAYER_REQUIRED_MESSAGE);
    if (record.source_id === PAYMENT_SOURCE.PATIENT && !record.patient_id)
      add(out, 'patient_id', PATIENT_REQUIRED_MESSAGE);
    return out;
  },
  'clearing-house-account'(record): Errors {
    const out: Errors = {};
    if (record.connection === 'sftp')
      for (const f of ['host', 'username', 'outbound_folder']) if (!record[f]) add(out, f, SFTP_NEEDS_MESSAGE);
    if (record.connection === 'folder' && !record.outbound_folder) add(out, 'outbound_folder', FOLDER_NEEDS_MESSAGE);
    return out;
  },
  'health-professional'(record, today): Errors {
    const dob = isoFromField(record.date_of_birth);
    return dob && dob > todayIso(today) ? { date_of_birth: [BIRTH_IN_FUTURE_MESSAGE] } : {};
  },
};
