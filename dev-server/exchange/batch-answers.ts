import { historyNote } from '../../src/domain/history-notes.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { recordTransitions } from '../resources/state-history.ts';
import { CLAIM_BATCH_STATUS } from '../../src/generated/ids.ts';

/**
 * The clearing house's answers counted on the batches they concern (accepted and rejected by the
 * clearing house, as the predecessor showed per batch). A sent batch whose every claim has an answer
 * is Completed. One statement for the counts whatever the number of claims.
 */
export async function batchAnswered({
  tx,
  ctx,
  actor,
  bc,
  accepted,
  rejected,
}: {
  tx: Queryable;
  ctx: { entities: Entity[] };
  actor: Actor;
  bc: number;
  accepted: number[];
  rejected: number[];
}): Promise<number[]> {
  if (!accepted.length && !rejected.length) return [];
  const r = await tx.query<{ id: string; status_id: number; done: boolean }>(
    `with answers as (select unnest($2::bigint[]) as id, true as acc union all select unnest($3::bigint[]), false),
     answered as (
       select b.id, count(*) filter (where a.acc) as acc, count(*) filter (where not a.acc) as rej
         from claim_batches b cross join lateral jsonb_array_elements_text(b.claim_ids) e join answers a on a.id = e.value::bigint
        where b.billing_company_id = $1 and b.status_id = ${CLAIM_BATCH_STATUS.SUBMITTED} group by b.id)
     update claim_batches b set answers_accepted = coalesce(b.answers_accepted, 0) + a.acc,
            answers_rejected = coalesce(b.answers_rejected, 0) + a.rej, version = b.version + 1, updated_at = now()
       from answered a where b.id = a.id
     returning b.id, b.status_id, b.answers_accepted + b.answers_rejected >= b.total_claims as done`,
    [bc, accepted, rejected],
  );
  const finished = r.rows
    .filter((b) => b.done && Number(b.status_id) === CLAIM_BATCH_STATUS.SUBMITTED)
    .map((b) => Number(b.id));
  const touched = r.rows.map((b) => Number(b.id));
  if (!finished.length) return touched;
  await tx.query(`update claim_batches set status_id = ${CLAIM_BATCH_STATUS.COMPLETED} where id = any($1::bigint[])`, [
    finished,
  ]);
  const batch = ctx.entities.find((e) => e.name === 'claim-batch')!;
  await writeAuditMany(tx, actor, {
    entity: 'claim-batch',
    event: 'status_changed',
    rows: finished.map((id) => ({
      entityId: id,
      billingCompanyId: bc,
      oldValues: { status_id: CLAIM_BATCH_STATUS.SUBMITTED },
      newValues: { status_id: CLAIM_BATCH_STATUS.COMPLETED },
    })),
  });
  await recordTransitions(
    tx,
    actor,
    batch,
    finished.map((id) => ({
      id,
      billingCompanyId: bc,
      from: CLAIM_BATCH_STATUS.SUBMITTED,
      to: CLAIM_BATCH_STATUS.COMPLETED,
      note: historyNote('batchAnswered'),
    })),
  );
  return touched;
}
