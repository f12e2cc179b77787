import { defineJob } from '../jobs/job-kinds.ts';
import type { DemoFates } from './demo-claims.ts';
import { DEMO_HISTORY_STEPS, loadDemoHistory } from './demo-history.ts';

/**
 * The demo's history (eighteen months of claims sent, answered by clearing houses and payers, appealed
 * and paid by patients; today's ERAs and checks), loaded after a first start's demo data as a job: the
 * app answers meanwhile and the history fills in. Not retried: a second run would find the claims
 * already sent. Its input: what becomes of each claim (loadDemoData's fates).
 */
export const demoHistoryJob = defineJob<{ fates: DemoFates }, never>({
  kind: 'demo-history',
  permission: null,
  platform: true,
  retryLimit: 0,
  expireInSeconds: 3600,
  input: (raw) => ({ fates: (raw.fates ?? {}) as DemoFates }),
  async run(ctx, input) {
    let step = 0;
    const { batches, posted } = await loadDemoHistory(
      { db: ctx.db, entities: ctx.entities, files: ctx.files },
      input.fates,
      (line) => {
        // The log tells each step as it starts, so the time each one takes can be read off it.
        console.log(`Demo history, step ${step + 1} of ${DEMO_HISTORY_STEPS}: ${line}`);
        return ctx.progress(step++, DEMO_HISTORY_STEPS, line);
      },
    );
    const line = `Demo history: ${batches.toLocaleString('en-US')} batches sent and answered, ${posted.toLocaleString('en-US')} claims paid or denied`;
    console.log(line);
    await ctx.progress(DEMO_HISTORY_STEPS, DEMO_HISTORY_STEPS, line);
    return { batches, posted };
  },
});
