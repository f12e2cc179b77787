import type { Queryable } from '../db/database.ts';

/** The claim numbers payers gave a claim (277CA acceptances, remittances, follow-ups), newest first. */
export async function payerClaimNumbers(db: Queryable, claimId: number): Promise<string[]> {
  return (
    await db.query<{ n: string }>(
      `select n from (select distinct on (details->>'payer_claim_number') details->>'payer_claim_number' as n, id from claim_notes
       where claim_id = $1 and coalesce(details->>'payer_claim_number', '') <> '' order by details->>'payer_claim_number', id desc) x order by id desc`,
      [claimId],
    )
  ).rows.map((r) => r.n);
}
