import { join } from 'node:path';
import type { Database } from './database.ts';
import { openPglite } from './pglite-database.ts';
import { openPostgres } from './postgres-database.ts';

/** DATABASE_URL names a PostgreSQL server; otherwise embedded PGlite under DATA_DIR (default ./data). */
export async function openDatabase(env = process.env): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  return openPglite(join(env.DATA_DIR ?? './data', 'pglite'));
}
