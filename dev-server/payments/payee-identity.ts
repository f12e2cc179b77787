import type { Queryable } from '../db/database.ts';

/** How an 835 names whom it pays (N1*PE: an NPI, a tax id, a name). */
export interface Payee {
  npi?: string;
  taxId?: string;
  name?: string;
}

/** The identifiers a billing company's providers are paid under: NPIs of its clinics, professionals and facilities; its clinics' and its own tax ids. */
export interface ProviderIdentities {
  npis: Set<string>;
  taxIds: Set<string>;
}

const digits = (s: string | undefined) => (s ?? '').replace(/\D/g, '');

export async function providerIdentities(db: Queryable, billingCompanyId: number): Promise<ProviderIdentities> {
  const r = await db.query<{ npis: string[]; tax_ids: string[] }>(
    `select array(select npi from companies where billing_company_id = $1 and npi is not null
                  union select npi from health_professionals where billing_company_id = $1 and npi is not null
                  union select npi from facilities where billing_company_id = $1 and npi is not null) as npis,
            array(select regexp_replace(x, '\\D', '', 'g') from (
                    select ein as x from companies where billing_company_id = $1 union select tax_id from companies where billing_company_id = $1
                    union select tax_id from billing_companies where id = $1) t where x is not null) as tax_ids`,
    [billingCompanyId],
  );
  return { npis: new Set(r.rows[0].npis), taxIds: new Set(r.rows[0].tax_ids) };
}

/** Whether an 835 pays one of these providers: by its NPI, or by its tax id. */
export const paysOurs = (known: ProviderIdentities, p: Payee) =>
  Boolean((p.npi && known.npis.has(p.npi)) || (digits(p.taxId) && known.taxIds.has(digits(p.taxId))));

/** The payee as a person reads it in a reason: "ACME CLINIC, NPI 1234567893". */
export const payeeWords = (p: Payee) =>
  [p.name, p.npi ? `NPI ${p.npi}` : '', p.taxId ? `tax id ${p.taxId}` : ''].filter(Boolean).join(', ') ||
  'a payee with no identifier';
