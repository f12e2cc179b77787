import type { Address } from '../x12/claim-837-model.ts';

/**
 * What a paper form shows beyond the 837 model of the claim (the same model the electronic file is
 * written from, so paper and electronic claims say the same thing): the payer's mailing address for
 * the carrier block, the plan's name, the billing phone, the print day. Every fact of the claim itself is in the model.
 */
export interface PaperExtras {
  payerAddress?: Address | null;
  /** box 1 */
  insuranceType: 'medicare' | 'medicaid' | 'tricare' | 'champva' | 'group' | 'feca' | 'other';
  planName?: string | null;
  billingPhone?: string | null;
  /** the claim's own number, shown on the forms' account boxes when the patient account is not set */
  claimCode: string;
  /** the day the form is printed, mm/dd/yyyy (UB-04 line 23) */
  printedOn: string;
}

/** A ZIP code as forms print it: five digits, or ZIP+4 with its hyphen (NUCC: "include the hyphen"). */
export const zipText = (zip: string) => {
  const d = zip.replace(/\D/g, '');
  return d.length === 9 ? `${d.slice(0, 5)}-${d.slice(5)}` : zip;
};

/** Text placed on a form: upper case; what goes on the CMS-1500 loses its "." and "#". */
export const formText = (v: unknown, max: number, strip = true) => {
  const s = String(v ?? '').toUpperCase();
  return (strip ? s.replace(/[.#]/g, '') : s).slice(0, max);
};

/** A day's parts as a form prints them: from the claim model's day (yyyy-mm-dd) or a record's mm/dd/yyyy. */
export const dateParts = (day: string | null | undefined) => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (iso) return { mm: iso[2], dd: iso[3], yyyy: iso[1], yy: iso[1].slice(2) };
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(day ?? '');
  return m ? { mm: m[1], dd: m[2], yyyy: m[3], yy: m[3].slice(2) } : null;
};

/** Cents as the forms print money: whole dollars, a gap of `gap` blanks for the point, two-digit cents; never a float. */
export function formMoney(cents: number, dollarsWidth: number, gap: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const dollars = `${negative ? '-' : ''}${Math.floor(abs / 100)}`;
  return `${dollars.padStart(dollarsWidth)}${' '.repeat(gap)}${String(abs % 100).padStart(2, '0')}`;
}

/** A phone as its area code and seven digits. */
export const phoneParts = (phone: string | null | undefined) => {
  const d = String(phone ?? '')
    .replace(/\D/g, '')
    .replace(/^1(?=\d{10}$)/, '');
  return d.length === 10
    ? { area: d.slice(0, 3), exchange: d.slice(3, 6), last4: d.slice(6), number: d.slice(3) }
    : null;
};
