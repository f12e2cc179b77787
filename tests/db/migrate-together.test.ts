import { afterAll, expect, it } from 'vitest';
import { migrate } from '../../dev-server/db/migrate.ts';
import { installJobSchema } from '../../dev-server/jobs/job-queue.ts';
import { openPostgres } from '../../dev-server/db/postgres-database.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';

/**
 * Two processes started together on an empty PostgreSQL database (an office's two servers behind a load balancer)
 * migrate it once between them; neither fails to start.
 */
const created: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const c of created) await c.drop();
});

it('two processes migrating an empty database at once both start, and each migration is applied once', async () => {
  const database = await createPostgresDatabase();
  created.push(database);
  const [one, two] = [openPostgres(database.url), openPostgres(database.url)];
  try {
    const applied = await Promise.all([migrate(one), migrate(two)]);
    // One of them applied every migration; the other found them applied.
    expect(applied.map((a) => a.length).sort((x, y) => x - y)[0]).toBe(0);
    const rows = (
      await one.query<{ name: string; n: string }>('select name, count(*) n from schema_migrations group by name')
    ).rows;
    expect(rows.length).toBe(Math.max(...applied.map((a) => a.length)));
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  } finally {
    await one.close();
    await two.close();
  }
});

it("two processes starting the job queue at once on a database without it both start, and pg-boss's schema is made once", async () => {
  const database = await createPostgresDatabase();
  created.push(database);
  const [one, two] = [openPostgres(database.url), openPostgres(database.url)];
  try {
    await migrate(one);
    // What each server process does at start: pg-boss creates its schema and tables on first start.
    await Promise.all([installJobSchema(one), installJobSchema(two)]);
    const schemas = await one.query<{ n: string }>("select count(*) n from pg_namespace where nspname = 'pgboss'");
    expect(Number(schemas.rows[0].n)).toBe(1);
  } finally {
    await one.close();
    await two.close();
  }
});
