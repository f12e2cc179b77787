import { readFileSync } from 'node:fs';
import type { Request } from 'express';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';
import { productCodeLists, x12CodeLists } from '../../src/platform/load-schemas.ts';
import { fillFrame } from '../../src/domain/history-notes.ts';

export type Locale = 'en' | 'es';

// English text is the key (gettext style): the English message is the spec's text, Spanish maps from it.
// The Spanish texts of the server's messages; the forms read the same file for the rules they check themselves.
const es: Record<string, string> = JSON.parse(
  readFileSync(new URL('../../src/domain/messages.es.json', import.meta.url), 'utf8'),
);

/**
 * Messages with named parts ("The role {role} was assigned…") match as patterns; their parts carry over. The frame
 * with the most words of its own is tried first: "Refiled: {type}; {reason}; {note}" before "Refiled: {type}; {reason}".
 */
const patterns = Object.entries(es)
  .filter(([en]) => en.includes('{'))
  .map(([en, target]) => {
    const names: string[] = [];
    const fixed = en.split(/\{(\w+)\}/).filter((_, i) => i % 2 === 0);
    const source = en
      .split(/\{(\w+)\}/)
      .map((part, i) => (i % 2 ? (names.push(part), '(.+?)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return { re: new RegExp(`^${source}$`), names, target, weight: fixed.join('').length };
  })
  .sort((a, b) => b.weight - a.weight);

/** The Spanish of every code list's names (a refile reason, a place of service), by their English: made when first read. */
let codeListNames: Map<string, string> | undefined;
const codeListName = (english: string) =>
  (codeListNames ??= new Map(
    [...productCodeLists().values(), ...x12CodeLists().values()]
      .flatMap((list) => (list.groups ? Object.values(list.groups).flat() : list.items))
      .filter((i) => i.name_es)
      .map((i) => [i.name, i.name_es!]),
  )).get(english);

/** Texts of typed errors, found by their English too: a sentence an older route passes on as text still reads in Spanish. */
const catalogue = new Map(
  Object.values(ERROR_CATALOGUE)
    .filter((e) => !e.en.includes('{'))
    .map((e) => [e.en as string, e.es as string]),
);

export function translate(message: string, locale: Locale): string {
  if (locale !== 'es') return message;
  if (es[message]) return es[message];
  const typed = catalogue.get(message);
  if (typed) return typed;
  return byPattern(message, (part) => part) ?? message;
}

/** The Spanish of a message with named parts, each part as `part` gives it; undefined when no frame matches. */
function byPattern(message: string, part: (text: string) => string): string | undefined {
  for (const p of patterns) {
    const m = p.re.exec(message);
    // A function, not a string: an amount's "$" is not a replacement pattern.
    if (m) return p.names.reduce((out, name, i) => out.replace(`{${name}}`, () => part(m[i + 1])), p.target);
  }
  return undefined;
}

/**
 * A history note as its reader reads it (src/domain/history-notes.ts): the system's own sentences in the reader's
 * language, their parts too where a part is a word (a refile reason, "no payment", another frame); data (a batch's
 * code, an amount, a date) and a person's own note are left as written.
 */
export function translateNote(note: string, locale: Locale): string {
  if (locale !== 'es') return note;
  const whole = es[note] ?? codeListName(note);
  if (whole) return whole;
  return byPattern(note, (part) => translateNote(part, locale)) ?? note;
}

/**
 * A frame the server writes when it is read (a ledger's row), in the reader's language: the frame's own Spanish, its
 * parts as a note's parts are (words in Spanish, data as written). No pattern is matched: the frame is known.
 */
export function frameIn(locale: Locale, frame: string, parts: Record<string, string | number> = {}): string {
  const words = Object.entries(parts).map(([name, value]) => [name, translateNote(String(value), locale)]);
  return fillFrame((locale === 'es' && es[frame]) || frame, Object.fromEntries(words));
}

/** Before sign-in the `lang` header (or Accept-Language) decides; after it, the user's language. */
export function requestLocale(req: Request): Locale {
  const asked = req.get('lang') ?? req.get('accept-language') ?? '';
  return asked.toLowerCase().startsWith('es') ? 'es' : 'en';
}
