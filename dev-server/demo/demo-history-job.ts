import { defineJob } from '../jobs/job-kinds.ts';
import { loadDemoPayments } from './demo-payments.ts';

/**
 * The demo's money (eighteen months of payers' remittances posted, appeals, patients paying, today's
 * ERAs and checks), loaded after a first start's demo data as a job: the app answers meanwhile and the
 * history fills in, under two minutes for the full demo on the embedded database. Not retried: a second run would find
 * today's remittances already taken in.
 */
export const demoHistoryJob = defineJob<Record<string, never>, never>({
  kind: 'demo-history',
  permission: null,
  platform: true,
  retryLimit: 0,
  expireInSeconds: 1800,
  input: () => ({}),
  async run(ctx) {
    await ctx.progress(0, null, "Posting the demo's remittances and payments");
    const posted = await loadDemoPayments({ db: ctx.db, entities: ctx.entities, files: ctx.files });
    const line = `Posted the demo remittances: ${posted.toLocaleString('en-US')} claims paid or denied`;
    console.log(line);
    await ctx.progress(1, 1, line);
    return { posted };
  },
});
