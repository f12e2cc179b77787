import type { Database } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { log } from '../http/server-log.ts';
import { claimDueAccounts } from './inbound-poll.ts';

/**
 * Every minute, each connected account whose poll_minutes have passed gets an exchange-poll job (the
 * job does the work, with retries and a visible result). Returns the stop function.
 */
export function startPollScheduler(db: Database, jobs: JobQueue, everyMs = 60_000): () => void {
  const tick = async () => {
    try {
      for (const a of await claimDueAccounts(db))
        await jobs.enqueue({
          actor: null,
          kind: 'exchange-poll',
          input: { account_id: a.id },
          billingCompanyId: a.billing_company_id,
        });
    } catch (e) {
      log.warn({ err: { message: e instanceof Error ? e.message : String(e) } }, 'inbound poll scheduling');
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
