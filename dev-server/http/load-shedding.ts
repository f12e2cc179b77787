import type { RequestHandler } from 'express';
import { DomainError } from '../../src/domain/errors/domain-error.ts';

/**
 * A bound on the API requests this process works on at once. Past it, a request is answered at once with 503 and
 * Retry-After instead of joining the pile (a PostgreSQL pool's queue, a slow report): a client told to come back in a
 * second does better than one left hanging, and the requests already in hand finish sooner. (On the embedded database
 * requests wait mostly before they reach the app, behind the one thread: bench/RESULTS.md, load shedding.)
 * Long-lived streams (Messenger's events) hold a connection, not the database: they are not counted.
 */
export function loadShedding(max: number, isStream: (path: string) => boolean): RequestHandler {
  let inFlight = 0;
  return (req, res, next) => {
    if (isStream(req.path)) return next();
    if (inFlight >= max) return next(new DomainError('server_busy', {}, {}, { headers: { 'Retry-After': '1' } }));
    inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight--;
    };
    res.on('finish', finish);
    res.on('close', finish);
    next();
  };
}

/** The default bound: the embedded database serves one statement at a time; a server has a pool of connections. */
export const defaultMaxInFlight = (kind: 'pglite' | 'postgres') =>
  Number(process.env.MAX_IN_FLIGHT ?? (kind === 'pglite' ? 48 : 256));
