/**
 * A failed statement's error, carrying the statement's text (for the log) and nothing of its
 * parameters: PGlite attaches them to its errors, and they hold patients' data.
 */
export function statementError(e: unknown, sql: string): unknown {
  if (e && typeof e === 'object') {
    Object.defineProperty(e, 'sql', {
      value: sql.replace(/\s+/g, ' ').trim().slice(0, 2000),
      enumerable: false,
      configurable: true,
    });
    for (const k of ['params', 'query'])
      if (k in e) Object.defineProperty(e, k, { value: undefined, enumerable: false, configurable: true });
  }
  return e;
}
