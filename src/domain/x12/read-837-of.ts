import type { Claim837I, Claim837P } from './claim-837-model.ts';
import { read837I } from './claim-837i-reader.ts';
import { read837P } from './claim-837p-reader.ts';
import type { Transaction, X12Document } from './interchange-reader.ts';
import type { Separators } from './separators.ts';

export type Form837 = 'professional' | 'institutional';

/** The form an 837 group's version names: 005010X223 institutional, anything else professional (a damaged GS too). */
export const form837Of = (version: string | undefined): Form837 =>
  (version ?? '').includes('X223') ? 'institutional' : 'professional';

/** The claims of one 837 transaction set, read by its form's reader. */
export function read837Of(tx: Transaction, sep: Separators, version: string | undefined) {
  const form = form837Of(version);
  const claims: Array<Claim837P | Claim837I> =
    form === 'institutional' ? read837I(tx, sep).claims : read837P(tx, sep).claims;
  return { form, claims };
}

/** Every claim of every 837 in a document, in the file's order, with its form. */
export function claimsOf837(doc: X12Document): Array<{ form: Form837; claim: Claim837P | Claim837I }> {
  const out: Array<{ form: Form837; claim: Claim837P | Claim837I }> = [];
  for (const ix of doc.interchanges)
    for (const g of ix.groups)
      for (const tx of g.transactions) {
        if (tx.id !== '837') continue;
        const { form, claims } = read837Of(tx, doc.separators!, g.version);
        for (const claim of claims) out.push({ form, claim });
      }
  return out;
}
