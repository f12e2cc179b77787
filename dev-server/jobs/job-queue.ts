import PgBoss from 'pg-boss';
import { systemActor, type Actor } from '../security/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import { bossDb } from './pg-boss-adapter.ts';
import { yieldToEventLoop } from '../db/yield.ts';
import { log } from '../http/server-log.ts';
import { jobKind, jobKinds, type JobKind } from './job-kinds.ts';
import { productEntities } from '../../src/platform/load-schemas.ts';
import './job-catalogue.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { errorStatus } from '../../src/domain/errors/error-catalogue.ts';
import { renderDomainError } from '../http/error-handler.ts';
import { presentSql } from '../db/process-presence.ts';

/** A refusal: a 4xx, but for a conflict with someone else's write (409), which a later run may not meet. */
const refused = (status: number) => status >= 400 && status < 500 && status !== 409;
const isRefusal = (e: unknown): e is DomainError => e instanceof DomainError && refused(errorStatus(e));
/** A refusal as the person reads it on the job: its title and every reason. */
function refusalText(e: DomainError): string {
  const { message, errors } = renderDomainError(e, 'en').body;
  return [message, ...Object.values(errors ?? {}).flat()].join(' — ');
}

export interface JobRow {
  id: number;
  kind: string;
  billing_company_id: number | null;
  user_id: number | null;
  state: 'queued' | 'running' | 'completed' | 'failed';
  input: Record<string, unknown>;
  done: number;
  total: number | null;
  message: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export const JOB_COLUMNS =
  'id, kind, billing_company_id, user_id, state, input, done, total, message, result, error, attempts, created_at, updated_at, finished_at';

const bossOptions = (db: Database) => ({
  db: bossDb(db) as never,
  schedule: false,
  supervise: true,
  maintenanceIntervalSeconds: 60,
});

/** Why a run stopped and went back to the queue, as the person reads it on the job until it runs again. */
export const PROCESS_STOPPED = 'The process running this job stopped; it resumes from where it got to.';
/** How often a working process looks for runs whose process has gone (a server's: the embedded database's are found at start). */
const ORPHAN_SWEEP_MS = 5_000;
const RECONCILE_SWEEP_MS = 60_000;

/** Any number, the same in every process: the key of the lock under which pg-boss installs itself. */
const BOSS_START_LOCK = 4_221_937;

/**
 * Starts pg-boss with no other process starting it at the same moment: two server processes started
 * together on an empty PostgreSQL database both ran its `create schema`, and one failed on the
 * duplicate (pg_namespace). The lock is held in a transaction of our own while pg-boss installs
 * itself on its connections. The embedded database has one process and one connection: nothing to
 * wait for, and a transaction held open there would make pg-boss's own statements wait on it.
 */
async function startOnce(db: Database, start: () => Promise<unknown>): Promise<void> {
  if (db.kind === 'pglite') {
    await start();
    return;
  }
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [BOSS_START_LOCK]);
    await start();
  });
}

/** Creates pg-boss's own tables (once per database; the test template gets them this way). */
export async function installJobSchema(db: Database): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(db), supervise: false });
  await startOnce(db, () => boss.start());
  await boss.stop({ graceful: false, wait: true });
}

/**
 * Background work on PostgreSQL through pg-boss. A job is a row of ours (what people see: progress,
 * result, error) and a pg-boss job that carries its id. Retries back off; a run lost with its process
 * is retried and resumes from the checkpoint its work wrote.
 */
export class JobQueue {
  private boss: PgBoss;
  private started = false;
  private sweep: NodeJS.Timeout | undefined;
  /** this process's number on a PostgreSQL server, which every job it runs names (null: embedded, or not working) */
  private worker: number | null = null;

  constructor(
    private db: Database,
    private files: FileStore,
    private opts: { pollingIntervalSeconds?: number; work?: boolean } = {},
  ) {
    this.boss = new PgBoss(bossOptions(db));
    this.boss.on('error', (e) => log.error({ err: { message: e.message } }, 'job queue'));
  }

