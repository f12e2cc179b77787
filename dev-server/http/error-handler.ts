import type { ErrorRequestHandler } from 'express';
import { translate, type Locale } from '../i18n/locale.ts';
import { HttpError, MESSAGES } from './errors.ts';

/** Every failure leaves as { message, errors? }; internals (stack, SQL) go to the log only. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const locale: Locale = res.locals.locale ?? 'en';
  const t = (m: string) => translate(m, locale);
  if (err instanceof HttpError) {
    if (err.headers) res.set(err.headers);
    const errors = err.errors && Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v.map(t)]));
    res.status(err.status).json({ message: t(err.message), ...(errors ? { errors } : {}), ...err.extra });
    return;
  }
  const e = err as { type?: string; status?: number };
  if (e.type === 'entity.parse.failed') { res.status(400).json({ message: t(MESSAGES.malformed) }); return; }
  if (e.type === 'entity.too.large') { res.status(413).json({ message: t(MESSAGES.tooLarge) }); return; }
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') { res.status(415).json({ message: t('Unsupported request encoding.') }); return; }
  console.error(`${req.method} ${req.originalUrl} failed:`, err);
  res.status(500).json({ message: t(MESSAGES.server) });
};
