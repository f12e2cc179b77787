import pg from 'pg';
import type { Database } from '../dev-server/db/database.ts';
import { openPglite } from '../dev-server/db/pglite-database.ts';
import { openPostgres } from '../dev-server/db/postgres-database.ts';

export const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Runs a measure on each database a bench compares, each made empty for it: embedded PGlite in
 * memory, then a fresh database `name` on the PostgreSQL server of DATABASE_URL.
 */
export async function onEachDatabase<T>(
  name: string,
  // url: the PostgreSQL database's address, for a bench that starts a server process on it (none for PGlite).
  measure: (label: string, db: Database, url?: string) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = [];
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') {
    const lite = await openPglite();
    out.push(...(await measure('PGlite (embedded)', lite)));
    await lite.close();
  }
  if (only === 'pglite') return out;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const server = openPostgres(url.toString());
  out.push(...(await measure('PostgreSQL 15 (server)', server, url.toString())));
  await server.close();
  return out;
}
