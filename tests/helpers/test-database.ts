import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../dev-server/db/database.ts';
import { openPglite } from '../../dev-server/db/pglite-database.ts';
import { openPostgres } from '../../dev-server/db/postgres-database.ts';

export const usePostgres = process.env.TEST_DATABASE === 'postgres';
export const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEMPLATE_DB = 'rcp_test_template';
export const TEMPLATE_DUMP = join(new URL('../..', import.meta.url).pathname, '.test-data', 'template.tar');
/** Where test apps keep their files' bytes (content-addressed, so databases copied from one template share them). */
export const TEST_FILES_DIR = '.test-data/files';

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A fresh database for one test file, cloned from the migrated template (never re-migrated). */
export async function freshDatabase(): Promise<Database> {
  if (!usePostgres) return openPglite(undefined, new Blob([readFileSync(TEMPLATE_DUMP)]));
  return newPostgresDatabase(TEMPLATE_DB);
}

/** A new PostgreSQL database (a template's copy, or empty): its URL, and how to drop it. */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rcp_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    url: withDatabase(PG_URL, name),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A PostgreSQL database of its own (a template's copy, or empty), dropped when closed. */
export async function newPostgresDatabase(template?: string): Promise<Database> {
  const created = await createPostgresDatabase(template);
  const db = openPostgres(created.url);
  const close = db.close;
  db.close = async () => {
    await close();
    await created.drop();
  };
  return db;
}

export { withDatabase };
