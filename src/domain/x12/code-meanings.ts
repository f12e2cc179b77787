import categories from '../../../schemas/lists/x12/claim-status-categories.json' with { type: 'json' };
import groups from '../../../schemas/lists/x12/adjustment-groups.json' with { type: 'json' };
import reasons from '../../../schemas/lists/x12/adjustment-reasons.json' with { type: 'json' };
import remarks from '../../../schemas/lists/x12/remark-codes.json' with { type: 'json' };
import statusCodes from '../../../schemas/lists/x12/claim-status-codes.json' with { type: 'json' };
import ackStatuses from '../../../schemas/lists/x12/ack-statuses.json' with { type: 'json' };
import ackSegmentErrors from '../../../schemas/lists/x12/ack-segment-errors.json' with { type: 'json' };
import ackElementErrors from '../../../schemas/lists/x12/ack-element-errors.json' with { type: 'json' };
import ackTransactionErrors from '../../../schemas/lists/x12/ack-transaction-errors.json' with { type: 'json' };
import entities from '../../../schemas/lists/x12/entity-identifiers.json' with { type: 'json' };
import type { Locale } from '../errors/error-catalogue.ts';

// The code lists are data (schemas/lists/x12); imported, not read from disk, so the client can use them too. Each name
// has its Spanish; a code without words in our lists is said by number, in the reader's language.
type Named = { code: string; name: string; name_es?: string };
const table = (list: { items: Named[] }) => {
  const byCode = new Map(list.items.map((i) => [i.code, i]));
  const words = (code: string, locale: Locale = 'en') => {
    const item = byCode.get(code);
    return item && (locale === 'es' ? (item.name_es ?? item.name) : item.name);
  };
  return Object.assign(words, { has: (code: string) => byCode.has(code) });
};
const GROUPS = table(groups);
const REASONS = table(reasons);
export const STATUS_CATEGORIES = new Map(categories.items.map((c) => [c.code, c]));

const UNKNOWN = {
  en: { reason: 'Adjustment reason', group: 'group', remark: "Remark code (see the payer's remark list)" },
  es: { reason: 'Motivo de ajuste', group: 'grupo', remark: 'Código de observación (vea la lista del pagador)' },
};

/** "CO-45: Contractual obligation …; Charge above the fee schedule …" — every code the product shows carries its meaning. */
export function describeAdjustment(group: string, reason: string, locale: Locale = 'en'): string {
  const u = UNKNOWN[locale];
  return `${group}-${reason}: ${REASONS(reason, locale) ?? `${u.reason} ${reason}`} (${GROUPS(group, locale) ?? `${u.group} ${group}`})`;
}

/** "CO-50: Not medically necessary in the payer's judgment": the code and the reason as a letter to a payer says them, without our notes on who owes it. */
export const adjustmentForPayer = (group: string, reason: string) =>
  `${group}-${reason}: ${REASONS(reason) ?? `adjustment reason ${reason}`}`;

const REMARKS = table(remarks);
/** "N130: Consult the plan's benefit documents …", or the code alone when we have no words for it. */
export const describeRemark = (code: string, locale: Locale = 'en') =>
  `${code}: ${REMARKS(code, locale) ?? UNKNOWN[locale].remark}`;

/** A list's English names by code: what a reader keeps (a 999's, a 277's meanings are stored and read later in the reader's language). */
const englishMap = (list: { items: Named[] }) => new Map(list.items.map((i) => [i.code, i.name]));

/** The 999 tables: statuses (IK5/AK9), segment errors (IK3), element errors (IK4), transaction set errors (IK5). */
export const ACK_MEANINGS = {
  status: englishMap(ackStatuses),
  segment: englishMap(ackSegmentErrors),
  element: englishMap(ackElementErrors),
  transaction: englishMap(ackTransactionErrors),
};

const STATUS_CODES = table(statusCodes);
/** A claim status code (STC01-2) in plain words, or the code alone when we have none. */
export const describeStatusCode = (code: string | undefined) =>
  code ? (STATUS_CODES(code) ?? `Status code ${code}`) : undefined;

const ENTITIES = table(entities);
/** An entity identifier (STC01-3, NM101) in words: "the subscriber", or the code when we have none. */
export const describeEntity = (code: string | undefined) => (code ? (ENTITIES(code) ?? `entity ${code}`) : undefined);

/**
 * A status with the entity it concerns, as a person reads it: "The entity's date of birth" about the
 * subscriber is "The subscriber's date of birth"; another status names its entity after a dash.
 */
export function describeStatusOf(code: string | undefined, entity: string | undefined): string | undefined {
  const status = describeStatusCode(code);
  const who = describeEntity(entity);
  if (!status || !who) return status ?? (who ? `About ${who}` : undefined);
  if (status.startsWith("The entity's ") && ENTITIES.has(entity!))
    return `${who.replace(/^./, (c) => c.toUpperCase())}'s ${status.slice("The entity's ".length)}`;
  return `${status} (${who})`;
}
