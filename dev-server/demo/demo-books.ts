import { closeBooks, monthOf } from '../books/books-close.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { asOf } from '../db/as-of.ts';
import { batchStore } from '../payments/payment-access.ts';
import { closeBatch } from '../payments/payment-routes.ts';
import { systemActor, type Actor } from '../security/actor.ts';
import { PAYMENT_BATCH_STATUS } from '../../src/generated/ids.ts';
import type { DemoContext } from './demo-era-intake.ts';

/** How far back the demo's billing managers look for a month to close: the demo's history is eighteen months. */
const MONTHS_BACK = 18;

/**
 * The poster's end of day: every batch before today whose money is all distributed is closed on its posting day, as
 * staff close theirs (a batch still being distributed, today's, stays open to be worked).
 */
async function closeDistributedBatches(ctx: DemoContext, actor: Actor, bc: number, today: Date) {
  const done = (
    await ctx.db.query<{ id: string; day: string }>(
      `select id, to_char(posting_date, 'YYYY-MM-DD') as day from payment_batches
        where billing_company_id = $1 and status_id = $2 and amount = coalesce(distributed, 0) and posting_date < $3::date
        order by posting_date, id`,
      [bc, PAYMENT_BATCH_STATUS.IN_PROGRESS, today.toISOString().slice(0, 10)],
    )
  ).rows;
  for (const b of done) {
    const day = { ...ctx, db: asOf(ctx.db, new Date(`${b.day}T22:00:00Z`)) };
    await closeBatch(
      day,
      batchStore(day, actor),
      Number(b.id),
      `${b.day.slice(5, 7)}/${b.day.slice(8, 10)}/${b.day.slice(0, 4)}`,
    );
  }
}

/**
 * Each demo billing company has closed the books through the latest month, two or more months ago, whose
 * checklist is empty (a company keeps the last month or two open for late checks): through the product's own close,
 * so a new user finds closed months, their refusal in words, and a closed month's aging that no longer moves. Answers
 * the closes made.
 */
export async function loadDemoBooks(ctx: DemoContext, today = new Date()): Promise<number> {
  // Each billing company's billing manager acts when the demo has one (the first's); the others' closes are the system's.
  const managers = (
    await ctx.db.query<{ user_id: string | null; billing_company_id: string }>(
      `select b.id as billing_company_id,
              (select bu.user_id from billing_company_users bu join user_roles ur on ur.user_id = bu.user_id
                 join roles ro on ro.id = ur.role_id and ro.slug = 'billingmanager'
                where bu.billing_company_id = b.id order by bu.user_id limit 1) as user_id
         from billing_companies b order by b.id`,
    )
  ).rows;
  let closed = 0;
  for (const m of managers) {
    const scope = { billingCompanyId: Number(m.billing_company_id), companyId: null };
    const system = systemActor(scope.billingCompanyId, 'demo-books');
    const actor = m.user_id ? { ...system, userId: Number(m.user_id), system: false } : system;
    await closeDistributedBatches(ctx, actor, scope.billingCompanyId, today);
    for (let back = 2; back <= MONTHS_BACK; back++) {
      const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
      const month = monthOf(`${at.getUTCMonth() + 1}/${at.getUTCFullYear()}`);
      // The close reads the month's checklist itself: a month with open work is refused, and the one before is tried.
      try {
        await closeBooks(ctx.db, actor, scope, month);
      } catch (e) {
        if (e instanceof DomainError && e.code === 'books_checklist_open') continue;
        throw e;
      }
      closed += 1;
      break;
    }
  }
  return closed;
}
