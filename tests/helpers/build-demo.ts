import { readFileSync } from 'node:fs';
import pg from 'pg';
import { defaultFileStore } from '../../dev-server/app.ts';
import { openPgliteForTemplate } from '../../dev-server/db/pglite-database.ts';
import { openPostgres } from '../../dev-server/db/postgres-database.ts';
import { loadDemoForTests } from './demo-for-tests.ts';
import { DEMO_BUILD_DB, DEMO_DB, DEMO_DUMP, DEMO_READY, DEMO_SIZE, writeFailed, writeMarker } from './demo-template.ts';
import { PG_URL, TEMPLATE_DB, TEMPLATE_DUMP, TEST_FILES_DIR, usePostgres, withDatabase } from './test-database.ts';

/** Builds the run's shared demo (started by demo-template.ts in a process of its own), then says it is ready. */
async function buildOnPglite() {
  const { db, dump } = await openPgliteForTemplate(new Blob([readFileSync(TEMPLATE_DUMP)]));
  try {
    await loadDemoForTests({ db, files: defaultFileStore(db, TEST_FILES_DIR) }, DEMO_SIZE);
    writeMarker(DEMO_DUMP, Buffer.from(await (await dump()).arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** On a PostgreSQL server the demo is a template database, renamed to its name only once whole. */
async function buildOnPostgres() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DEMO_BUILD_DB} with (force)`);
    await admin.query(`create database ${DEMO_BUILD_DB} template ${TEMPLATE_DB}`);
    const db = openPostgres(withDatabase(PG_URL, DEMO_BUILD_DB));
    try {
      await loadDemoForTests({ db, files: defaultFileStore(db, TEST_FILES_DIR) }, DEMO_SIZE);
    } finally {
      await db.close();
    }
    await admin.query(`alter database ${DEMO_BUILD_DB} rename to ${DEMO_DB}`);
  } finally {
    await admin.end();
  }
}

try {
  await (usePostgres ? buildOnPostgres() : buildOnPglite());
  writeMarker(DEMO_READY);
} catch (e) {
  writeFailed(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exitCode = 1;
}
