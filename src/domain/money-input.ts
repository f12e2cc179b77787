// Money as people type it (document 1 §9): integer cents underneath, two display styles.

export type MoneyStyle = 'us' | 'eu';

/** The most a money field holds: 9,999,999.99. */
export const MAX_CENTS = 999_999_999;
/** Typed text is capped at 13 characters; a 14th is dropped. */
export const MAX_MONEY_CHARS = 13;

/**
 * The cents a keyboard entry means. Every digit typed shifts in from the right (cash-register
 * style), so "1234" is 12.34; separators and a $ prefix are ignored; a leading minus makes it
 * negative; leading zeros vanish. Answers null for an entry with no digits.
 */
export function centsFromTyping(text: string): number | null {
  const capped = text.slice(0, MAX_MONEY_CHARS);
  const negative = /^\s*-/.test(capped);
  const digits = capped.replace(/\D/g, '').replace(/^0+/, '');
  if (!digits) return capped.replace(/\D/g, '') ? 0 : null;
  const cents = Number(digits);
  return negative ? -cents : cents;
}

/** 1234567 → "12,345.67" (us) or "12.345,67" (eu); null → "0.00" / "0,00". */
export function formatCents(cents: number | null, style: MoneyStyle = 'us', withSymbol = false): string {
  const value = cents ?? 0;
  const abs = Math.abs(value);
  const whole = Math.trunc(abs / 100).toString();
  const frac = String(abs % 100).padStart(2, '0');
  const [thousands, decimal] = style === 'us' ? [',', '.'] : ['.', ','];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${value < 0 ? '-' : ''}${withSymbol && style === 'us' ? '$' : ''}${grouped}${decimal}${frac}`;
}

/** A formatted amount in either style → a dotted decimal string ("1.234,50" → "1234.50"). */
export function toDottedDecimal(text: string, style: MoneyStyle): string {
  const t = text.replace(/[$\s]/g, '');
  return style === 'us' ? t.replace(/,/g, '') : t.replace(/\./g, '').replace(',', '.');
}

export const isWithinMoneyLimit = (cents: number) => Math.abs(cents) <= MAX_CENTS;

/** "1,500" or "1500.5" (dollars, as a filter's bound is typed) → 150000 / 150050 cents; null when not an amount. */
export function centsFromDollars(text: string): number | null {
  const m = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?\s*$/.exec(text);
  if (!m || (!m[1] && !m[2])) return null;
  return Number((m[1] ?? '0').replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
