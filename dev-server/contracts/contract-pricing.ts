import type { Queryable } from '../db/database.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

/**
 * Prices the lines of the claims named from their contracts (migration 0069's `price_claim_lines`: one statement
 * for any number of claims), keeping each line's expected allowed amount and the contract that set it. Answers how
 * many lines changed.
 */
export async function priceClaimLines(tx: Queryable, claimIds: number[]): Promise<number> {
  if (!claimIds.length) return 0;
  const r = await tx.query<{ n: number }>('select price_claim_lines($1::bigint[]) as n', [claimIds]);
  return Number(r.rows[0].n);
}

/** Statuses whose lines a contract change prices again: entered and not yet settled (Complete keeps what it was priced at). */
const OPEN_CLAIMS = [
  CLAIM_STATUS.NOT_SUBMITTED,
  CLAIM_STATUS.SUBMITTED,
  CLAIM_STATUS.APPROVED,
  CLAIM_STATUS.REJECTED,
  CLAIM_STATUS.DENIED,
];

/**
 * Prices again the open claims a contract may price (its company's, dated inside it, billed first to its payer),
 * when the contract or its fee schedule changes: a schedule imported after the claims went out still says what the
 * payer's answer should be. Answers how many lines changed.
 */
export async function repriceContract(tx: Queryable, contractId: number): Promise<number> {
  const ids = await tx.query<{ id: string }>(
    `select c.id from contracts k
       join claims c on c.billing_company_id = k.billing_company_id and c.company_id = k.company_id
        and c.date_of_service >= k.start_date and (k.end_date is null or c.date_of_service <= k.end_date)
       join insurance_policies p on p.id = (c.insurance_policy_ids ->> 0)::bigint and p.insurance_company_id = k.insurance_company_id
      where k.id = $1 and c.status_id = any($2::int[])`,
    [contractId, OPEN_CLAIMS],
  );
  return priceClaimLines(
    tx,
    ids.rows.map((r) => Number(r.id)),
  );
}
