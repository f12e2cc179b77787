/**
 * A provider's one tax id, in every document the product writes (837 REF*EI and box 25, appeal letters, underpayment
 * letters, the 270's trace originator): its EIN, else the tax id it keeps. A company may hold both; saying one here
 * keeps a payer from reading two different numbers for the same provider.
 */
export const providerTaxIdSql = (alias: string) => `coalesce(nullif(${alias}.ein, ''), nullif(${alias}.tax_id, ''))`;
