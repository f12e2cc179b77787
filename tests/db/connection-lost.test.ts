import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../dev-server/db/database.ts';
import { openPostgres } from '../../dev-server/db/postgres-database.ts';
import { createPostgresDatabase, PG_URL } from '../helpers/test-database.ts';

/**
 * PostgreSQL ends a server's connections (a restart, an administrator, a network drop): the server goes on. Without a
 * listener on the pool, node-postgres turns an idle connection's end into an uncaught exception that ends the process.
 */
let database: { url: string; drop(): Promise<void> };
let db: Database;
beforeAll(async () => {
  database = await createPostgresDatabase();
  db = openPostgres(database.url);
});
afterAll(async () => {
  await db.close();
  await database.drop();
});

/** Ends every connection to the test's database but the administrator's own, as `pg_terminate_backend` does. */
async function endConnections() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const name = new URL(database.url).pathname.slice(1);
  const ended = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  await admin.end();
  return ended.rowCount;
}

describe('the database ends the connections', () => {
  it('the next query is answered on a new connection, and waiting listeners hear notifications again', async () => {
    const heard: string[] = [];
    await db.listen('lost_test', (p) => heard.push(p));
    expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    expect(await endConnections()).toBeGreaterThanOrEqual(2);
    await expect
      .poll(async () => (await db.query<{ n: number }>('select 2 as n').catch(() => null))?.rows)
      .toEqual([{ n: 2 }]);
    // The listening connection comes back by itself: a notification sent now is heard.
    await expect
      .poll(async () => {
        await db.exec("notify lost_test, 'back'");
        return heard.includes('back');
      })
      .toBe(true);
  });
});
