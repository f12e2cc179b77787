import type { Entity } from '../../src/platform/entity.ts';
import { productEntities } from '../../src/platform/load-schemas.ts';
import { translateNote, type Locale } from '../i18n/locale.ts';
import { errorText, isErrorCode } from '../../src/domain/errors/error-catalogue.ts';
import type { ErrorParams } from '../../src/domain/errors/domain-error.ts';

type Row = Record<string, unknown>;

/**
 * An entity's fields that may hold a sentence the system wrote (x-ui.systemWords: a posting's "Reversal: …", a claim
 * note's "Sent in batch …"): stored in English, answered in the reader's language. A person's own words match no
 * frame and are answered as written. An entity without such fields, or a reader in English, costs nothing.
 */
export function systemWordsOf(entity: Entity) {
  const named = (key: 'systemWords' | 'problems') =>
    Object.entries(entity.schema.properties)
      .filter(([, f]) => f['x-ui']?.[key])
      .map(([name]) => name);
  const fields = named('systemWords');
  const problems = named('problems');
  const idle = (locale: Locale) => !problems.length && (!fields.length || locale === 'en');
  const row = <T extends object>(r: T, locale: Locale): T => {
    if (idle(locale)) return r;
    const out: Row = { ...(r as Row) };
    if (locale !== 'en')
      for (const f of fields) if (out[f] !== null && out[f] !== undefined) out[f] = inWords(out[f], locale);
    for (const f of problems) if (Array.isArray(out[f])) out[f] = (out[f] as Row[]).map((p) => problemWords(p, locale));
    return out as T;
  };
  return {
    row,
    page: <P extends { data: object[] }>(p: P, locale: Locale): P =>
      idle(locale) ? p : { ...p, data: p.data.map((r) => row(r, locale)) },
  };
}

/**
 * One finding kept as a catalogue code (an intake's "CLM02 is not the sum of the lines") as the reader reads it: where
 * it is, and its message in the reader's language; the code stays for a program.
 */
function problemWords(p: Row, locale: Locale): Row {
  const { params, ...rest } = p;
  const code = String(p.code ?? '');
  return isErrorCode(code) ? { ...rest, message: errorText(code, (params ?? {}) as ErrorParams, locale) } : rest;
}

/**
 * A field's words in the reader's language: a sentence, or each sentence of a structure the system keeps (an
 * eligibility answer's benefits and reasons: lists of objects whose words come from the X12 code lists). Codes are
 * data and stay as they are.
 */
function inWords(value: unknown, locale: Locale): unknown {
  if (typeof value === 'string') return translateNote(value, locale);
  if (Array.isArray(value)) return value.map((v) => inWords(v, locale));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'code' ? v : inWords(v, locale)]));
  return value;
}

const readers = new Map<string, ReturnType<typeof systemWordsOf>>();

/** The same, for a hand-written read of one of the product's entities' rows (a claim's notes, a payment's postings). */
export function systemWordsOfEntity(name: string) {
  let reader = readers.get(name);
  if (!reader) {
    const entity = productEntities().find((e) => e.name === name);
    if (!entity) throw new Error(`no entity ${name}`);
    reader = systemWordsOf(entity);
    readers.set(name, reader);
  }
  return reader;
}
