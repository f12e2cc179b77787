import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { can, isSuperUser, type Actor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { jobKind, jobKinds } from './job-kinds.ts';
import { JOB_COLUMNS, type JobQueue, type JobRow } from './job-queue.ts';

export interface JobContextDeps {
  db: Database;
  jobs: JobQueue;
}

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
const view = (j: JobRow) => ({ ...j, percent: j.total ? Math.min(100, Math.floor((j.done * 100) / j.total)) : null });

export const jobRoutes: GuardedRoute<JobContextDeps>[] = [
  {
    method: 'get',
    path: '/jobs',
    permission: null,
    summary: "My recent jobs (a manager: also the billing company's; a Super User: all), newest first, at most 50",
    async handle(ctx, _req, actor) {
      const params: unknown[] = [actor.userId];
      let where = 'user_id = $1';
      if (isSuperUser(actor)) where = 'true';
      else if (managesJobs(actor)) {
        params.push(actor.billingCompanyIds);
        where += ` or billing_company_id = any($2::bigint[])`;
      }
      const r = await ctx.db.query<JobRow>(
        `select ${JOB_COLUMNS} from jobs where ${where} order by id desc limit 50`,
        isSuperUser(actor) ? [] : params,
      );
      return r.rows.map(view);
    },
  },
  {
    method: 'get',
    path: '/jobs/{id}',
    permission: null,
    summary: 'A job: state, progress (done/total, message), result or error',
    async handle(ctx, req, actor) {
      const r = await ctx.db.query<JobRow>(`select ${JOB_COLUMNS} from jobs where id = $1`, [idParam(req)]);
      const job = r.rows[0];
      if (!job || !visible(actor, job)) throw new DomainError('not_found');
      return view(job);
    },
  },
  {
    method: 'post',
    path: '/jobs/{kind}',
    permission: jobKinds().flatMap((k) => k.permission ?? []),
    status: 202,
    summary: 'Start a job (code-set-import {file_id, code_set}); answers the queued job at once',
    async handle(ctx, req, actor) {
      const def = jobKind(String(req.params.kind));
      if (!def || def.permission === null) throw new DomainError('job_unknown', { kind: String(req.params.kind) });
      if (!def.permission.some((p) => can(actor, p)) || (def.platform && !actor.crossTenant))
        throw new DomainError('forbidden');
      const input = def.input(bodyObject(req));
      await def.check?.(ctx.db, input);
      let bc = def.platform ? null : (actor.billingCompanyIds[0] ?? null);
      if (def.owner) {
        // The work's own billing company; another tenant's record simply is not there.
        const owner = await def.owner(ctx.db, input);
        if (owner === null || (!actor.crossTenant && !actor.billingCompanyIds.includes(owner)))
          throw new DomainError('not_found');
        bc = owner;
      }
      return view(await ctx.jobs.enqueue(actor, def.kind, input as Record<string, unknown>, bc));
    },
  },
];
