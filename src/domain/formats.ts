// Format checks shared by server validation and client widgets (document 1 §5, document 2 §5).

/** mm/dd/yyyy, and a real calendar day. */
export function isUsDate(value: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return false;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || year < 1800) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 ? (leap ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]);
}

/** mm/dd/yyyy → yyyy-mm-dd for the database. */
export function usDateToIso(value: string): string {
  const [mm, dd, yyyy] = value.split('/');
  return `${yyyy}-${mm}-${dd}`;
}

export const isPhone = (v: string) => /^\d{3}-\d{3}-\d{4}$/.test(v);
export const isSsn = (v: string) => /^\d{3}-\d{2}-\d{4}$/.test(v);
export const isZip = (v: string) => /^\d{5}(-?\d{4})?$/.test(v);

/** NPI: 10 digits whose last is the Luhn check digit computed with the 80840 prefix. */
export function isNpi(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = ('80840' + value.slice(0, 9)).split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits[i];
    if (double) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(value[9]);
}
