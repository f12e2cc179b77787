import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../dev-server/jobs/job-queue.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A run lost with its process is seen on the job people read: pg-boss expires or fails it, and our row
 * follows (queued again, or failed with why) instead of showing "running" for ever.
 */
let app: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  app = await startTestApp();
  queue = new JobQueue(app.db, app.files, { work: false });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await app.close();
});

const lostRun = async (bossState: 'failed' | 'retry') => {
  const bc = await app.createBillingCompany(`Lost ${bossState}`, `L${bossState[0].toUpperCase()}`);
  const job = await queue.enqueue({
    actor: null,
    kind: 'exchange-poll',
    input: { account_id: 1 },
    billingCompanyId: bc,
  });
  const { boss_id: bossId } = (
    await app.db.query<{ boss_id: string }>('select boss_id from jobs where id = $1', [job.id])
  ).rows[0];
  // The process that ran it died: our row still says running; pg-boss has given up on it, or put it back.
  await app.db.query(`update jobs set state = 'running', attempts = 1 where id = $1`, [job.id]);
  await app.db.query(`update pgboss.job set state = $2 where id = $1`, [bossId, bossState]);
  await queue.reconcileLost();
  return (
    await app.db.query<{ state: string; error: string | null; finished: boolean }>(
      'select state, error, finished_at is not null as finished from jobs where id = $1',
      [job.id],
    )
  ).rows[0];
};

describe('a job whose process died', () => {
  it('is shown failed, with why, once pg-boss has no retry left for it', async () => {
    expect(await lostRun('failed')).toEqual({
      state: 'failed',
      error: 'The process running this job stopped, and it was not run again.',
      finished: true,
    });
  });
  it('is shown queued again while pg-boss waits to retry it', async () => {
    expect(await lostRun('retry')).toEqual({ state: 'queued', error: null, finished: false });
  });
});
