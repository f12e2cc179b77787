import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { dirname } from 'node:path';
import pg from 'pg';
import { migrate } from '../../dev-server/db/migrate.ts';
import { openPgliteForTemplate } from '../../dev-server/db/pglite-database.ts';
import { openPostgres } from '../../dev-server/db/postgres-database.ts';
import { seedAccess } from '../../dev-server/db/seed.ts';
import { installJobSchema } from '../../dev-server/jobs/job-queue.ts';
import { runReadsDemo } from './demo-readers.ts';
import { DEMO_BUILD_DB, DEMO_DB, forgetDemo, startDemoBuild } from './demo-template.ts';
import { PG_URL, TEMPLATE_DB, TEMPLATE_DUMP, usePostgres, withDatabase } from './test-database.ts';

/**
 * Migrates one template database per run; every test file clones it. Then, when the run reads the demo, starts
 * building the demo's template in the background (its readers wait for it; the other files do not).
 * Each project of the run (the server's files, the browser's) calls this; the work is done once per run, in the
 * run's own process, and undone when the last project ends.
 */
const run = globalThis as { rcpSetup?: Promise<ChildProcess | undefined>; rcpProjects?: number };

export default async function setup() {
  run.rcpProjects = (run.rcpProjects ?? 0) + 1;
  const builder = await (run.rcpSetup ??= prepare());
  return () => {
    run.rcpProjects = (run.rcpProjects ?? 1) - 1;
    if (run.rcpProjects === 0 && builder && builder.exitCode === null) builder.kill();
  };
}

async function prepare() {
  mkdirSync(dirname(TEMPLATE_DUMP), { recursive: true });
  forgetDemo();
  await (usePostgres ? postgresTemplate() : pgliteTemplate());
  if (!runReadsDemo()) return undefined;
  const builder = startDemoBuild();
  yieldToBuilder();
  return builder;
}

/**
 * The workers are forked from this process after set-up and inherit its niceness; the builder, started before, keeps
 * its own. So while the demo is built it gets a core's worth of CPU, not a third of one against two busy workers, and
 * is ready when the readers (last in the queue) come. Once it is done every process is equally nice: no effect.
 */
const WORKER_NICENESS = 5;
function yieldToBuilder() {
  setPriority(Math.max(getPriority(), WORKER_NICENESS));
}

async function pgliteTemplate() {
  const { db, dump } = await openPgliteForTemplate();
  await migrate(db);
  await seedAccess(db);
  await installJobSchema(db);
  writeFileSync(TEMPLATE_DUMP, Buffer.from(await (await dump()).arrayBuffer()));
  await db.close();
}

async function postgresTemplate() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  for (const name of [DEMO_DB, DEMO_BUILD_DB, TEMPLATE_DB]) {
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
    await admin.query(`drop database if exists ${name}`);
  }
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const db = openPostgres(withDatabase(PG_URL, TEMPLATE_DB));
  await migrate(db);
  await seedAccess(db);
  await installJobSchema(db);
  await db.close();
}
