import { readFileSync } from 'node:fs';
import type { Request } from 'express';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';

export type Locale = 'en' | 'es';

// English text is the key (gettext style): the English message is the spec's text, Spanish maps from it.
// The Spanish texts of the server's messages; the forms read the same file for the rules they check themselves.
const es: Record<string, string> = JSON.parse(
  readFileSync(new URL('../../src/domain/messages.es.json', import.meta.url), 'utf8'),
);

/** Messages with named parts ("The role {role} was assigned…") match as patterns; their parts carry over. */
const patterns = Object.entries(es)
  .filter(([en]) => en.includes('{'))
  .map(([en, target]) => {
    const names: string[] = [];
    const source = en
      .split(/\{(\w+)\}/)
      .map((part, i) => (i % 2 ? (names.push(part), '(.+?)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return { re: new RegExp(`^${source}$`), names, target };
  });

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
  for (const p of patterns) {
    const m = p.re.exec(message);
    if (m) return p.names.reduce((out, name, i) => out.replace(`{${name}}`, m[i + 1]), p.target);
  }
  return message;
}

/** Before sign-in the `lang` header (or Accept-Language) decides; after it, the user's language. */
export function requestLocale(req: Request): Locale {
  const asked = req.get('lang') ?? req.get('accept-language') ?? '';
  return asked.toLowerCase().startsWith('es') ? 'es' : 'en';
}
