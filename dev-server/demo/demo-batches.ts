import type { Queryable } from '../db/database.ts';
import { batchCode } from '../../src/domain/claims/batch-code.ts';
import { insertRows } from './demo-rows.ts';
import { CLAIM_BATCH_STATUS, CLAIM_FORMAT, CLAIM_STATUS } from '../../src/generated/ids.ts';

/**
 * A billing company's first batches, ready to go: an electronic one through its clearing-house
 * account (a local-folder connection, so Send works on the first start and the 837 lands under
 * DATA_DIR/exchange/<billing company id>/outbound) and a paper one to print on CMS-1500 forms. Both hold verified Not submitted
 * professional claims of one clinic (the one with the most), none of those bound for a payer in the demo's history (bound).
 */
export async function loadDemoBatches(
  tx: Queryable,
  p: { billingCompanyId: number; abbreviation: string; accountId: number; bound: number[] },
): Promise<void> {
  await tx.query(
    `update clearing_house_accounts set connection = 'folder', outbound_folder = 'outbound', inbound_folder = 'inbound', poll_minutes = 15 where id = $1`,
    [p.accountId],
  );
  // The clinic with the most claims ready to batch.
  const company = Number(
    (
      await tx.query<{ company_id: string }>(
        `select company_id from claims where billing_company_id = $1 and status_id = ${CLAIM_STATUS.NOT_SUBMITTED} and verified and format_id = ${CLAIM_FORMAT.PROFESSIONAL} and not coalesce(self_pay, false) and not (id = any($2::bigint[]))
      group by company_id order by count(*) desc, company_id limit 1`,
        [p.billingCompanyId, p.bound],
      )
    ).rows[0]?.company_id ?? 0,
  );
  const ready = (
    await tx.query<{ id: string; billed_amount: string }>(
      `select id, billed_amount from claims where billing_company_id = $1 and company_id = $2 and status_id = ${CLAIM_STATUS.NOT_SUBMITTED} and verified and format_id = ${CLAIM_FORMAT.PROFESSIONAL} and not coalesce(self_pay, false)
      and not (id = any($3::bigint[])) order by date_of_service desc, id limit 12`,
      [p.billingCompanyId, company, p.bound],
    )
  ).rows;
  // Two thirds electronic (at most 8), the rest on paper: a small demo still gets both.
  const cut = Math.min(8, Math.ceil((ready.length * 2) / 3));
  const sets = [
    { name: `${p.abbreviation} weekly claims`, transmission: 'E', claims: ready.slice(0, cut) },
    { name: `${p.abbreviation} paper claims`, transmission: 'P', claims: ready.slice(cut) },
  ];
  const year = new Date().getFullYear();
  await insertRows(
    tx,
    'claim_batches',
    sets
      .filter((s) => s.claims.length)
      .map((s, i) => ({
        billing_company_id: p.billingCompanyId,
        code: batchCode(s.name, i + 1, year),
        name: s.name,
        company_id: company,
        transmission: s.transmission,
        clearing_house_account_id: s.transmission === 'E' ? p.accountId : null,
        claim_ids: s.claims.map((c) => Number(c.id)),
        status_id: CLAIM_BATCH_STATUS.NOT_SUBMITTED,
        total_claims: s.claims.length,
        claim_amount: s.claims.reduce((n, c) => n + Number(c.billed_amount), 0),
      })),
  );
}
