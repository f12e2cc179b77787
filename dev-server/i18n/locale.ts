import { readFileSync } from 'node:fs';
import type { Request } from 'express';

export type Locale = 'en' | 'es';

// English text is the key (gettext style): the English message is the spec's text, Spanish maps from it.
const es: Record<string, string> = JSON.parse(readFileSync(new URL('./es.json', import.meta.url), 'utf8'));

export const translate = (message: string, locale: Locale) => (locale === 'es' ? es[message] ?? message : message);

/** Before sign-in the `lang` header (or Accept-Language) decides; after it, the user's language. */
export function requestLocale(req: Request): Locale {
  const asked = req.get('lang') ?? req.get('accept-language') ?? '';
  return asked.toLowerCase().startsWith('es') ? 'es' : 'en';
}
