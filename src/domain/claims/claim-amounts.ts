import { x12Text } from '../x12/x12-writing.ts';
import { MAX_MONEY_CENTS, isUnits, isUsDate, isoToUsDate, usDateToIso, isoFromField } from '../formats.ts';

/**
 * The amounts a claim derives from its lines (predecessor-facts §2.5), in integer cents. Units are
 * text with up to 3 decimals (8.3); a line's charge is units × price rounded half up to the cent,
 * computed on integers so that no float ever touches money.
 */
export function unitsInThousandths(units: unknown): bigint | null {
  if (typeof units !== 'string' || !isUnits(units)) return null;
  const [whole, frac = ''] = units.split('.');
  return BigInt(whole) * 1000n + BigInt(frac.padEnd(3, '0'));
}

/** Thousandths of a unit as a person writes them: 2000n is "2", 1500n is "1.5". */
export function unitsText(thousandths: bigint): string {
  const frac = String(thousandths % 1000n)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${thousandths / 1000n}${frac ? `.${frac}` : ''}`;
}

/** units × price in cents, half up; null when the units are not 8.3 text or the price not whole cents. */
export function lineCharge(units: unknown, priceCents: unknown): number | null {
  const u = unitsInThousandths(units);
  if (u === null || typeof priceCents !== 'number' || !Number.isSafeInteger(priceCents) || priceCents < 0) return null;
  const product = u * BigInt(priceCents);
  const cents = (product + 500n) / 1000n;
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(cents);
}

export interface LineAmounts {
  from_service?: unknown;
  to_service?: unknown;
  days_or_units?: unknown;
  price?: unknown;
  copay?: unknown;
}

const usOf = (iso: string) => String(isoToUsDate(iso));

/** billed = Σ line charges; paid at the desk = Σ copays; date of service = earliest from; last date = latest to (or from). */
export function claimTotals(lines: LineAmounts[]): {
  billed: number;
  copays: number;
  dateOfService: string | null;
  lastDate: string | null;
} {
  let billed = 0;
  let copays = 0;
  let first: string | null = null;
  let last: string | null = null;
  for (const l of lines) {
    billed += lineCharge(l.days_or_units, l.price) ?? 0;
    copays += typeof l.copay === 'number' && Number.isSafeInteger(l.copay) ? l.copay : 0;
    const from = isoFromField(l.from_service);
    const to = isoFromField(l.to_service) ?? from;
    if (from && (!first || from < first)) first = from;
    if (to && (!last || to > last)) last = to;
  }
  return { billed, copays, dateOfService: first && usOf(first), lastDate: last && usOf(last) };
}

export const exceedsMoneyCap = (cents: number) => cents > MAX_MONEY_CENTS;

/**
 * The claim number people read: {company abbreviation}-{DOS as MMDDYYYY}-{patient initials}{id
 * zero-padded to 6}, e.g. SUN-03142026-JP000123 (predecessor-facts §2.5).
 */
export function claimCode(p: {
  companyAbbreviation?: string | null;
  dateOfService?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  id: number;
}): string {
  const abbreviation =
    (p.companyAbbreviation || 'CLM')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 10) || 'CLM';
  const dos = p.dateOfService && isUsDate(p.dateOfService) ? p.dateOfService.replace(/\//g, '') : '00000000';
  // The initials reach the 837 in CLM01 and come back in the 835: letters X12 carries as they are (Çelik → C).
  const initial = (name: string | null | undefined) => x12Text(name).replace(/[^A-Z]/g, '')[0] ?? '';
  const initials = `${initial(p.firstName)}${initial(p.lastName)}` || 'XX';
  return `${abbreviation}-${dos}-${initials}${String(p.id).padStart(6, '0')}`;
}

/**
 * The last day a payer accepts the claim: the later service date plus the payer's timely filing
 * limit in days, when it is known.
 */
export function pastDueDate(lastDate: string | null, timelyFilingDays: number | null | undefined): string | null {
  if (!lastDate || !timelyFilingDays || timelyFilingDays < 1) return null;
  const d = new Date(`${usDateToIso(lastDate)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + timelyFilingDays);
  return usOf(d.toISOString().slice(0, 10));
}
