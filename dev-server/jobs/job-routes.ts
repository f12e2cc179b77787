import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { json } from '../http/answers.ts';
import { JOB } from './job-answer.ts';
import { can, isSuperUser } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { jobKind, jobKinds } from './job-kinds.ts';
import { type JobQueue } from './job-queue.ts';
import { myJobs, view, visibleJob } from './job-visibility.ts';

export interface JobContextDeps {
  db: Database;
  jobs: JobQueue;
}

export const jobRoutes: GuardedRoute<JobContextDeps>[] = [
  {
    method: 'get',
    path: '/jobs',
    answers: json([JOB]),
    permission: null,
    summary: "My recent jobs (a manager: also the billing company's; a Super User: all), newest first, at most 50",
    handle: (ctx, _req, actor) => myJobs(ctx.db, actor),
  },
  {
    method: 'get',
    path: '/jobs/{id}',
    answers: json(JOB),
    permission: null,
    summary: 'A job: state, progress (done/total, message), result or error',
    handle: (ctx, req, actor) => visibleJob(ctx.db, actor, idParam(req)),
  },
  {
    method: 'post',
    path: '/jobs/{kind}',
    answers: json(JOB),
    permission: jobKinds().flatMap((k) => k.permission ?? []),
    status: 202,
    summary: 'Start a job (code-set-import {file_id, code_set}); answers the queued job at once',
    async handle(ctx, req, actor) {
      const def = jobKind(String(req.params.kind));
      if (!def || def.permission === null) throw new DomainError('job_unknown', { kind: String(req.params.kind) });
      if (!def.permission.some((p) => can(actor, p)) || (def.platform && !isSuperUser(actor)))
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
      return view(
        await ctx.jobs.enqueue({
          actor,
          kind: def.kind,
          input: input as Record<string, unknown>,
          billingCompanyId: bc,
        }),
      );
    },
  },
];