  async start(): Promise<void> {
    await startOnce(this.db, () => this.boss.start());
    for (const def of jobKinds()) await this.boss.createQueue(def.kind).catch(() => undefined);
    // On the embedded database one process holds the data (the lock file says so): whatever pg-boss
    // still calls active was running when that process stopped. It goes back to the queue now instead
    // of waiting for its expiry. On a PostgreSQL server other processes may be working: there each run's
    // process is asked after (resumeOrphans).
    if (this.db.kind === 'pglite') {
      const lost = await this.db.query<{ name: string; id: string }>(
        `select name, id from pgboss.job where state = 'active'`,
      );
      for (const j of lost.rows) await this.boss.fail(j.name, j.id, { message: PROCESS_STOPPED });
    }
    if (this.opts.work !== false && this.db.kind === 'postgres') {
      const r = await this.db.query<{ n: number }>(`select nextval('job_worker_seq')::int as n`);
      this.worker = Number(r.rows[0].n);
      await this.db.holdPresence(this.worker);
    }
    await (this.db.kind === 'postgres' ? this.resumeOrphans() : this.reconcileLost());
    // On a server another process may die at any moment: its runs are found within seconds and resumed here. pg-boss's
    // own supervision (expiry) stays the last resort for a process that is alive but stuck.
    this.sweep = setInterval(
      () => {
        (this.worker === null ? this.reconcileLost() : this.resumeOrphans()).catch((e) =>
          log.warn({ err: { message: (e as Error).message } }, 'job sweep'),
        );
      },
      this.worker === null ? RECONCILE_SWEEP_MS : ORPHAN_SWEEP_MS,
    );
    this.sweep.unref();
    if (this.opts.work !== false) {
      for (const def of jobKinds()) {
        await this.boss.work<{ jobId: number }>(
          def.kind,
          { batchSize: 1, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 1 },
          async ([job]) => {
            await this.runOne(def, Number(job.data.jobId));
          },
        );
      }
    }
    this.started = true;
  }

  /**
   * Our rows of runs lost with their process: pg-boss put them back (retry: queued again) or gave up
   * (failed: the person reads why). Without this a killed run showed "running" for ever.
   */
  async reconcileLost(): Promise<number> {
    const r = await this.db.query(
      `update jobs j set state = case when b.state = 'failed' then 'failed' else 'queued' end,
              error = case when b.state = 'failed' then coalesce(j.error, $1) else j.error end,
              finished_at = case when b.state = 'failed' then now() end, updated_at = now()
         from pgboss.job b
        where j.state in ('queued', 'running') and j.boss_id is not null and b.name = j.kind and b.id = j.boss_id
          and (b.state = 'failed' or (b.state = 'retry' and j.state = 'running'))`,
      ['The process running this job stopped, and it was not run again.'],
    );
    return r.rowCount ?? 0;
  }

  /**
   * Runs whose process has gone (its presence let go: killed, crashed, cut off): each goes back to pg-boss as a failed
   * attempt, so a live process takes it up after the retry delay and resumes from its checkpoint, and our row says
   * queued, and why, at once. Two processes sweeping together take each run once (the update decides).
   */
  async resumeOrphans(): Promise<number> {
    const lost = await this.db.query<{ kind: string; boss_id: string }>(
      `update jobs j set worker = null, error = $1, updated_at = now()
        where j.state = 'running' and j.worker is not null and not ${presentSql('j.worker')}
        returning kind, boss_id`,
      [PROCESS_STOPPED],
    );
    for (const j of lost.rows) await this.boss.fail(j.kind, j.boss_id, { message: PROCESS_STOPPED });
    await this.reconcileLost();
    if (lost.rows.length) log.warn({ jobs: lost.rows.length }, 'jobs of a stopped process resumed');
    return lost.rows.length;
  }

  async stop(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
    this.started = false;
  }

