import { loadDemoContracts } from './demo-contracts.ts';
import { labelDemoClaims, type DemoFates } from './demo-claims.ts';
import type { DemoContext } from './demo-era-intake.ts';
import { loadDemoPayments } from './demo-payments.ts';
import { seeded } from './demo-rows.ts';
import { sendDemoClaims } from './demo-submissions.ts';
import { loadDemoEligibility } from './demo-eligibility.ts';
import { loadDemoClaimStatus } from './demo-claim-status.ts';
import { loadDemoBooks } from './demo-books.ts';
import { loadDemoClaimFiles } from './demo-claim-files.ts';
import { openDemoClearingHouse } from './demo-clearing-house.ts';
import { CLAIM_STATUS, VARIANCE_KIND, VARIANCE_STATUS } from '../../src/generated/ids.ts';
import { saveFilter } from '../desktop/saved-filters.ts';
import { systemActor } from '../security/actor.ts';

/**
 * Eighteen months of a billing company's work, replayed through the product's own operations on the
 * days they happened: the claims bound for payers batched and sent as 837s, answered by the clearing
 * house (999 and 277CA, some rejected), adjudicated by the payers' 835s (paid, denied, appealed), then
 * paid by the patients; then the labels and assignments staff leave, today's remittances and checks, last week's
 * claim-status run (276s asked, 277s taken in), this morning's eligibility run (a 270 asked and its 271 taken in), a
 * client practice's claim files taken in (yesterday's imported, this morning's waiting), and the books closed through the latest finished month whose work is done.
 * Answers the batches sent and the claims posted.
 */
/** The steps the demo's history is made in, each reported as it starts (the desktop shows which one is running). */
export const DEMO_HISTORY_STEPS = 7;

export async function loadDemoHistory(
  ctx: DemoContext,
  fates: DemoFates,
  progress: (line: string) => Promise<void> = async () => undefined,
): Promise<{ batches: number; posted: number }> {
  // The tables were just filled in bulk: the planner needs their statistics now, before and after the history (the
  // embedded database has no autovacuum, and its own sweep analyses one table a tick), or a report that filters its
  // claims picks nested loops sized for empty tables (seconds instead of milliseconds).
  await ctx.db.exec('analyze');
  // The clinics' payer contracts before anything is sent: verified claims carry what their contract expects.
  await progress("Pricing the claims by the clinics' payer contracts");
  await loadDemoContracts(ctx);
  await progress("Sending the demo claims in batches and taking in the clearing houses' answers");
  const batches = await sendDemoClaims(ctx, fates);
  await progress("Posting the payers' remittances and the patients' payments");
  const posted = await loadDemoPayments(ctx, fates);
  await ctx.db.transaction(async (tx) => {
    const bcs = (await tx.query<{ id: number }>('select id from billing_companies order by id')).rows;
    for (const bc of bcs) await labelDemoClaims(tx, seeded(5300 + Number(bc.id)), Number(bc.id));
    // The demo collector starts with every third claim of the denial worklist assigned.
    await tx.query(
      `update claims c set assigned_user_id = u.user_id
         from (select distinct on (bu.billing_company_id) bu.billing_company_id, bu.user_id from billing_company_users bu
                 join user_roles ur on ur.user_id = bu.user_id join roles ro on ro.id = ur.role_id and ro.slug = 'collector' order by bu.billing_company_id, bu.user_id) u
        where u.billing_company_id = c.billing_company_id and c.status_id in (${CLAIM_STATUS.REJECTED}, ${CLAIM_STATUS.DENIED}) and c.id % 3 = 0`,
    );
  });
  await saveCollectorFilters(ctx);
  await progress('Asking the payers where the overdue claims stand');
  await loadDemoClaimStatus(ctx);
  await progress('Asking the payers about coverage before the coming visits');
  await loadDemoEligibility(ctx);
  await progress("Taking in a client practice's week of visits as a claim file");
  await loadDemoClaimFiles(ctx);
  // Last: nothing after it may be dated in a closed month.
  await progress('Closing the books of the months whose work is done');
  await loadDemoBooks(ctx);
  // What a person sends from now on is answered by the demo's clearing house.
  await openDemoClearingHouse(ctx.db);
  await ctx.db.exec('analyze');
  return { batches, posted };
}

/** Each demo collector starts with the worklist filters a collector keeps: their follow-ups due, the big denials, the open underpayments. */
async function saveCollectorFilters(ctx: DemoContext) {
  const collectors = (
    await ctx.db.query<{ user_id: string; billing_company_id: string }>(
      `select distinct on (bu.user_id) bu.user_id, bu.billing_company_id from billing_company_users bu
         join user_roles ur on ur.user_id = bu.user_id join roles ro on ro.id = ur.role_id and ro.slug = 'collector'
        order by bu.user_id, bu.billing_company_id`,
    )
  ).rows;
  for (const c of collectors) {
    const actor = { ...systemActor(Number(c.billing_company_id), 'demo-saved-filters'), userId: Number(c.user_id) };
    await saveFilter(ctx.db, actor, {
      entity: 'denial',
      name: 'My follow-ups due',
      filters: { assigned_user_id: Number(c.user_id), follow_up_date_to: '@today' },
    });
    await saveFilter(ctx.db, actor, {
      entity: 'denial',
      name: 'Denied over $500',
      filters: { status_id: CLAIM_STATUS.DENIED, billed_amount_min: 50000 },
    });
    await saveFilter(ctx.db, actor, {
      entity: 'underpayment',
      name: 'Underpaid, still open',
      filters: { status_id: VARIANCE_STATUS.OPEN, kind_id: VARIANCE_KIND.UNDERPAID },
    });
  }
}
