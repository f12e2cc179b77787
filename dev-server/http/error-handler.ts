import type { ErrorRequestHandler } from 'express';
import { HttpError, MESSAGES } from './errors.ts';

/** Every failure leaves as { message, errors? }; internals (stack, SQL) go to the log only. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof HttpError) {
    if (err.headers) res.set(err.headers);
    res.status(err.status).json(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
    return;
  }
  const e = err as { type?: string; status?: number };
  if (e.type === 'entity.parse.failed') { res.status(400).json({ message: MESSAGES.malformed }); return; }
  if (e.type === 'entity.too.large') { res.status(413).json({ message: MESSAGES.tooLarge }); return; }
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') { res.status(415).json({ message: 'Unsupported request encoding.' }); return; }
  console.error(`${req.method} ${req.originalUrl} failed:`, err);
  res.status(500).json({ message: MESSAGES.server });
};
