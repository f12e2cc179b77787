import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
});
afterAll(() => app.close());

describe('a failure inside the server', () => {
  it('answers 500 with a message only: no stack, no SQL', async () => {
    const original = app.db.query;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    app.db.query = (async (sql: string, params?: unknown[]) => {
      if (/from modifiers/.test(sql))
        throw new Error('relation "modifiers" does not exist at select secret_column from modifiers');
      return original.call(app.db, sql, params);
    }) as typeof original;
    try {
      const r = await root('GET', '/modifier/get-all-server');
      expect(r.status).toBe(500);
      expect(r.body).toEqual({
        message: 'Internal Server Error. Please try again later.',
        code: 'server_error',
        error_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    } finally {
      app.db.query = original;
      quiet.mockRestore();
    }
  });
});

describe('the server log', () => {
  it('logs a failure under the id the person is given, with the statement text and never its values', async () => {
    const { setLogSink } = await import('../../dev-server/http/server-log.ts');
    const lines: string[] = [];
    setLogSink((l) => lines.push(l));
    const original = app.db.transaction;
    app.db.transaction = ((fn: Parameters<typeof original>[0]) =>
      original.call(app.db, (tx) =>
        fn({
          async query(sql: string, params?: unknown[]) {
            // A database error as PGlite raises it: its message quotes the value, its params carry the row.
            if (/insert into patients/.test(sql))
              throw Object.assign(new Error('value too long for type character varying: "Zelda Quintanilla"'), {
                code: '0A000',
                severity: 'ERROR',
                routine: 'fake',
                params,
                sql,
              });
            return tx.query(sql, params);
          },
        } as typeof tx),
      )) as typeof original;
    try {
      const bc = await app.createBillingCompany('Log Billing', 'LB');
      const created = await root('POST', '/patient', {
        first_name: 'Zelda',
        last_name: 'Quintanilla',
        date_of_birth: '01/02/1980',
        billing_company_id: bc,
        ssn: '123-45-6789',
      });
      expect(created.status).toBe(500);
      const logged = lines.join('');
      expect(logged).toContain(created.body.error_id);
      expect(logged).toContain('insert into patients');
      for (const phi of ['Zelda', 'Quintanilla', '1980', '6789', '123-45']) expect(logged).not.toContain(phi);
    } finally {
      app.db.transaction = original;
      setLogSink((l) => process.stdout.write(l));
    }
  });
});
