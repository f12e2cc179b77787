import type { RequestHandler } from 'express';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { frequentLease, type SharedCounts } from '../security/shared-counts.ts';

/**
 * A window limit per client address, one limit for every server process (taken from the database in leases, so most
 * requests are answered from memory). Keyed on the address alone: a header the client chooses (a junk Authorization) must not buy a
 * fresh window. Retry-After says when the window really ends.
 */
// Windows of 10 s: the spec's message tells a refused client to wait 10 seconds, and that must be true.
export function rateLimit(
  counts: SharedCounts,
  max = Number(process.env.RATE_LIMIT_MAX ?? 100),
  windowMs = Number(process.env.RATE_LIMIT_WINDOW_MS ?? 10_000),
): RequestHandler {
  const limit = { max, windowMs, lease: frequentLease(max) };
  return (req, _res, next) => {
    counts
      .take('request', req.ip ?? 'unknown', limit)
      .then(
        (w) =>
          next(
            w.allowed
              ? undefined
              : new DomainError('too_many_requests', {}, {}, { headers: { 'Retry-After': String(w.retryAfterS) } }),
          ),
        next,
      );
  };
}
