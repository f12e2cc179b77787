import type { Queryable } from '../db/database.ts';
import type { Row } from '../resources/resource-store.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

// Claim statuses the predecessor's totals count (predecessor-facts §3.3).

/**
 * The predecessor's totals of each batch, from the latest status of its claims: processed (Approved,
 * Rejected or Submitted), accepted by the clearing house (Approved or Submitted), denied by it
 * (Rejected), accepted by the payer (Complete), denied by the payer (Denied). One query for a page.
 */
export async function withStatusTotals(db: Queryable, batches: Row[]): Promise<Row[]> {
  if (!batches.length) return batches;
  const r = await db.query<{
    id: string;
    processed: string;
    accepted: string;
    denied: string;
    payer_accepted: string;
    payer_denied: string;
  }>(
    `select b.id,
            count(*) filter (where c.status_id in (${CLAIM_STATUS.APPROVED}, ${CLAIM_STATUS.REJECTED}, ${CLAIM_STATUS.SUBMITTED})) as processed,
            count(*) filter (where c.status_id in (${CLAIM_STATUS.APPROVED}, ${CLAIM_STATUS.SUBMITTED})) as accepted,
            count(*) filter (where c.status_id = ${CLAIM_STATUS.REJECTED}) as denied,
            count(*) filter (where c.status_id = ${CLAIM_STATUS.COMPLETE}) as payer_accepted,
            count(*) filter (where c.status_id = ${CLAIM_STATUS.DENIED}) as payer_denied
       from claim_batches b cross join lateral jsonb_array_elements_text(b.claim_ids) e
       join claims c on c.billing_company_id = b.billing_company_id and c.id = e.value::bigint
      where b.id = any($1::bigint[]) group by b.id`,
    [batches.map((b) => b.id)],
  );
  const by = new Map(r.rows.map((x) => [Number(x.id), x]));
  return batches.map((b) => {
    const t = by.get(Number(b.id));
    const n = (v: string | undefined) => Number(v ?? 0);
    return {
      ...b,
      total_processed: n(t?.processed),
      total_accepted: n(t?.accepted),
      total_denied: n(t?.denied),
      total_accepted_by_clearing_house: n(t?.accepted),
      total_denied_by_clearing_house: n(t?.denied),
      total_accepted_by_payer: n(t?.payer_accepted),
      total_denied_by_payer: n(t?.payer_denied),
    };
  });
}
