import type { Queryable } from '../db/database.ts';

/**
 * The demo's history while it is being made, for everyone signed in (the desktop says the demo is still filling in,
 * so a newcomer does not take half a history for the product): its step, of how many. Nothing once it has finished or
 * when there is no demo; no input, result or error of the job is shown. Answered by every process, whichever one runs
 * the job.
 */
export async function demoHistoryProgress(db: Queryable) {
  const r = await db.query<{ state: string; done: number; total: number | null }>(
    `select state, done, total from jobs where kind = 'demo-history' order by id desc limit 1`,
  );
  const job = r.rows[0];
  if (!job || job.state === 'completed' || job.state === 'failed') return { running: false };
  return { running: true, step: Math.min(job.done + 1, job.total ?? 1), steps: job.total ?? 1 };
}
