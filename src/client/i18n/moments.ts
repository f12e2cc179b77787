import { usDateOf } from '../../domain/formats.ts';
import type { Locale } from './i18n.ts';

const clocks = {
  en: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
  es: new Intl.DateTimeFormat('es-US', { hour: 'numeric', minute: '2-digit' }),
};

/**
 * A moment (a history row, a message, a session's last use) as staff read it in either language: its day as every
 * date in the product is written (mm/dd/yyyy, the spec's; a Spanish screen never mixes 24/11 with 11/20), then the
 * time as the reader's language says it (2:05 PM, 2:05 p. m.). In the browser's own time zone.
 */
export function momentText(value: string | Date, locale: Locale): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return `${usDateOf(d)} ${clocks[locale].format(d)}`;
}
