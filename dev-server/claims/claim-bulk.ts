import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { recordTransitions } from '../resources/state-history.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

/**
 * What the system does to many claims at once (a batch sent, a 277CA of 5,000 claims): a handful of
 * statements whatever the count, with the same audit and history rows one claim at a time would leave.
 */

/** Claims in `from` move to `to` with a note each (a reason per claim); claims no longer in `from` are left alone. Answers the ids moved. */
export interface ClaimMoves {
  claimEntity: Entity;
  billingCompanyId: number;
  from: number;
  to: number;
  /** each claim with the reason it moves, kept in its history */
  moves: Array<{ id: number; note: string }>;
}

export async function moveClaims(
  tx: Queryable,
  actor: Actor,
  { claimEntity, billingCompanyId: bc, from, to, moves }: ClaimMoves,
): Promise<number[]> {
  if (!moves.length) return [];
  // A claim sent goes to the payer it is billed to: the primary, unless a refile named the next one ("Billed to").
  const sending = to === CLAIM_STATUS.SUBMITTED;
  const moved = (
    await tx.query<{ id: string; billed_before: string | null; billed: string | null }>(
      `with before as (select id, billed_responsibility from claims where billing_company_id = $1 and id = any($2::bigint[]) and status_id = $4 for update)
       update claims c set status_id = $3, sub_status_id = null, version = c.version + 1, updated_at = now(),
              billed_responsibility = case when $5 then coalesce(c.billed_responsibility, 'P') else c.billed_responsibility end
         from before where c.id = before.id
       returning c.id, before.billed_responsibility as billed_before, c.billed_responsibility as billed`,
      [bc, moves.map((m) => m.id), to, from, sending],
    )
  ).rows;
  const billed = new Map(moved.map((r) => [Number(r.id), r]));
  const rows = moves.filter((m) => billed.has(m.id));
  await writeAuditMany(tx, actor, {
    entity: 'claim',
    event: 'status_changed',
    rows: rows.map((m) => {
      const b = billed.get(m.id)!;
      const named = b.billed_before !== b.billed;
      return {
        entityId: m.id,
        billingCompanyId: bc,
        oldValues: { status_id: from, ...(named ? { billed_responsibility: b.billed_before } : {}) },
        newValues: { status_id: to, ...(named ? { billed_responsibility: b.billed } : {}) },
      };
    }),
  });
  await recordTransitions(
    tx,
    actor,
    claimEntity,
    rows.map((m) => ({ id: m.id, billingCompanyId: bc, from, to, note: m.note })),
  );
  return moved.map((r) => Number(r.id));
}

/** Notes on many claims (a 277CA's acceptances with the payer's claim numbers), audited as created. */
export async function addClaimNotes(
  tx: Queryable,
  actor: Actor,
  bc: number,
  notes: Array<{ claim_id: number; kind: string; status_id: number; note: string; details: object }>,
): Promise<void> {
  if (!notes.length) return;
  const r = await tx.query<{ id: string; claim_id: string }>(
    `insert into claim_notes (billing_company_id, claim_id, kind, status_id, note, details, user_id)
     select $1, x.claim_id, x.kind, x.status_id, x.note, x.details, $3 from jsonb_to_recordset($2::jsonb) as x(claim_id bigint, kind text, status_id int, note text, details jsonb)
     returning id, claim_id`,
    [bc, JSON.stringify(notes), actor.system ? null : actor.userId],
  );
  const byClaim = new Map(notes.map((n) => [n.claim_id, n]));
  await writeAuditMany(tx, actor, {
    entity: 'claim-note',
    event: 'created',
    rows: r.rows.map((x) => ({
      entityId: Number(x.id),
      billingCompanyId: bc,
      oldValues: null,
      newValues: byClaim.get(Number(x.claim_id)) ?? null,
    })),
  });
}
