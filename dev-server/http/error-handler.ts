import type { ErrorRequestHandler } from 'express';
import { translate, type Locale } from '../i18n/locale.ts';
import { logServerError } from './server-log.ts';
import { HttpError, MESSAGES } from './errors.ts';
import { DomainError, type ErrorParams } from '../../src/domain/errors/domain-error.ts';
import { errorStatus, errorText } from '../../src/domain/errors/error-catalogue.ts';

/** A typed error's body: its sentence and each field's sentences in the reader's language. */
export function renderDomainError(
  err: DomainError,
  locale: Locale,
): { status: number; body: { message: string; errors?: Record<string, string[]>; code: string } } {
  // Params that are themselves spec sentences (a duplicate message) are translated like any message.
  const say = (code: Parameters<typeof errorText>[0], params: ErrorParams = {}) =>
    translate(
      errorText(
        code,
        Object.fromEntries(
          Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? translate(v, locale) : v]),
        ),
        locale,
      ),
      locale,
    );
  const fields = Object.entries(err.fields);
  const errors = fields.length
    ? Object.fromEntries(fields.map(([field, problems]) => [field, problems.map((p) => say(p.code, p.params))]))
    : undefined;
  return {
    status: errorStatus(err.code),
    body: { message: say(err.code, err.params), code: err.code, ...(errors ? { errors } : {}) },
  };
}

/** Every failure leaves as { message, errors? }; internals (stack, SQL) go to the log only. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const locale: Locale = res.locals.locale ?? 'en';
  const t = (m: string) => translate(m, locale);
  if (err instanceof DomainError) {
    const { status, body } = renderDomainError(err, locale);
    res.status(status).json(body);
    return;
  }
  if (err instanceof HttpError) {
    if (err.headers) res.set(err.headers);
    const errors = err.errors && Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v.map(t)]));
    res.status(err.status).json({ message: t(err.message), ...(errors ? { errors } : {}), ...err.extra });
    return;
  }
  const e = err as { type?: string; status?: number; name?: string; code?: string; message?: string; column?: string };
  if (e.type === 'entity.parse.failed') {
    res.status(400).json({ message: t(MESSAGES.malformed) });
    return;
  }
  if (e.type === 'entity.too.large') {
    res.status(413).json({ message: t(MESSAGES.tooLarge) });
    return;
  }
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
    res.status(415).json({ message: t('Unsupported request encoding.') });
    return;
  }
  // A body the parser could not read (a gzip header on a body that is not gzip, a request cut short).
  if (
    (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.type) ||
    (typeof e.code === 'string' && e.code.startsWith('Z_'))
  ) {
    res
      .status(typeof e.status === 'number' && e.status < 500 ? e.status : 400)
      .json({ message: t(MESSAGES.unreadable) });
    return;
  }
  // multer and busboy: a multipart body cut off or malformed is the sender's doing.
  if (
    e.name === 'MulterError' ||
    /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found|Unexpected end of multipart data)/.test(
      e.message ?? '',
    )
  ) {
    return renderAs(new DomainError('upload_malformed'));
  }
  // PostgreSQL refusing a value (class 22: out of range, bad date, bad text; 23502: a missing required value): the
  // request's fault, said without echoing the value. Validation should have caught it; this is the net under it.
  if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return renderAs(new DomainError('bad_value'));
  if (e.code === '23502')
    return renderAs(
      new DomainError(
        'invalid',
        {},
        { [e.column ?? '_']: [{ code: 'required', params: { field: (e.column ?? 'value').replace(/_/g, ' ') } }] },
      ),
    );
  // The browser went away while a file was being sent (a page closed, a download cancelled): nothing failed here.
  if (e.code === 'ECONNABORTED' || e.message === 'Request aborted') {
    if (!res.headersSent) res.status(499).end();
    return;
  }
  const id = logServerError(req, err);
  res.status(500).json({ message: t(MESSAGES.server), error_id: id });

  function renderAs(d: DomainError) {
    const { status, body } = renderDomainError(d, locale);
    res.status(status).json(body);
  }
};
