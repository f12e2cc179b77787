import type { Database } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { log } from '../http/server-log.ts';
import { claimDueAccounts } from './inbound-poll.ts';

/** An account whose inbound folder is to be looked at now. */
export interface AccountToPoll {
  id: number;
  billing_company_id: number;
}

/**
 * Every `everyMs`, the accounts `due` answers each get an exchange-poll job (the job does the work, with retries and a
 * visible result); a failure to find them is logged under `what` and tried again at the next tick. Returns the stop
 * function.
 */
export function pollEvery(
  jobs: JobQueue,
  everyMs: number,
  what: string,
  due: () => Promise<AccountToPoll[]>,
): () => void {
  const tick = async () => {
    try {
      for (const a of await due())
        await jobs.enqueue({
          actor: null,
          kind: 'exchange-poll',
          input: { account_id: a.id },
          billingCompanyId: a.billing_company_id,
        });
    } catch (e) {
      log.warn({ err: { message: e instanceof Error ? e.message : String(e) } }, what);
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Every minute, each connected account whose poll_minutes have passed is looked at. */
export const startPollScheduler = (db: Database, jobs: JobQueue, everyMs = 60_000) =>
  pollEvery(jobs, everyMs, 'inbound poll scheduling', () => claimDueAccounts(db));
