import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.ts';

export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url).pathname;
const LOCK_KEY = 7_244_837_001; // any constant shared by every process of this product

export class MigrationChangedError extends Error {}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** The migrations this code knows, in the order they apply. */
export function migrationFiles(dirs: string[] = [MIGRATIONS_DIR]): MigrationFile[] {
  const files = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f))
      .map((f) => {
        const sql = readFileSync(join(d, f), 'utf8');
        return { name: f, sql, checksum: createHash('sha256').update(sql).digest('hex') };
      }),
  );
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Applies every migration not yet applied, in name order, in one transaction, under an advisory
 * lock so that several processes starting together migrate once. A landed migration whose text has
 * changed stops start-up: migrations are never edited after landing.
 *
 * through: stop after this migration (a restore brings a database to its backup's level, loads it, then goes on).
 */
export async function migrate(
  db: Database,
  dirs: string[] = [MIGRATIONS_DIR],
  opts: { through?: string } = {},
): Promise<string[]> {
  const files = migrationFiles(dirs).filter((f) => !opts.through || f.name <= opts.through);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    // Created under the lock: two processes' "create table if not exists" at once collide in PostgreSQL's catalogue
    // (duplicate pg_type name), and the second process would fail to start.
    await tx.query(
      'create table if not exists schema_migrations (name text primary key, checksum text not null, applied_at timestamptz not null default now())',
    );
    const done = new Map(
      (await tx.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations')).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );
    for (const f of files) {
      if (done.has(f.name)) {
        if (done.get(f.name) !== f.checksum)
          throw new MigrationChangedError(
            `Migration ${f.name} was edited after it was applied; add a new migration instead.`,
          );
        continue;
      }
      for (const statement of splitStatements(f.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [f.name, f.checksum]);
      applied.push(f.name);
    }
  });
  return applied;
}

/** Splits on semicolons outside $$ bodies, so one transaction can run a file statement by statement. */
function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (line.trim().startsWith('--') && !inDollar) continue;
    current += line + '\n';
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && line.trimEnd().endsWith(';')) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
