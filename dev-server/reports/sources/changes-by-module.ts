import { periodClause, type SourceInput, type SourceSql } from './source.ts';

/** The hours of the day the report counts changes in, as its columns (the predecessor's six from noon, and the morning before them). */
export const HOUR_BANDS = [
  [0, 12],
  [12, 14],
  [14, 16],
  [16, 18],
  [18, 20],
  [20, 22],
  [22, 24],
] as const;

/**
 * Change by module: how many changes each person made to each kind of record, by what they did
 * (created, updated, deleted, rolled back…), counted per band of hours of the day, from the audit
 * trail of the period. Changes made by the system (jobs, clearing-house answers) are the system's.
 */
export function changesByModuleSource(input: SourceInput): SourceSql {
  const params: unknown[] = [input.billingCompanyIds];
  const period = periodClause(input, 'a.created_at::date', params);
  const hour = 'extract(hour from a.created_at)';
  return {
    params,
    sql: `
select a.billing_company_id, b.name as billing_company, a.user_id,
       coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email, 'System') as user_name,
       a.entity as module, a.event,
       ${HOUR_BANDS.map(([from, to]) => `count(*) filter (where ${hour} >= ${from} and ${hour} < ${to}) as hrs_${from}_${to}`).join(', ')},
       count(*) as changes
  from audits a join billing_companies b on b.id = a.billing_company_id left join users u on u.id = a.user_id
 where a.billing_company_id = any($1::bigint[])${period}
 group by a.billing_company_id, b.name, a.user_id, u.first_name, u.last_name, u.email, a.entity, a.event`,
  };
}
