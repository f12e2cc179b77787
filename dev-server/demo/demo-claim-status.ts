import { asOf } from '../db/as-of.ts';
import { receiveFile } from '../exchange/receive-file.ts';
import { askClaimStatus, claimsDue } from '../claim-status/status-ask.ts';
import { write277, type ClaimStatusReply } from '../../src/domain/x12/claim-status-277-writer.ts';
import { isoDayOf, type IsoDate } from '../../src/domain/formats.ts';
import type { DemoContext } from './demo-era-intake.ts';
import { demoSenders } from './demo-submissions.ts';
import type { seeded } from './demo-rows.ts';
import { x12UsageIndicator } from '../x12/x12-settings.ts';

const DAY = 86_400_000;

/**
 * How a payer answers one demo claim it was asked about: most are in process, some finalized and paid (the ERA on its
 * way), a few denied for eligibility or as duplicates, a few waiting for information.
 */
export function demoStatus(r: ReturnType<typeof seeded>, on: IsoDate): Omit<ClaimStatusReply, 'trace'> {
  const roll = r.next();
  if (roll < 0.6) return { category: 'P1', status: '20', on };
  if (roll < 0.75) return { category: 'F1', status: '3', on };
  if (roll < 0.85) return { category: 'F2', status: r.pick(['97', '85']), on };
  return { category: 'P3', status: r.pick(['21', '47']), on };
}

/**
 * Last week's claim-status run of each demo billing company, through the product's own path: every claim Submitted
 * longer than its payer's days asked in 276 files through the clearing house account's folder; the payers' 277 taken
 * in the next day like any file the clearing house sends (denials moved to Denied, the rest said on the claim).
 * Answers how many claims were answered.
 */
export async function loadDemoClaimStatus(ctx: DemoContext, today = new Date()): Promise<number> {
  let answered = 0;
  const asked = asOf(ctx.db, new Date(today.getTime() - 8 * DAY));
  const back = asOf(ctx.db, new Date(today.getTime() - 7 * DAY));
  for (const sender of await demoSenders(ctx)) {
    const bc = sender.billingCompanyId;
    const due = await claimsDue(asked, sender.actor, bc);
    if (!due.length) continue;
    const outcome = await askClaimStatus({ ...ctx, db: asked }, sender.actor, bc, due);
    if (!outcome.asked.length) continue;
    const on = isoDayOf(new Date(today.getTime() - 7 * DAY));
    let counted = 0;
    for (const [n, inquiry] of outcome.questions.entries()) {
      // The payer leaves every fifth claim asked unanswered: the follow-up list has claims on it.
      const replies = inquiry.claims
        .filter(() => counted++ % 5 !== 4)
        .map((c) => ({ trace: c.trace, ...demoStatus(sender.r, on) }));
      if (!replies.length) continue;
      const text = write277(inquiry, replies, {
        sender: sender.parties.house.id,
        receiver: sender.submitterId,
        control: 850_000 + bc * 100 + n,
        at: new Date(today.getTime() - 7 * DAY),
        usage: x12UsageIndicator(),
      });
      const got = await receiveFile({ ...ctx, db: back }, sender.actor, {
        billingCompanyId: bc,
        accountId: sender.accountId,
        name: `${sender.submitterId}-${on}-${n + 1}.277`,
        bytes: Buffer.from(text, 'latin1'),
      });
      answered += got.statuses;
    }
  }
  return answered;
}
