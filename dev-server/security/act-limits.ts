import type { Request, RequestHandler } from 'express';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from './actor.ts';
import { frequentLease, type SharedCounts } from './shared-counts.ts';

/** Acts that expose people or data in bulk, each limited per person (or per address, before sign-in). */
export type GuardedAct = 'recovery' | 'export' | 'upload' | 'phi_search';

/** The guarded act a route counts toward: the one it declares, and 'upload' for any route that takes files. */
export const routeLimit = (route: { limit?: GuardedAct; multipart?: unknown; multipartFor?: unknown }) =>
  route.limit ?? (route.multipart || route.multipartFor ? ('upload' as const) : undefined);

export interface ActLimit {
  max: number;
  windowMs: number;
  by: 'address' | 'user';
  /** counted in the database at each act (rare, costly acts), or taken from it in leases (acts as frequent as requests) */
  exact: boolean;
}

const HOUR = 3600_000;
const DEFAULT_LIMITS: Record<GuardedAct, ActLimit> = {
  // Forgotten password or user name: each mails a person, so few per address (an office behind one address included).
  recovery: { max: 30, windowMs: HOUR, by: 'address', exact: true },
  // A whole report or list out of the product: more than an analyst's busiest hour.
  export: { max: 60, windowMs: HOUR, by: 'user', exact: true },
  upload: { max: 300, windowMs: HOUR, by: 'user', exact: true },
  // Patient look-ups as staff type: generous for a front desk, a wall for someone walking the whole index.
  phi_search: { max: 600, windowMs: 10 * 60_000, by: 'user', exact: false },
};

/** The limits, each changeable as LIMIT_<ACT>=max/seconds (LIMIT_EXPORT=120/3600). */
export function actLimits(env: NodeJS.ProcessEnv = process.env): Record<GuardedAct, ActLimit> {
  const out = { ...DEFAULT_LIMITS };
  for (const act of Object.keys(out) as GuardedAct[]) {
    const m = /^(\d+)\/(\d+)$/.exec(env[`LIMIT_${act.toUpperCase()}`] ?? '');
    if (m) out[act] = { ...out[act], max: Number(m[1]), windowMs: Number(m[2]) * 1000 };
  }
  return out;
}

/** Checks guarded acts against their limits, counted across every server process. */
export class ActGuard {
  constructor(
    private readonly counts: SharedCounts,
    private readonly limits: Record<GuardedAct, ActLimit> = actLimits(),
  ) {}

  /** Counts the act; past its limit, a 429 that says how long to wait. */
  async check(act: GuardedAct, req: Request, actor: Actor | null): Promise<void> {
    const limit = this.limits[act];
    const key = limit.by === 'user' && actor && !actor.system ? `user:${actor.userId}` : `ip:${req.ip ?? 'unknown'}`;
    const w = await this.counts.take(act, key, { ...limit, lease: limit.exact ? 1 : frequentLease(limit.max) });
    if (!w.allowed)
      throw new DomainError(
        `${act}_limit`,
        { minutes: Math.max(1, Math.ceil(w.retryAfterS / 60)) },
        {},
        { headers: { 'Retry-After': String(w.retryAfterS) } },
      );
  }

  /** The check as a step of a route (after its permission check, so a refused caller does not count). */
  handler(act: GuardedAct): RequestHandler {
    return (req, res, next) => {
      this.check(act, req, (res.locals.actor as Actor | undefined) ?? null).then(() => next(), next);
    };
  }
}