  /**
   * Queues a job for the actor (who is told its id at once). In tx, the job lands with the caller's
   * other writes or not at all.
   */
  async enqueue({
    actor,
    kind,
    input,
    billingCompanyId,
    tx,
  }: {
    actor: Actor | null;
    kind: string;
    input: Record<string, unknown>;
    billingCompanyId: number | null;
    tx?: Queryable;
  }): Promise<JobRow> {
    const def = jobKind(kind)!;
    const write = async (t: Queryable) => {
      const r = await t.query<JobRow>(
        `insert into jobs (kind, billing_company_id, user_id, input) values ($1, $2, $3, $4) returning ${JOB_COLUMNS}`,
        [kind, billingCompanyId, actor && !actor.system ? actor.userId : null, JSON.stringify(input)],
      );
      const row = r.rows[0];
      const bossId = await this.boss.send(
        kind,
        { jobId: Number(row.id) },
        {
          retryLimit: def.retryLimit ?? 3,
          retryBackoff: true,
          retryDelay: 2,
          expireInSeconds: def.expireInSeconds ?? 900,
          db: bossDb(t) as never,
        },
      );
      await t.query('update jobs set boss_id = $2 where id = $1', [row.id, bossId]);
      return row;
    };
    // On PGlite a query outside the open transaction would wait for it: pg-boss writes through the same transaction.
    return tx ? write(tx) : this.db.transaction(write);
  }

  private async runOne(def: JobKind<Record<string, unknown>, unknown>, jobId: number): Promise<void> {
    const r = await this.db.query<JobRow & { checkpoint: unknown }>(
      `update jobs set state = 'running', attempts = attempts + 1, error = null, worker = $2, updated_at = now()
        where id = $1 returning ${JOB_COLUMNS}, checkpoint`,
      [jobId, this.worker],
    );
    const row = r.rows[0];
    if (!row) return;
    const db = this.db;
    const worker = this.worker;
    const ctx = {
      db,
      files: this.files,
      entities: productEntities(),
      jobId,
      attempt: row.attempts,
      checkpoint: row.checkpoint ?? null,
      actor: systemActor(row.billing_company_id === null ? null : Number(row.billing_company_id), def.kind),
      async progress(done: number, total: number | null, message?: string, tx?: Queryable) {
        await (tx ?? db).query(
          'update jobs set done = $2, total = $3, message = coalesce($4, message), updated_at = now() where id = $1',
          [jobId, done, total, message ?? null],
        );
        if (tx) return;
        // Progress outside a transaction reports work already committed.
        log.debug({ job_id: jobId, kind: def.kind, done, total }, 'job progress');
        await yieldToEventLoop();
      },
      async saveCheckpoint(tx: Queryable, checkpoint: unknown) {
        // Only while the run is still this process's: one taken up by another (this process was thought gone, its
        // connection cut) must not commit its step beside the other's, so its transaction fails here.
        const r = await tx.query(
          'update jobs set checkpoint = $2, updated_at = now() where id = $1 and worker is not distinct from $3',
          [jobId, JSON.stringify(checkpoint), worker],
        );
        if (!r.rowCount) throw new Error(`job ${jobId} was taken up by another process`);
      },
    };
    try {
      const result = await def.run(ctx, row.input);
      await db.query(
        `update jobs set state = 'completed', result = $2, finished_at = now(), updated_at = now(), worker = null
          where id = $1 and worker is not distinct from $3`,
        [jobId, JSON.stringify(result), worker],
      );
      log.info({ job_id: jobId, kind: def.kind, attempt: row.attempts }, 'job completed');
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      // A refusal (the work is not allowed or its input is wrong) says why and is final: running it again changes nothing.
      if (isRefusal(e)) {
        await db.query(
          `update jobs set state = 'failed', error = $2, updated_at = now(), finished_at = now() where id = $1`,
          [jobId, refusalText(e).slice(0, 2000)],
        );
        log.info({ job_id: jobId, kind: def.kind, attempt: row.attempts }, 'job refused');
        return;
      }
      const last = row.attempts > (def.retryLimit ?? 3);
      await db.query(
        `update jobs set state = $2, error = $3, updated_at = now(), finished_at = case when $2 = 'failed' then now() end where id = $1`,
        [jobId, last ? 'failed' : 'queued', message.slice(0, 2000)],
      );
      log.warn({ job_id: jobId, kind: def.kind, attempt: row.attempts, last }, 'job failed');
      throw e;
    }
  }
}
