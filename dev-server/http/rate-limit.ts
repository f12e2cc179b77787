import type { RequestHandler } from 'express';
import { HttpError, MESSAGES } from './errors.ts';

/**
 * A fixed-window limit per client (bearer token, else IP). It is per process on purpose: it protects
 * this process; counting in the database would add a write to every request.
 */
export function rateLimit(max = Number(process.env.RATE_LIMIT_MAX ?? 600), windowMs = Number(process.env.RATE_LIMIT_WINDOW_MS ?? 60_000)): RequestHandler {
  const windows = new Map<string, { start: number; count: number }>();
  return (req, _res, next) => {
    const now = Date.now();
    const key = req.headers.authorization ?? req.ip ?? 'unknown';
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (windows.size > 50_000) windows.clear();
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    if (++w.count > max) return next(new HttpError(429, MESSAGES.tooMany, undefined, { 'Retry-After': '10' }));
    next();
  };
}
