import { isIp } from './ip-address.ts';

// Format checks shared by server validation and client widgets (document 1 §5, document 2 §5).

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar day (years from 1800). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1800) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 ? (leap ? 29 : 28) : MONTH_DAYS[month - 1]);
}

/** mm/dd/yyyy, and a real calendar day. */
export function isUsDate(value: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return !!m && isCalendarDay(Number(m[3]), Number(m[1]), Number(m[2]));
}

declare const calendarDay: unique symbol;
/**
 * A calendar day inside the domain: 'yyyy-mm-dd', as PostgreSQL answers a date. Only toIsoDate,
 * usDateToIso and isoDayOf make one, so an mm/dd/yyyy text (the form of the edges: API, screens,
 * paper) cannot be handed where a day is expected: it does not compile.
 */
export type IsoDate = string & { readonly [calendarDay]: true };

/** A day from what an edge gives (mm/dd/yyyy, yyyy-mm-dd, or a timestamp's day); anything else is refused. */
export function toIsoDate(value: string): IsoDate {
  const text = value.trim();
  const iso = /^\d{4}-\d{2}-\d{2}/.test(text)
    ? text.slice(0, 10)
    : isUsDate(text)
      ? `${text.slice(6, 10)}-${text.slice(0, 2)}-${text.slice(3, 5)}`
      : '';
  if (!iso || !isCalendarDay(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))))
    throw new RangeError(`Not a calendar day: "${value}"`);
  return iso as IsoDate;
}

/** Where a day is missing (a draft without lines, a file that left it out): the field is there, empty. */
export const NO_DAY = '' as IsoDate;

/** A stored day, or NO_DAY when there is none (a draft may lack what verification requires). */
export const dayOrNone = (value: unknown): IsoDate =>
  value === null || value === undefined || value === '' ? NO_DAY : toIsoDate(String(value));

/** The UTC day of a moment. */
export const isoDayOf = (d: Date): IsoDate => d.toISOString().slice(0, 10) as IsoDate;

/** yyyy-mm-dd (as the database answers a date) → mm/dd/yyyy; anything else as it is. */
export const isoToUsDate = <T>(v: T): T | string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v.slice(5, 7)}/${v.slice(8, 10)}/${v.slice(0, 4)}` : v;

/** A day as the product shows dates (mm/dd/yyyy), in local time: today unless told. */
export const usDateOf = (d: Date = new Date()) =>
  `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;

/** mm/dd/yyyy → yyyy-mm-dd for the database (the text split as it is: checked by the caller's validation). */
export function usDateToIso(value: string): IsoDate {
  const [mm, dd, yyyy] = value.split('/');
  return `${yyyy}-${mm}-${dd}` as IsoDate;
}

/** The day of a field as a record brings it (mm/dd/yyyy at the edge), or null when it holds no valid day: what the rules compare. */
export const isoFromField = (v: unknown): IsoDate | null =>
  typeof v === 'string' && isUsDate(v) ? usDateToIso(v) : null;

export const isPhone = (v: string) => /^\d{3}-\d{3}-\d{4}$/.test(v);
export const isSsn = (v: string) => /^\d{3}-\d{2}-\d{4}$/.test(v);
export const isZip = (v: string) => /^\d{5}(-?\d{4})?$/.test(v);

/** The Luhn check digit of an NPI's first nine digits, computed with the 80840 prefix. */
export function npiCheckDigit(nine: string): number {
  const digits = ('80840' + nine).split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits[i];
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** NPI: 10 digits whose last is the Luhn check digit computed with the 80840 prefix. */
export const isNpi = (value: string) => /^\d{10}$/.test(value) && npiCheckDigit(value.slice(0, 9)) === Number(value[9]);

/** A valid NPI from nine digits (demo data, tests). */
export const npiFrom = (nine: string) => nine + npiCheckDigit(nine);

// Identifiers and amounts of document 2 §5 and §9.
/** Tax ID: 10 characters, the EIN written with its dash (xx-xxxxxxx). */
export const isTaxId = (v: string) => /^\d{2}-\d{7}$/.test(v);
/** EIN: 9 numbers. */
export const isEin = (v: string) => /^\d{9}$/.test(v);
/** UPIN: 4 to 6 letters or digits. */
export const isUpin = (v: string) => /^[A-Za-z0-9]{4,6}$/.test(v);
/** NAIC: 6 characters. */
export const isNaic = (v: string) => /^[A-Za-z0-9]{6}$/.test(v);
/** National drug code as billed: XXXXX-XXXX-XX. */
export const isNdc = (v: string) => /^\d{5}-\d{4}-\d{2}$/.test(v);
/** Units: at most 8 integer digits and 3 decimals, written as text so nothing is lost to floats. */
export const isUnits = (v: string) => /^\d{1,8}(\.\d{1,3})?$/.test(v);
/** Card number: 16 digits. */
export const isCardNumber = (v: string) => /^\d{16}$/.test(v);
/** Card expiry: mm/yyyy. */
export const isCardExpiry = (v: string) => /^(0[1-9]|1[0-2])\/\d{4}$/.test(v);
/** A web address: a host with a dot, optionally with http(s):// and a path. */
export const isWebsite = (v: string) =>
  /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?([/?#]\S*)?$/i.test(v);
/** A state: two capital letters. */
export const isUsState = (v: string) => /^[A-Z]{2}$/.test(v);

/** P.O. Box, PO Box, Post Office Box, POB 12, Box 12 at the start… as people write it. */
const PO_BOX = /(^|[^a-z])(p[\s.]*o[\s.]*(box|b\b)|post\s*office\s*box|^\s*box\s+\d)/i;
/** A street address that is not a post office box (billing and service addresses must be physical). */
export const isStreetAddress = (v: string) => !PO_BOX.test(v);

/**
 * A number that reaches X12 (a prior authorization, an original reference, a policy or group number): letters, digits,
 * spaces and - . / only. A clearing house reads * : ^ ~ as separators, so one of them would cut the claim's segment.
 */
export const isX12Id = (v: string) => /^[A-Za-z0-9]([A-Za-z0-9 ./-]*[A-Za-z0-9])?$/.test(v);

/** Money: integer cents within ±9,999,999.99 (negative amounts are reversals). */
export const MAX_MONEY_CENTS = 999_999_999;
export const isMoneyCents = (v: number) => Number.isSafeInteger(v) && Math.abs(v) <= MAX_MONEY_CENTS;

/** Formats of numbers (ajv applies them to numbers only). */
export const NUMBER_FORMAT_CHECKS: Record<string, (v: number) => boolean> = { money: isMoneyCents };

/** A schema field is money when it says format: money: cents in a bigint column, dollars at the edges. */
export const isMoneyField = (field: { format?: unknown } | undefined) => field?.format === 'money';

/**
 * Every string format the schemas may name, checked the same way by the server (ajv) and the forms
 * (RJSF's validator), so a form refuses exactly what the server would.
 */
export const FORMAT_CHECKS: Record<string, (v: string) => boolean> = {
  'us-date': isUsDate,
  phone: isPhone,
  ssn: isSsn,
  zip: isZip,
  npi: isNpi,
  'tax-id': isTaxId,
  ein: isEin,
  upin: isUpin,
  naic: isNaic,
  ndc: isNdc,
  units: isUnits,
  'card-number': isCardNumber,
  'card-expiry': isCardExpiry,
  website: isWebsite,
  state: isUsState,
  'street-address': isStreetAddress,
  ip: isIp,
  'x12-id': isX12Id,
};
