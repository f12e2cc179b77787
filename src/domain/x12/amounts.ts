import { isUsDate } from '../formats.ts';

/** X12 decimal amount ("-1.27", "150000", ".5") → integer cents, without floating point. null when malformed. */
export function amountToCents(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const m = /^(-?)(\d*)(?:\.(\d{0,2}))?$/.exec(value.trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const cents = Number(m[2] || '0') * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** CCYYMMDD → mm/dd/yyyy, the product's date format at the edges. */
export function x12DateToUs(d: string | undefined): string | undefined {
  if (!d || !/^\d{8}$/.test(d)) return undefined;
  const us = `${d.slice(4, 6)}/${d.slice(6, 8)}/${d.slice(0, 4)}`;
  return isUsDate(us) ? us : undefined;
}

/** cents → "1,234.56" for people. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
