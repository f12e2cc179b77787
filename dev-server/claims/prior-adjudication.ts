import type { Queryable } from '../db/database.ts';
import type { PriorAdjudication } from '../../src/domain/claims/claim-to-837.ts';
import type { IsoDate } from '../../src/domain/formats.ts';
import { PAYMENT_SOURCE } from '../../src/generated/ids.ts';

type Adjustment = { group: string; reason: string; amount: number };
/** Adjustments of the same group and reason added together (a reversal and its repost net out; zeros dropped). */
const merged = (list: Adjustment[]) => {
  const sums = new Map<string, Adjustment>();
  for (const a of list) {
    const k = `${a.group}-${a.reason}`;
    const s = sums.get(k) ?? { group: a.group, reason: a.reason, amount: 0 };
    s.amount += Number(a.amount);
    sums.set(k, s);
  }
  return [...sums.values()].filter((a) => a.amount !== 0);
};

/**
 * What the payers paid and adjusted on claims about to be billed to their secondary payer, from the
 * postings (ERA or keyed EOB; patients' payments left out): the total paid, the claim-level
 * adjustments, and each line's payment and adjustments, for loops 2320 and 2430. One query.
 */
export async function priorAdjudications(db: Queryable, claimIds: number[]): Promise<Map<number, PriorAdjudication>> {
  const out = new Map<number, PriorAdjudication>();
  if (!claimIds.length) return out;
  const rows = (
    await db.query<{
      claim_id: string;
      claim_service_id: string | null;
      paid: string;
      adjustments: Adjustment[] | null;
      date: IsoDate;
    }>(
      `select p.claim_id, p.claim_service_id, p.paid, p.adjustments, to_char(y.payment_date, 'YYYY-MM-DD') as date
       from payment_services p join payments y on y.id = p.payment_id
      where p.claim_id = any($1::bigint[]) and y.source_id <> ${PAYMENT_SOURCE.PATIENT} order by p.id`,
      [claimIds],
    )
  ).rows;
  const claimAdj = new Map<string, Adjustment[]>();
  const lineAdj = new Map<string, Adjustment[]>();
  for (const r of rows) {
    const id = Number(r.claim_id);
    const a = out.get(id) ?? { paid: 0, date: r.date, claimAdjustments: [], lines: {} };
    a.paid += Number(r.paid);
    // The latest adjudication date (ISO compares as text).
    if (r.date > a.date) a.date = r.date;
    if (r.claim_service_id === null)
      claimAdj.set(String(id), [...(claimAdj.get(String(id)) ?? []), ...(r.adjustments ?? [])]);
    else {
      const line = a.lines[Number(r.claim_service_id)] ?? { paid: 0, adjustments: [] };
      line.paid += Number(r.paid);
      a.lines[Number(r.claim_service_id)] = line;
      lineAdj.set(String(r.claim_service_id), [
        ...(lineAdj.get(String(r.claim_service_id)) ?? []),
        ...(r.adjustments ?? []),
      ]);
    }
    out.set(id, a);
  }
  for (const [id, a] of out) {
    a.claimAdjustments = merged(claimAdj.get(String(id)) ?? []);
    for (const [lineId, line] of Object.entries(a.lines)) line.adjustments = merged(lineAdj.get(lineId) ?? []);
  }
  return out;
}
