import type { ErrorRequestHandler } from 'express';
import { translate, type Locale } from '../i18n/locale.ts';
import { logServerError } from './server-log.ts';
import { DomainError, type ErrorParams } from '../../src/domain/errors/domain-error.ts';
import { errorStatus, errorText } from '../../src/domain/errors/error-catalogue.ts';
import { isoToUsDate } from '../../src/domain/formats.ts';

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
    status: errorStatus(err),
    body: { message: say(err.code, err.params), code: err.code, ...(errors ? { errors } : {}) },
  };
}

/** Every failure leaves as { message, errors? }; internals (stack, SQL) go to the log only. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const locale: Locale = res.locals.locale ?? 'en';
  if (err instanceof DomainError) return renderAs(err);
  const e = err as { type?: string; status?: number; name?: string; code?: string; message?: string; column?: string };
  if (e.type === 'entity.parse.failed') return renderAs(new DomainError('body_not_json'));
  if (e.type === 'entity.too.large') return renderAs(new DomainError('body_too_large'));
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported')
    return renderAs(new DomainError('encoding_unsupported'));
  // A body the parser could not read (a gzip header on a body that is not gzip, a request cut short).
  if (
    (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.type) ||
    (typeof e.code === 'string' && e.code.startsWith('Z_'))
  ) {
    return renderAs(
      new DomainError('body_unreadable'),
      typeof e.status === 'number' && e.status < 500 ? e.status : 400,
    );
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
  // The database refusing a day inside closed books (migration 0066, whatever path wrote it): its detail is the day
  // and the day the books are closed through.
  if (e.code === 'RC001') {
    const [day, through] = ((e as { detail?: string }).detail ?? '').split(' ');
    return renderAs(new DomainError('books_closed', { day: isoToUsDate(day), through: isoToUsDate(through) }));
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
  renderAs(new DomainError('server_error', {}, {}, { body: { error_id: logServerError(req, err) } }));

  /** status: the parser's own 4xx where it named one. */
  function renderAs(d: DomainError, status?: number) {
    const rendered = renderDomainError(d, locale);
    if (d.details.headers) res.set(d.details.headers);
    res.status(status ?? rendered.status).json({ ...rendered.body, ...d.details.body });
  }
};
