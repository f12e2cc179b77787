/**
 * The rows of a table of shared tenancy (the code tables: procedures, modifiers) one billing company reads: the shipped set
 * (no owner) and the codes it entered itself — never another billing company's. param is the SQL
 * placeholder of its id ("$2"), or of several ("any($2::bigint[])").
 */
export const readableBy = (param: string, alias?: string) => {
  const column = alias ? `${alias}.billing_company_id` : 'billing_company_id';
  return `(${column} is null or ${column} = ${param})`;
};

/** The same for a person: a Super User reads every billing company's codes; others the shipped set and their companies'. */
export const readableByActor = (
  actor: { crossTenant: boolean; billingCompanyIds: number[] },
  params: unknown[],
  alias?: string,
) => {
  if (actor.crossTenant) return 'true';
  params.push(actor.billingCompanyIds);
  return readableBy(`any($${params.length}::bigint[])`, alias);
};
