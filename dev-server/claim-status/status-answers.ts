import type { Queryable } from '../db/database.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import { historyNote } from '../../src/domain/history-notes.ts';
import type { ClaimStatus277 } from '../../src/domain/x12/claim-ack-277-reader.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { addClaimNotes, moveClaims } from '../claims/claim-bulk.ts';
import { claimsByControl } from '../claims/claims-by-control.ts';
import { markDenied } from '../denials/mark-denied.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

/** Where the payer says a claim stands, as the claim keeps it: the category and status in words. */
const wordsOf = (stcs: ClaimStatus277[]) =>
  stcs.map((x) => `${x.categoryMeaning}${x.statusMeaning ? `: ${x.statusMeaning}` : ''}`).join('; ');

/** A payer's claim status that ends the claim's wait: denied (F2) or no payment coming (F4). */
const DENYING = new Set(['F2', 'F4']);

export interface AppliedStatuses {
  denied: number[];
  rejected: number[];
  noted: number[];
  unmatched: string[];
}

/**
 * A payer's 277 answers to a 276 (005010X212), claim by claim (matched by the number the 837 sent): each claim keeps
 * the payer's words and when they were said; a Submitted claim the payer denied (F2, F4) becomes Denied and joins the
 * denial worklist; one the payer does not have or refuses (A3, A4, A6-A8) becomes Rejected, to be corrected and sent
 * again; the rest (paid and waiting for its ERA, pending, asked for information) keep their state with the answer in
 * their history. A few statements for any number of claims.
 */
export async function applyClaimStatuses(
  tx: Queryable,
  claimEntity: Entity,
  actor: Actor,
  bc: number,
  statuses: ClaimStatus277[],
): Promise<AppliedStatuses> {
  const byTrace = new Map<string, ClaimStatus277[]>();
  for (const s of statuses.filter((x) => x.level === 'claim'))
    byTrace.set(s.claimControl, [...(byTrace.get(s.claimControl) ?? []), s]);
  const claims = await claimsByControl(tx, bc, [...byTrace.keys()]);
  const out: AppliedStatuses = { denied: [], rejected: [], noted: [], unmatched: [] };
  const kept: Array<{ id: number; said: string }> = [];
  const denials: Array<{ id: number; note: string }> = [];
  const rejections: Array<{ id: number; note: string }> = [];
  const notes: Parameters<typeof addClaimNotes>[3] = [];
  for (const [trace, stcs] of byTrace) {
    const claim = claims.get(trace);
    if (!claim) {
      out.unmatched.push(trace);
      continue;
    }
    const said = wordsOf(stcs);
    const submitted = claim.status_id === CLAIM_STATUS.SUBMITTED;
    kept.push({ id: claim.id, said });
    const payerClaimNumber = stcs.find((x) => x.payerClaimNumber)?.payerClaimNumber;
    if (submitted && stcs.some((x) => DENYING.has(x.category)))
      denials.push({ id: claim.id, note: historyNote('payerStatusDenied', { said }) });
    else if (submitted && stcs.some((x) => x.outcome === 'rejected'))
      rejections.push({ id: claim.id, note: historyNote('payerStatusNotFound', { said }) });
    else
      notes.push({
        claim_id: claim.id,
        kind: 'check_status',
        status_id: claim.status_id,
        note: historyNote('payerStatus', { said }),
        details: { response: said, ...(payerClaimNumber ? { payer_claim_number: payerClaimNumber } : {}) },
      });
  }
  if (kept.length) {
    await tx.query(
      `update claims c set payer_status = x.said, payer_status_at = app_now(), version = c.version + 1, updated_at = app_now()
         from jsonb_to_recordset($2::jsonb) as x(id bigint, said text) where c.billing_company_id = $1 and c.id = x.id`,
      [bc, JSON.stringify(kept)],
    );
    await writeAuditMany(tx, actor, {
      entity: 'claim',
      event: 'updated',
      rows: kept.map((k) => ({
        entityId: k.id,
        billingCompanyId: bc,
        oldValues: null,
        newValues: { payer_status: k.said },
      })),
    });
  }
  const move = (to: number, moves: Array<{ id: number; note: string }>) =>
    moveClaims(tx, actor, { claimEntity, billingCompanyId: bc, from: CLAIM_STATUS.SUBMITTED, to, moves });
  out.denied = await move(CLAIM_STATUS.DENIED, denials);
  out.rejected = await move(CLAIM_STATUS.REJECTED, rejections);
  // Denied and rejected claims join the denial worklist aged from today; the payer's words are in their history.
  await markDenied(
    tx,
    [...out.denied, ...out.rejected].map((id) => ({ id, codes: [] })),
  );
  await addClaimNotes(tx, actor, bc, notes);
  out.noted = notes.map((n) => n.claim_id);
  return out;
}
