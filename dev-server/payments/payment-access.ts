import type { Request } from 'express';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import { idParam } from '../http/guarded-routes.ts';
import type { Row } from '../resources/resource-store.ts';
import { storeOf } from '../resources/store-of.ts';
import { DomainError, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { isUsDate, usDateOf } from '../../src/domain/formats.ts';
import type { EraContext } from './era-files.ts';

/** Payment batches as the actor may see them (tenant-checked by the store). */
export const batchStore = (ctx: EraContext, actor: Actor) => storeOf(ctx, actor, 'payment-batch');
export const paymentStore = (ctx: EraContext, actor: Actor) => storeOf(ctx, actor, 'payment');

/**
 * The batch and payment a path names (…/batch/{batch}/payment(s)/{payment}/…): the batch through the
 * tenant-checked store, the payment only if it is of that batch; anything else is not found.
 */
export async function batchAndPayment(
  ctx: EraContext,
  actor: Actor,
  req: Request,
): Promise<{ batch: Row; payment: Row }> {
  const batch = await batchStore(ctx, actor).get(idParam(req, 'batch'));
  const payment = (
    await ctx.db.query<Row>('select * from payments where id = $1 and payment_batch_id = $2', [
      idParam(req, 'payment'),
      batch.id,
    ])
  ).rows[0];
  if (!payment) throw new DomainError('not_found');
  return { batch, payment };
}

/** A new payment batch written in the caller's transaction (its code comes from the schema's template), with columns no client writes. */
export async function createBatch({
  tx,
  ctx,
  actor,
  values,
  columns = {},
}: {
  tx: Queryable;
  ctx: EraContext;
  actor: Actor;
  values: Record<string, unknown>;
  columns?: Record<string, unknown>;
}) {
  const keys = Object.keys(columns);
  return batchStore(ctx, actor).create(values, {
    tx,
    within: async (t, row) => {
      if (keys.length)
        await t.query(`update payment_batches set ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} where id = $1`, [
          row.id,
          ...Object.values(columns),
        ]);
      return columns;
    },
  });
}

/** The date a batch or payment is closed on: mm/dd/yyyy as given, today when none is given. */
export function closingDate(v: unknown): string {
  if (v === undefined || v === null || v === '') return usDateOf();
  if (typeof v !== 'string' || !isUsDate(v)) throw invalid({ date: [problem('date_mm_dd_yyyy')] });
  return v;
}

/** A payment of a batch, within the actor's billing companies (another's is not there). */
export async function paymentInBatch(db: Queryable, actor: Actor, paymentId: number, batchId: number) {
  const r = await db.query<{ id: string; payment_batch_id: string; billing_company_id: string }>(
    'select id, payment_batch_id, billing_company_id from payments where id = $1 and payment_batch_id = $2',
    [paymentId, batchId],
  );
  const p = r.rows[0];
  if (!p || (!actor.crossTenant && !actor.billingCompanyIds.includes(Number(p.billing_company_id))))
    throw new DomainError('not_found');
  return { id: Number(p.id), batchId: Number(p.payment_batch_id), billingCompanyId: Number(p.billing_company_id) };
}
