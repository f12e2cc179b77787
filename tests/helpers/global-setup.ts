import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { migrate } from '../../dev-server/db/migrate.ts';
import { openPgliteForTemplate } from '../../dev-server/db/pglite-database.ts';
import { openPostgres } from '../../dev-server/db/postgres-database.ts';
import { seedAccess } from '../../dev-server/db/seed.ts';
import { installJobSchema } from '../../dev-server/jobs/job-queue.ts';
import { PG_URL, TEMPLATE_DB, TEMPLATE_DUMP, usePostgres, withDatabase } from './test-database.ts';

/** Migrates one template database per run; every test file clones it. */
export default async function setup() {
  if (!usePostgres) {
    const { db, dump } = await openPgliteForTemplate();
    await migrate(db);
    await seedAccess(db);
    await installJobSchema(db);
    mkdirSync(dirname(TEMPLATE_DUMP), { recursive: true });
    writeFileSync(TEMPLATE_DUMP, Buffer.from(await (await dump()).arrayBuffer()));
    await db.close();
    return;
  }
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [TEMPLATE_DB]);
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const db = openPostgres(withDatabase(PG_URL, TEMPLATE_DB));
  await migrate(db);
  await seedAccess(db);
  await installJobSchema(db);
  await db.close();
}
