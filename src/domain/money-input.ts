// Money as people type it (document 1 §9): integer cents underneath, two display styles.

export type MoneyStyle = 'us' | 'eu';

/** The most a money field holds: 9,999,999.99. */
export const MAX_CENTS = 999_999_999;
/** Typed text is capped at 13 characters; a 14th is dropped. */
export const MAX_MONEY_CHARS = 13;

/**
 * The cents an amount typed in dollars means, parsed from the text as a decimal (never through a
 * float): "150" is 150.00, "150.5" is 150.50, "1,500.00" and "$1,500" are 1,500.00 (US style); in
 * European style "1.500,5" is 1,500.50. A leading minus makes it negative. More than two decimals,
 * misplaced group separators or letters answer null (not an amount), as does an entry with no digits.
 * The one parser of money typed anywhere: forms, the claim's service lines, distribution, filters.
 */
export function centsFromEntry(text: string, style: MoneyStyle = 'us'): number | null {
  const [group, decimal] = style === 'us' ? [',', '.'] : ['.', ','];
  const g = `\\${group}`;
  const d = `\\${decimal}`;
  const m = new RegExp(`^\\s*(-)?\\s*\\$?\\s*(\\d{1,3}(?:${g}\\d{3})+|\\d+)?(?:${d}(\\d{0,2}))?\\s*$`).exec(
    text.slice(0, MAX_MONEY_CHARS),
  );
  if (!m || (!m[2] && !m[3])) return null;
  const cents = Number((m[2] ?? '0').split(group).join('')) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && cents ? -cents : cents;
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

/**
 * A percentage typed or sent with at most two decimals, as hundredths of a percent (basis points),
 * read from its text as a decimal: "33.3" is 3330, "1.1" is 110 (a float would make 1.1 × 100 =
 * 110.00000000000001 and refuse it). A JSON number is read by its shortest text, which is what was typed.
 */
export function basisPointsFromEntry(value: string | number): number | null {
  const m = /^\s*(\d{1,3})?(?:\.(\d{0,2}))?\s*%?\s*$/.exec(String(value));
  if (!m || (!m[1] && !m[2])) return null;
  return Number(m[1] ?? '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
