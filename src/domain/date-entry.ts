import { isUsDate } from './formats.ts';

/**
 * Completes what a person typed in a date field (document 1 §5): mm/dd/yyyy as is; a short entry of
 * month/day only (01-12, 01-31, with or without slashes) gets the current year. Anything else, or a
 * day that does not exist, answers null.
 */
export function completeDateEntry(text: string, today: Date = new Date()): string | null {
  const t = text.trim();
  if (isUsDate(t)) return t;
  const m = /^(\d{1,2})\/(\d{1,2})$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t);
  if (m) {
    const month = Number(m[1]);
    const day = Number(m[2]);
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    const full = `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${today.getFullYear()}`;
    return isUsDate(full) ? full : null;
  }
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (digits) {
    const full = `${digits[1]}/${digits[2]}/${digits[3]}`;
    return isUsDate(full) ? full : null;
  }
  return null;
}

/** mm/dd/yyyy strings compared as dates; a range's from may not be after its to. */
export function isRangeInOrder(from: string | null | undefined, to: string | null | undefined): boolean {
  if (!from || !to || !isUsDate(from) || !isUsDate(to)) return true;
  const key = (d: string) => `${d.slice(6)}${d.slice(0, 2)}${d.slice(3, 5)}`;
  return key(from) <= key(to);
}

/** Groups digits as the masks of document 1 §5 and §9: phone 3-3-4, SSN 3-2-4, zip 5-4. */
export function maskDigits(text: string, kind: 'phone' | 'ssn' | 'zip'): string {
  const d = text.replace(/\D/g, '');
  if (kind === 'phone') return [d.slice(0, 3), d.slice(3, 6), d.slice(6, 10)].filter(Boolean).join('-');
  if (kind === 'ssn') return [d.slice(0, 3), d.slice(3, 5), d.slice(5, 9)].filter(Boolean).join('-');
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5, 9)}` : d;
}
