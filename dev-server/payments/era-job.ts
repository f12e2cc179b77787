import { DomainError } from '../../src/domain/errors/domain-error.ts';
import type { Queryable } from '../db/database.ts';
import { defineJob } from '../jobs/job-kinds.ts';
import { postEra } from './era-posting.ts';

/**
 * Posts an ERA in the background. The posting is one transaction that marks the ERA posted, so a run
 * lost with its process (the server killed mid-way) left nothing behind, and the retry posts it once.
 */
export const eraPostJob = defineJob<{ era_file_id: number }, never>({
  kind: 'era-post',
  permission: ['payment.create'],
  retryLimit: 3,
  expireInSeconds: 1800,
  input(raw) {
    const id = Number(raw.era_file_id ?? raw.id);
    if (!Number.isSafeInteger(id) || id < 1)
      throw new DomainError('invalid', {}, { era_file_id: [{ code: 'required', params: { field: 'ERA' } }] });
    return { era_file_id: id };
  },
  owner: async (db: Queryable, input) => {
    const r = await db.query<{ bc: string }>('select billing_company_id as bc from era_files where id = $1', [
      input.era_file_id,
    ]);
    return r.rows[0] ? Number(r.rows[0].bc) : null;
  },
  async run(ctx, input) {
    await ctx.progress(0, 1, 'posting');
    const out = await postEra(ctx, ctx.actor, input.era_file_id);
    await ctx.progress(1, 1, out.exceptions ? 'posted-with-exceptions' : 'posted');
    return { ...out };
  },
});
