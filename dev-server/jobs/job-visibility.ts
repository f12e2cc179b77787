import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { can, isSuperUser, type Actor } from '../security/actor.ts';
import { JOB_COLUMNS, type JobRow } from './job-queue.ts';

import type { Queryable } from '../db/database.ts';

/**
 * Who manages a billing company's jobs (sees the ones others started, and the system's): its managers.
 * Everyone else sees their own: a job's result may name a file (an export) or a record of someone else's work.
 */
const managesJobs = (actor: Actor) => can(actor, 'billingcompany.edit');

/** A job is the business of whoever started it; of their billing company's managers; and all of them a Super User's. */
function visible(actor: Actor, job: JobRow): boolean {
  if (isSuperUser(actor)) return true;
  if (job.user_id !== null && Number(job.user_id) === actor.userId) return true;
  return (
    managesJobs(actor) &&
    job.billing_company_id !== null &&
    actor.billingCompanyIds.includes(Number(job.billing_company_id))
  );
}

/** What the API shows of a job: progress as done/total and a percentage when the total is known. */
export const view = (j: JobRow) => ({
  ...j,
  percent: j.total ? Math.min(100, Math.floor((j.done * 100) / j.total)) : null,
});

/** My recent jobs (a manager: also the billing company's; a Super User: all), newest first, at most 50. */
export async function myJobs(db: Queryable, actor: Actor) {
  const params: unknown[] = [actor.userId];
  let where = 'user_id = $1';
  if (isSuperUser(actor)) where = 'true';
  else if (managesJobs(actor)) {
    params.push(actor.billingCompanyIds);
    where += ` or billing_company_id = any($2::bigint[])`;
  }
  const r = await db.query<JobRow>(
    `select ${JOB_COLUMNS} from jobs where ${where} order by id desc limit 50`,
    isSuperUser(actor) ? [] : params,
  );
  return r.rows.map(view);
}

/** A job the actor may see: state, progress, result or error. */
export async function visibleJob(db: Queryable, actor: Actor, id: number) {
  const r = await db.query<JobRow>(`select ${JOB_COLUMNS} from jobs where id = $1`, [id]);
  const job = r.rows[0];
  if (!job || !visible(actor, job)) throw new DomainError('not_found');
  return view(job);
}
