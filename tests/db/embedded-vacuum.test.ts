import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../dev-server/db/database.ts';
import { openPglite } from '../../dev-server/db/pglite-database.ts';
import { tablesDue, vacuumOneDue } from '../../dev-server/db/embedded-vacuum.ts';

let db: Database;
beforeAll(async () => {
  db = await openPglite();
  await db.query('create table busy (id int primary key, name text)');
  await db.query('create index busy_name on busy (name, id)');
  await db.query('create table quiet (id int primary key)');
  await db.query("insert into busy select g, 'n' || g from generate_series(1, 5000) g");
  await db.query('insert into quiet select generate_series(1, 10)');
});
afterAll(() => db.close());

// PostgreSQL publishes a session's table counters at most once a second: wait for them, not for a clock.
const due = async () => (await tablesDue(db)).map((t) => t.table);

describe('the embedded database vacuums itself (PGlite has no autovacuum worker)', () => {
  it('a table past autovacuum’s thresholds is due; one barely touched is not', async () => {
    await expect.poll(due, { timeout: 15_000, interval: 200 }).toContain('public.busy');
    expect(await due()).not.toContain('public.quiet');
  });

  it('vacuuming the due table lets a count read its index alone', async () => {
    await expect.poll(due, { timeout: 15_000, interval: 200 }).toContain('public.busy');
    expect(await vacuumOneDue(db)).toEqual({ table: 'public.busy', vacuum: true });
    const pages = await db.query<{ relpages: number; relallvisible: number }>(
      "select relpages, relallvisible from pg_class where relname = 'busy'",
    );
    expect(pages.rows[0].relallvisible).toBe(pages.rows[0].relpages);
    await db.query('set enable_seqscan = off');
    await db.query('set enable_bitmapscan = off');
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      "explain (analyze, costs off, timing off, summary off) select count(*) from busy where name like 'n1%'",
    );
    await db.query('reset enable_seqscan');
    await db.query('reset enable_bitmapscan');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('Heap Fetches: 0');
    expect(await due()).not.toContain('public.busy');
  });
});
