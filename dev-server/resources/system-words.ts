import type { Entity } from '../../src/platform/entity.ts';
import { translateNote, type Locale } from '../i18n/locale.ts';

type Row = Record<string, unknown>;

/**
 * An entity's fields that may hold a sentence the system wrote (x-ui.systemWords: a posting's "Reversal: …", a claim
 * note's "Sent in batch …"): stored in English, answered in the reader's language. A person's own words match no
 * frame and are answered as written.
 */
export function systemWordsOf(entity: Entity) {
  const fields = Object.entries(entity.schema.properties)
    .filter(([, f]) => f['x-ui']?.systemWords)
    .map(([name]) => name);
  const row = <T extends Row>(r: T, locale: Locale): T => {
    if (!fields.length || locale === 'en') return r;
    const out: Row = { ...r };
    for (const f of fields) if (typeof out[f] === 'string') out[f] = translateNote(out[f], locale);
    return out as T;
  };
  return {
    row,
    page: <P extends { data: Row[] }>(p: P, locale: Locale): P => ({ ...p, data: p.data.map((r) => row(r, locale)) }),
  };
}
