import { isUsDate, usDateToIso } from '../formats.ts';
import { isIpRange } from '../ip-address.ts';
import { isLegalAge } from '../legal-age.ts';

/**
 * Rules a JSON Schema cannot say (they compare two fields or a field with today). Keyed by entity
 * name; the server runs them after the schema, and the forms run the same functions.
 */
export type EntityRule = (record: Record<string, unknown>, today: Date) => Record<string, string[]>;

const todayIso = (today: Date) => `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

export const USER_LEGAL_AGE_MESSAGE = 'The user must be of legal age (18 or older).';
export const BIRTH_IN_FUTURE_MESSAGE = 'The date of birth cannot be in the future.';
export const IP_RANGE_MESSAGE = 'The last IP address must be of the same kind as the first and not before it.';

export const DEATH_BEFORE_BIRTH_MESSAGE = 'The date of death cannot be before the date of birth.';
export const DEATH_IN_FUTURE_MESSAGE = 'The date of death cannot be in the future.';
export const MINOR_NEEDS_GUARDIAN_MESSAGE = 'A patient under legal age needs a guardian.';

const iso = (us: unknown) => (typeof us === 'string' && isUsDate(us) ? usDateToIso(us) : null);

export const entityRules: Record<string, EntityRule> = {
  patient(record, today): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    const birth = iso(record.date_of_birth);
    const death = iso(record.deceased_date);
    const now = todayIso(today);
    if (birth && birth > now) out.date_of_birth = [BIRTH_IN_FUTURE_MESSAGE];
    if (death && death > now) out.deceased_date = [DEATH_IN_FUTURE_MESSAGE];
    else if (death && birth && death < birth) out.deceased_date = [DEATH_BEFORE_BIRTH_MESSAGE];
    // Legal age (document 2 §5): a minor is accepted with a guardian, as a billing office must.
    if (birth && birth <= now && !isLegalAge(record.date_of_birth as string, today) && !record.need_guardian) out.need_guardian = [MINOR_NEEDS_GUARDIAN_MESSAGE];
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
};
