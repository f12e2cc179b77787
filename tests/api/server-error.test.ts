import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
beforeAll(async () => { ({ app, root } = await startAsSuperUser()); });
afterAll(() => app.close());

describe('a failure inside the server', () => {
  it('answers 500 with a message only: no stack, no SQL', async () => {
    const original = app.db.query;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    app.db.query = (async (sql: string, params?: unknown[]) => {
      if (/from modifiers/.test(sql)) throw new Error('relation "modifiers" does not exist at select secret_column from modifiers');
      return original.call(app.db, sql, params);
    }) as typeof original;
    try {
      const r = await root('GET', '/modifier/get-all-server');
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ message: 'Internal Server Error. Please try again later.' });
    } finally {
      app.db.query = original;
      quiet.mockRestore();
    }
  });
});
