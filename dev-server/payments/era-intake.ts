import { storeOf } from '../resources/store-of.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { receiveFile } from '../exchange/receive-file.ts';
import { resolveException } from './era-posting.ts';

import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import type { EraRouteContext } from './era-routes.ts';

/**
 * Takes in ERA files for a billing company: the one handed in (as text, or as the id of the document just uploaded —
 * and then only it, in this request, so the answer is about that file and it never waits behind a backlog), or else
 * the uploaded 835s the exchange has not taken in yet, newest first. A file already registered as an ERA is not read
 * again.
 */
export async function receiveRemittances(
  ctx: EraRouteContext,
  actor: Actor,
  bc: number,
  given: { content?: unknown; name?: unknown; file_id?: unknown },
) {
  const out: Array<{ file: string; result: string; message: string }> = [];
  // An uploaded ERA is read as any file a clearing house sends, outside any account.
  const take = (name: string, bytes: Buffer) =>
    receiveFile(ctx, actor, { billingCompanyId: bc, accountId: null, name, bytes });
  if (given.file_id !== undefined) {
    const id = Number(given.file_id);
    if (!Number.isSafeInteger(id) || id < 1) throw invalid({ file_id: [problem('id_field_required')] });
    const stored = await ctx.files.get(actor, id);
    if (stored.kind !== 'era' || Number(stored.billing_company_id) !== bc)
      throw invalid({ file_id: [problem('era_file_not_uploaded')] });
    const r = await take(stored.name, await ctx.files.read(stored));
    return {
      received: [{ file: stored.name, result: r.result, message: r.message, eras: await eraSummaries(ctx.db, r.eras) }],
    };
  }
  if (typeof given.content === 'string' && given.content.trim()) {
    const r = await take(
      typeof given.name === 'string' && given.name ? given.name : 'remittance.835',
      Buffer.from(given.content, 'latin1'),
    );
    out.push({ file: r.file_id.toString(), result: r.result, message: r.message });
    return { received: out };
  }
  const waiting = await ctx.db.query<{ id: string; name: string }>(
    `select f.id, f.name from files f
      where f.billing_company_id = $1 and f.kind = 'era'
        and not exists (select 1 from exchange_files e where e.file_id = f.id)
        and not exists (select 1 from era_files r where r.billing_company_id = f.billing_company_id and r.file_id = f.id)
      order by f.id desc limit 100`,
    [bc],
  );
  for (const f of waiting.rows) {
    const r = await take(f.name, await ctx.files.read(await ctx.files.get(actor, Number(f.id))));
    out.push({ file: f.name, result: r.result, message: r.message });
  }
  return { received: out };
}

/** The payments an upload became, as the person is told of them: payer, trace, amount, claims, and why one waits. */
async function eraSummaries(db: Queryable, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.query<{
    id: string;
    payer_name: string | null;
    trace_number: string | null;
    payment_amount: string | null;
    claims: number | null;
    status: string;
    hold_reason: string | null;
  }>(
    'select id, payer_name, trace_number, payment_amount, claims, status, hold_reason from era_files where id = any($1::bigint[]) order by id',
    [ids],
  );
  return rows.rows.map((r) => ({
    id: Number(r.id),
    payer_name: r.payer_name ?? '',
    trace_number: r.trace_number ?? '',
    payment_amount: Number(r.payment_amount ?? 0),
    claims: r.claims ?? 0,
    status: r.status,
    hold_reason: r.hold_reason,
  }));
}

/** An ERA's exceptions in the order they were found, with what each paid. */
export async function eraExceptions(db: Queryable, eraId: number) {
  const rows = (
    await db.query<{
      claim_control_number: string | null;
      reason: string;
      paid: string | null;
      message: string;
      resolved: boolean;
    }>(
      'select claim_control_number, reason, paid, message, coalesce(resolved, false) as resolved from era_exceptions where era_file_id = $1 order by id',
      [eraId],
    )
  ).rows;
  return rows.map((x) => ({ ...x, paid: x.paid === null ? null : Number(x.paid) }));
}

/** Works an ERA exception of a payment batch: naming the claim posts the remitted claim to it; otherwise the note says how it was resolved. */
export async function workBatchException(
  ctx: EraRouteContext,
  actor: Actor,
  batchId: number,
  work: { exceptionId: number; claimId?: number; resolution?: string },
) {
  const batch = await storeOf(ctx, actor, 'payment-batch').get(batchId);
  const { exceptionId } = work;
  const x = (
    await ctx.db.query<{ era_file_id: string }>('select era_file_id from era_exceptions where id = $1', [
      Number.isSafeInteger(exceptionId) ? exceptionId : 0,
    ])
  ).rows[0];
  if (!x || Number(x.era_file_id) !== Number(batch.era_file_id))
    throw invalid({ exception_id: [problem('exception_not_batch')] });
  return resolveException(ctx, actor, exceptionId, { claimId: work.claimId, resolution: work.resolution });
}
