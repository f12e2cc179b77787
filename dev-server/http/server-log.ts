import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import pino from 'pino';

let sink: (line: string) => void = (line) => process.stdout.write(line);
/** Where log lines go (standard output; a test reads them). */
export const setLogSink = (write: (line: string) => void) => {
  sink = write;
};

/** Structured logs (JSON lines). Nothing a person typed goes in: no parameters, no query strings, no path values. */
export const log = pino(
  { level: process.env.LOG_LEVEL ?? 'info', base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
  { write: (line: string) => sink(line) },
);

interface DbError {
  code?: string;
  severity?: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
  sql?: string;
}

/**
 * A failure of ours, logged under an id the person is given (error_id), so support can find it.
 * A database error is logged by its code, the statement's text and the table or column it names;
 * its message is not, since PostgreSQL quotes the offending value in it.
 */
export function logServerError(req: Request, err: unknown): string {
  const id = randomUUID();
  const e = err as Error & DbError;
  const isDb =
    typeof e.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(e.code) &&
    (e.severity !== undefined || e.routine !== undefined || e.sql !== undefined);
  // The route's pattern (/patient/:id), never the address itself: addresses carry search terms and SSNs.
  const route = `${req.baseUrl}${(req.route as { path?: string } | undefined)?.path ?? `/${req.path.split('/')[1] ?? ''}/…`}`;
  log.error(
    {
      error_id: id,
      method: req.method,
      route,
      ...(isDb
        ? {
            db: {
              code: e.code,
              routine: e.routine,
              table: e.table,
              column: e.column,
              constraint: e.constraint,
              sql: e.sql,
            },
          }
        : { err: { name: e?.name, message: e?.message, stack: e?.stack } }),
    },
    'request failed',
  );
  return id;
}
