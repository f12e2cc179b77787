import { isCalendarDay, type IsoDate } from '../formats.ts';

/** X12 decimal amount ("-1.27", "150000", ".5") → integer cents, without floating point. null when malformed. */
export function amountToCents(value: string | undefined): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  // Read digit by digit (an ERA has millions of amounts): -?digits(.d{0,2})?, at least one digit.
  let i = 0;
  const negative = v.charCodeAt(0) === 45;
  if (negative) i++;
  let whole = 0;
  let digits = 0;
  for (; i < v.length; i++) {
    const c = v.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    whole = whole * 10 + c;
    digits++;
  }
  let fraction = 0;
  let fractionDigits = 0;
  if (i < v.length && v.charCodeAt(i) === 46) {
    for (i++; i < v.length && fractionDigits < 3; i++) {
      const c = v.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return null;
      fraction = fraction * 10 + c;
      fractionDigits++;
    }
    if (fractionDigits > 2) return null;
  }
  if (i !== v.length || digits + fractionDigits === 0 || digits > 13) return null;
  const cents = whole * 100 + (fractionDigits === 1 ? fraction * 10 : fraction);
  return negative ? -cents : cents;
}

/** CCYYMMDD → mm/dd/yyyy, the product's date format at the edges. */
export function x12DateToUs(d: string | undefined): string | undefined {
  return isX12Day(d) ? `${d.slice(4, 6)}/${d.slice(6, 8)}/${d.slice(0, 4)}` : undefined;
}

/** CCYYMMDD → the domain's day, or undefined when it is not a calendar day. */
export function x12DateToIso(d: string | undefined): IsoDate | undefined {
  return isX12Day(d) ? (`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` as IsoDate) : undefined;
}

function isX12Day(d: string | undefined): d is string {
  if (!d || d.length !== 8) return false;
  // Read by character code: an 835 carries hundreds of thousands of dates.
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const c = d.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return false;
    n = n * 10 + c;
  }
  return isCalendarDay(Math.floor(n / 10000), Math.floor(n / 100) % 100, n % 100);
}

/** cents → "1,234.56" for people. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
