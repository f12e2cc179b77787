import type { RequestHandler } from 'express';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import type { SharedCounts } from '../security/shared-counts.ts';

/**
 * A window limit per client address, shared by every server process (counted in batches, so a request writes
 * nothing itself). Keyed on the address alone: a header the client chooses (a junk Authorization) must not buy a
 * fresh window. Retry-After says when the window really ends.
 */
// Windows of 10 s: the spec's message tells a refused client to wait 10 seconds, and that must be true.
export function rateLimit(
  counts: SharedCounts,
  max = Number(process.env.RATE_LIMIT_MAX ?? 100),
  windowMs = Number(process.env.RATE_LIMIT_WINDOW_MS ?? 10_000),
): RequestHandler {
  return (req, _res, next) => {
    const w = counts.take('request', req.ip ?? 'unknown', windowMs);
    if (w.count > max)
      return next(new DomainError('too_many_requests', {}, {}, { headers: { 'Retry-After': String(w.retryAfterS) } }));
    next();
  };
}
