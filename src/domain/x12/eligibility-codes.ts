import benefitInformation from '../../../schemas/lists/x12/benefit-information.json' with { type: 'json' };
import coverageLevels from '../../../schemas/lists/x12/coverage-levels.json' with { type: 'json' };
import serviceTypes from '../../../schemas/lists/x12/service-types.json' with { type: 'json' };
import timePeriods from '../../../schemas/lists/x12/time-periods.json' with { type: 'json' };
import eligibilityRejectReasons from '../../../schemas/lists/x12/eligibility-reject-reasons.json' with { type: 'json' };
import eligibilityFollowUps from '../../../schemas/lists/x12/eligibility-follow-ups.json' with { type: 'json' };

/**
 * What the codes of an eligibility answer (271, 005010X279A1) mean, in a biller's words. The codes are the guide's;
 * the words are ours, kept as code lists (schemas/lists/x12) with their Spanish: an answer is kept in English and read
 * in the reader's language as every code list's names are. A code not listed is shown as itself: a payer may send one
 * this list does not know yet.
 */
const wordsOf = (list: { items: Array<{ code: string; name: string }> }): Record<string, string> =>
  Object.fromEntries(list.items.map((i) => [i.code, i.name]));

/** EB01: what a benefit line says. */
export const BENEFIT_INFORMATION = wordsOf(benefitInformation);

/** EB01 codes that say the coverage is in force, and those that say it is not. */
export const ACTIVE_CODES = new Set(['1', '2', '3', '4', '5']);
export const INACTIVE_CODES = new Set(['6', '7', '8']);

/** EB02: whom a benefit covers. */
export const COVERAGE_LEVEL = wordsOf(coverageLevels);

/** EB03 / EQ01: the kind of service a benefit is for (the ones a physician's or hospital's biller meets most). */
export const SERVICE_TYPE = wordsOf(serviceTypes);

/** EB06: the period an amount or count is for. */
export const TIME_PERIOD = wordsOf(timePeriods);

/** AAA03: why the payer could not answer (request validation). */
export const REJECT_REASON = wordsOf(eligibilityRejectReasons);

/** AAA04: what the payer asks the provider to do about it. */
export const FOLLOW_UP = wordsOf(eligibilityFollowUps);

/** A code in words, or the code itself when the list does not know it. */
export const inWords = (list: Record<string, string>, code: string | undefined) =>
  code === undefined || code === '' ? undefined : (list[code] ?? code);
