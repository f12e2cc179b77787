/**
 * The rows of a shared code table (procedures, modifiers) one billing company reads: the shipped set
 * (no owner) and the codes it entered itself — never another billing company's. param is the SQL
 * placeholder of its id ("$2").
 */
export const readableBy = (param: string, alias?: string) => {
  const column = alias ? `${alias}.billing_company_id` : 'billing_company_id';
  return `(${column} is null or ${column} = ${param})`;
};

/** The same for a person: a Super User reads every billing company's codes; others the shipped set and their companies'. */
export const readableByActor = (actor: { crossTenant: boolean; billingCompanyIds: number[] }, params: unknown[], alias?: string) => {
  if (actor.crossTenant) return 'true';
  params.push(actor.billingCompanyIds);
  const column = alias ? `${alias}.billing_company_id` : 'billing_company_id';
  return `(${column} is null or ${column} = any($${params.length}::bigint[]))`;
};
