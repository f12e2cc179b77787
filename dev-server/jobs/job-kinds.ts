import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';

/** What a running job may use and report. */
export interface JobContext<C = unknown> {
  db: Database;
  files: FileStore;
  /** the product's entity schemas, for work that goes through their stores */
  entities: Entity[];
  jobId: number;
  /** the system acting for the job's billing company (or for all, on a platform-wide job) */
  actor: Actor;
  /** where a previous, interrupted run got to; null on a first run */
  checkpoint: C | null;
  attempt: number;
  /** progress people see (GET /jobs/{id}); pass the transaction of the work it reports to land with it */
  progress(done: number, total: number | null, message?: string, tx?: Queryable): Promise<void>;
  /**
   * Records how far the work got, in the transaction of that work: a resumed run starts after it,
   * so nothing is done twice.
   */
  saveCheckpoint(tx: Queryable, checkpoint: C): Promise<void>;
}

export interface JobKind<I = Record<string, unknown>, C = unknown> {
  kind: string;
  /** who may start it through POST /jobs/{kind} (any one of these); null: only the system starts it */
  permission: string[] | null;
  /** a platform-wide job (code sets) may be started only by a cross-tenant person */
  platform?: boolean;
  retryLimit?: number;
  /** a run that takes longer than this is taken as lost (process gone) and retried */
  expireInSeconds?: number;
  /** checks and normalises what a person asked for (422 on a bad input) */
  input(raw: Record<string, unknown>): I;
  /** checks what the input names against the database (a file of the right kind) before the job is queued: 422 otherwise */
  check?(db: Queryable, input: I): Promise<void>;
  /** the billing company the work belongs to (the batch's, the account's); the job runs as the system for it. Default: the starter's first */
  owner?(db: Queryable, input: I): Promise<number | null>;
  run(ctx: JobContext<C>, input: I): Promise<Record<string, unknown>>;
}

const kinds = new Map<string, JobKind<never, never>>();

/** Each job module registers its kind once, at import. */
export function defineJob<I, C>(def: JobKind<I, C>): JobKind<I, C> {
  kinds.set(def.kind, def as unknown as JobKind<never, never>);
  return def;
}

export const jobKind = (kind: string) => kinds.get(kind) as JobKind<Record<string, unknown>, unknown> | undefined;
export const jobKinds = () => [...kinds.values()] as unknown as JobKind<Record<string, unknown>, unknown>[];
