import type { Queryable } from '../db/database.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { defineJob } from '../jobs/job-kinds.ts';
import { BatchService } from '../batches/batch-service.ts';
import { pollAccountById } from './inbound-poll.ts';

const idInput = (field: string) => (raw: Record<string, unknown>) => {
  const id = Number(raw[field]);
  if (!Number.isSafeInteger(id) || id < 1)
    throw new DomainError(
      'invalid',
      {},
      { [field]: [{ code: 'required', params: { field: field.replace(/_id$/, '') } }] },
    );
  return { [field]: id };
};

const ownerOf = async (db: Queryable, table: 'claim_batches' | 'clearing_house_accounts', id: number) => {
  const r = await db.query<{ bc: string }>(`select billing_company_id as bc from ${table} where id = $1`, [id]);
  return r.rows[0] ? Number(r.rows[0].bc) : null;
};

/**
 * Sends a batch with a progress bar (the API's PATCH submit-to-clearing-house does the same work in
 * the request). A refusal (claims not ready, the connection down) fails at once and says why: the
 * person sends again when the clearing house is back. A run lost with its process is run again, and
 * the send is idempotent: the 837's name and control number were fixed before it went out, so the
 * rerun puts out that same file at most once more under the same name, or only finishes the bookkeeping.
 */
export const batchSendJob = defineJob<{ batch_id: number }, never>({
  kind: 'batch-send',
  permission: ['claimbatch.send'],
  retryLimit: 3,
  expireInSeconds: 900,
  input: (raw) => idInput('batch_id')(raw) as { batch_id: number },
  owner: (db, input) => ownerOf(db, 'claim_batches', input.batch_id),
  async run(ctx, input) {
    const batch = await new BatchService(ctx, ctx.actor).submit(
      input.batch_id,
      (step, message) => ctx.progress(step, 4, message),
      { resumed: ctx.attempt > 1 },
    );
    await ctx.progress(4, 4, 'submitted');
    return {
      batch_id: batch.id,
      code: batch.code,
      status_id: batch.status_id,
      file_id: batch.file_id,
      control_number: batch.control_number,
    };
  },
});

/** Takes in the files waiting in one account's inbound folder (started by the poll scheduler or a person). */
export const exchangePollJob = defineJob<{ account_id: number }, never>({
  kind: 'exchange-poll',
  permission: ['claimbatch.send'],
  retryLimit: 2,
  expireInSeconds: 900,
  input: (raw) => idInput('account_id')(raw) as { account_id: number },
  owner: (db, input) => ownerOf(db, 'clearing_house_accounts', input.account_id),
  async run(ctx, input) {
    const bc = ctx.actor.billingCompanyIds[0];
    const out = await pollAccountById(ctx, ctx.actor, input.account_id, bc);
    await ctx.progress(out.received.length, out.received.length, `${out.received.length} file(s) received`);
    return { ...out };
  },
});
