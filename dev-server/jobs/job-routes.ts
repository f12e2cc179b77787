import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { can, type Actor } from '../auth/actor.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { jobKind, jobKinds } from './job-kinds.ts';
import { JOB_COLUMNS, type JobQueue, type JobRow } from './job-queue.ts';

export interface JobContextDeps { db: Database; jobs: JobQueue }

/** A job is the business of whoever started it, and of their billing company; platform jobs of cross-tenant people. */
function visible(actor: Actor, job: JobRow): boolean {
  if (actor.crossTenant) return true;
  if (job.user_id !== null && Number(job.user_id) === actor.userId) return true;
  return job.billing_company_id !== null && actor.billingCompanyIds.includes(Number(job.billing_company_id));
}

/** What the API shows of a job: progress as done/total and a percentage when the total is known. */
const view = (j: JobRow) => ({ ...j, percent: j.total ? Math.min(100, Math.floor((j.done * 100) / j.total)) : null });

export const jobRoutes: GuardedRoute<JobContextDeps>[] = [
  {
    method: 'get', path: '/jobs', permission: null, summary: 'My recent jobs and my billing companies\' (newest first, at most 50)',
    async handle(ctx, _req, actor) {
      const params: unknown[] = [actor.userId];
      let where = 'user_id = $1';
      if (actor.crossTenant) where = 'true';
      else { params.push(actor.billingCompanyIds); where += ` or billing_company_id = any($2::bigint[])`; }
      const r = await ctx.db.query<JobRow>(`select ${JOB_COLUMNS} from jobs where ${where} order by id desc limit 50`, actor.crossTenant ? [] : params);
      return r.rows.map(view);
    },
  },
  {
    method: 'get', path: '/jobs/{id}', permission: null, summary: 'A job: state, progress (done/total, message), result or error',
    async handle(ctx, req, actor) {
      const r = await ctx.db.query<JobRow>(`select ${JOB_COLUMNS} from jobs where id = $1`, [idParam(req)]);
      const job = r.rows[0];
      if (!job || !visible(actor, job)) throw new DomainError('not_found');
      return view(job);
    },
  },
  {
    method: 'post', path: '/jobs/{kind}', permission: jobKinds().flatMap((k) => k.permission ?? []), status: 202,
    summary: 'Start a job (code-set-import {file_id, code_set}); answers the queued job at once',
    async handle(ctx, req, actor) {
      const def = jobKind(String(req.params.kind));
      if (!def || def.permission === null) throw new DomainError('job_unknown', { kind: String(req.params.kind) });
      if (!def.permission.some((p) => can(actor, p)) || (def.platform && !actor.crossTenant)) throw new DomainError('forbidden');
      const input = def.input(bodyObject(req));
      let bc = def.platform ? null : actor.billingCompanyIds[0] ?? null;
      if (def.owner) {
        // The work's own billing company; another tenant's record simply is not there.
        const owner = await def.owner(ctx.db, input);
        if (owner === null || (!actor.crossTenant && !actor.billingCompanyIds.includes(owner))) throw new DomainError('not_found');
        bc = owner;
      }
      return view(await ctx.jobs.enqueue(actor, def.kind, input as Record<string, unknown>, bc));
    },
  },
];
