import type { RequestHandler } from 'express';
import { DomainError } from '../../src/domain/errors/domain-error.ts';

/**
 * A fixed-window limit per client address. Keyed on the address alone: a header the client
 * chooses (a junk Authorization) must not buy a fresh window. Retry-After says when the window
 * really ends. Per process on purpose: it protects this process; counting in the database would
 * add a write to every request.
 */
// Windows of 10 s: the spec's message tells a refused client to wait 10 seconds, and that must be true.
export function rateLimit(
  max = Number(process.env.RATE_LIMIT_MAX ?? 100),
  windowMs = Number(process.env.RATE_LIMIT_WINDOW_MS ?? 10_000),
): RequestHandler {
  const windows = new Map<string, { start: number; count: number }>();
  return (req, _res, next) => {
    const now = Date.now();
    const key = req.ip ?? 'unknown';
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (windows.size > 50_000) windows.clear();
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    if (++w.count > max) {
      const retryAfterS = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
      return next(new DomainError('too_many_requests', {}, {}, { headers: { 'Retry-After': String(retryAfterS) } }));
    }
    next();
  };
}
