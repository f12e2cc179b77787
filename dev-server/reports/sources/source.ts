/** What a report's SQL source is given: the billing companies it may read, the period and the aging settings. */
export interface SourceInput {
  /** billing companies whose rows are read (always given: a Super User's choice, or the person's own) */
  billingCompanyIds: number[];
  /** the period, ISO dates, both ends included */
  from?: string;
  to?: string;
  /** the day balances are aged at (month end, or today), ISO */
  asOf: string;
  /** what an age counts from: the date of service, the first submission or the last posting */
  agingBy: 'date_of_service' | 'submission' | 'posting';
}

/** A source's SQL and its parameters; the columns it yields are the report's, plus billing_company_id and the filter ids. */
export interface SourceSql {
  sql: string;
  params: unknown[];
}

export type ReportSource = (input: SourceInput) => SourceSql;

/** " and column >= $n and column <= $m" for the period asked (nothing when none), its dates added to params. */
export function periodClause(input: SourceInput, column: string, params: unknown[]): string {
  const parts: string[] = [];
  if (input.from) {
    params.push(input.from);
    parts.push(`${column} >= $${params.length}::date`);
  }
  if (input.to) {
    params.push(input.to);
    parts.push(`${column} <= $${params.length}::date`);
  }
  return parts.length ? ` and ${parts.join(' and ')}` : '';
}
