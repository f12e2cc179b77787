import { withStatusTotals } from './batch-totals.ts';
import { BatchService, type BatchContext } from './batch-service.ts';

import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';

/** The clearing-house accounts a batch of the actor's may go through [{id, name}]. */
export async function batchAccounts(db: Queryable, actor: Actor) {
  const r = await db.query<{ id: number; name: string }>(
    `select a.id, a.submitter_id || ' · ' || h.name as name from clearing_house_accounts a join clearing_houses h on h.id = a.clearing_house_id
          where $1::boolean or a.billing_company_id = any($2::bigint[]) order by h.name`,
    [actor.crossTenant, actor.billingCompanyIds],
  );
  return r.rows;
}

/** The submissions and their answers, newest first (at most 500): each 837 sent or refused and each acknowledgment applied, with its batch and claim counts. */
export async function submissionReport(
  db: Queryable,
  actor: Actor,
  filter: { batchId?: number; from?: string; to?: string },
) {
  const params: unknown[] = [];
  const where = [
    actor.crossTenant
      ? 'true'
      : (params.push(actor.billingCompanyIds), `e.billing_company_id = any($${params.length}::bigint[])`),
  ];
  const { batchId } = filter;
  if (batchId) {
    params.push(batchId);
    where.push(`e.batch_id = $${params.length}`);
  }
  for (const [name, op] of [
    ['from', '>='],
    ['to', '<'],
  ] as const) {
    const v = filter[name];
    if (v === undefined) continue;
    params.push(v);
    where.push(`e.exchanged_at ${op} $${params.length}::date${name === 'to' ? " + interval '1 day'" : ''}`);
  }
  const r = await db.query(
    `select e.id, to_char(e.exchanged_at, 'MM/DD/YYYY HH24:MI') as exchanged_at, e.direction, e.kind, e.name, e.size, e.result, e.message, e.claims_accepted, e.claims_rejected,
                e.batch_id, b.code as batch_code, e.clearing_house_account_id, e.billing_company_id
           from exchange_files e left join claim_batches b on b.id = e.batch_id where ${where.join(' and ')} order by e.exchanged_at desc, e.id desc limit 500`,
    params,
  );
  return r.rows;
}

/** A batch's files exchanged, oldest first: the 837 sent (or the failed attempts) and the acknowledgments that answered it. */
export async function batchExchanges(ctx: BatchContext, actor: Actor, batchId: number) {
  const batch = await new BatchService(ctx, actor).store.get(batchId);
  const r = await ctx.db.query(
    `select e.id, e.exchanged_at, e.direction, e.kind, e.name, e.size, e.result, e.message, e.claims_accepted, e.claims_rejected, e.file_id
           from exchange_files e where e.billing_company_id = $1 and e.batch_id = $2
          order by e.id`,
    [batch.billing_company_id, batch.id],
  );
  return r.rows;
}

/** A batch with its claims and their statuses, and totals as the predecessor counted them. */
export async function batchWithClaims(ctx: BatchContext, actor: Actor, batchId: number) {
  const batches = new BatchService(ctx, actor);
  const batch = await batches.store.get(batchId);
  const claims = await ctx.db.query<{
    id: number;
    code: string;
    patient_name: string;
    status_id: number;
    billed_amount: string;
  }>(
    `select id, code, patient_name, status_id, billed_amount from claims where billing_company_id = $1 and id in (select jsonb_array_elements_text($2::jsonb)::bigint) order by id`,
    [batch.billing_company_id, JSON.stringify(batch.claim_ids ?? [])],
  );
  const [withTotals] = await withStatusTotals(ctx.db, [batch]);
  return { ...withTotals, claims: claims.rows.map((c) => ({ ...c, billed_amount: Number(c.billed_amount) })) };
}
