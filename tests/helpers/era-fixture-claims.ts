import x12 from 'node-x12';

/**
 * What an 835 says it pays, read with node-x12 (not the product's reader, so a misread of ours is not
 * mirrored in the claims the tests build): per payment, the payer (N1*PR, REF*2U), the payee (N1*PE
 * NPI or tax id, REF*TJ) and TRN03; per CLP its number, charge and dates; per SVC the procedure or
 * revenue code, charge, units and service date. Money in cents and days as yyyy-mm-dd, from the text.
 */
export interface FixtureDate {
  qualifier: string;
  date: string;
}
export interface FixtureLine {
  qualifier: string;
  code: string | null;
  revenue: string | null;
  charge: number;
  units: string;
  dates: FixtureDate[];
}
export interface FixtureClaim {
  control: string;
  charge: number;
  dates: FixtureDate[];
  lines: FixtureLine[];
}
export interface FixturePayment {
  payer: { name?: string; id?: string };
  payee: { name?: string; npi?: string; taxId?: string };
  originator?: string;
  claims: FixtureClaim[];
}

interface Segment {
  tag: string;
  elements: Array<{ value: string }>;
}

/** A decimal amount of the text in cents, by its digits (no float). */
export const cents = (v: string): number => {
  const negative = v.trim().startsWith('-');
  const [whole, fraction = ''] = v.trim().replace(/^[-+]/, '').split('.');
  const n = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -n : n;
};
const day = (ccyymmdd: string | undefined) =>
  ccyymmdd && /^\d{8}$/.test(ccyymmdd)
    ? `${ccyymmdd.slice(0, 4)}-${ccyymmdd.slice(4, 6)}-${ccyymmdd.slice(6, 8)}`
    : null;

export function fixturePayments(text: string): FixturePayment[] {
  const interchange = new x12.X12Parser(true).parse(text) as {
    functionalGroups: Array<{ transactions: Array<{ segments: Segment[] }> }>;
  };
  const out: FixturePayment[] = [];
  for (const group of interchange.functionalGroups)
    for (const t of group.transactions) {
      const payment: FixturePayment = { payer: {}, payee: {}, claims: [] };
      let claim: FixtureClaim | null = null;
      let line: FixtureLine | null = null;
      for (const s of t.segments) {
        const e = (i: number) => s.elements[i - 1]?.value ?? '';
        if (s.tag === 'TRN') payment.originator = e(3) || undefined;
        else if (s.tag === 'N1' && e(1) === 'PR') payment.payer = { name: e(2) || undefined, id: e(4) || undefined };
        else if (s.tag === 'REF' && e(1) === '2U' && !claim) payment.payer.id ??= e(2);
        else if (s.tag === 'N1' && e(1) === 'PE')
          payment.payee = {
            name: e(2) || undefined,
            ...(e(3) === 'XX' ? { npi: e(4) } : e(3) === 'FI' ? { taxId: e(4) } : {}),
          };
        else if (s.tag === 'REF' && e(1) === 'TJ' && !claim) payment.payee.taxId ??= e(2);
        else if (s.tag === 'CLP') {
          claim = { control: e(1), charge: cents(e(3)), dates: [], lines: [] };
          line = null;
          payment.claims.push(claim);
        } else if (s.tag === 'DTM' && claim && !line && day(e(2)))
          claim.dates.push({ qualifier: e(1), date: day(e(2))! });
        else if (s.tag === 'SVC' && claim) {
          // SVC01: qualifier and code, whatever the component separator the payer used.
          const [qualifier, code] = e(1).split(/[:>^]/);
          line = {
            qualifier,
            code: qualifier === 'NU' ? null : (code ?? null),
            revenue: qualifier === 'NU' ? code : e(4) || null,
            charge: cents(e(2)),
            units: e(5) || e(7) || '1',
            dates: [],
          };
          claim.lines.push(line);
        } else if (s.tag === 'DTM' && line && day(e(2))) line.dates.push({ qualifier: e(1), date: day(e(2))! });
      }
      out.push(payment);
    }
  return out;
}
