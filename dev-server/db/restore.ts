import { createReadStream, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { BlobStorage } from '../storage/blob-storage.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BlobLine,
  type EndLine,
  type SequenceLine,
  type TableRowsLine,
  productTables,
  quoteIdent,
} from './backup-format.ts';
import type { Database, Queryable } from './database.ts';
import { migrate, migrationFiles } from './migrate.ts';

/** Why a backup cannot be restored here; the message says what to do. */
export class RestoreRefusedError extends Error {}

export interface RestoreSummary {
  madeAt: string;
  tables: Record<string, number>;
  rows: number;
  blobs: number;
  /** migrations this code applied after loading a backup made by an earlier version */
  upgradedWith: string[];
}

/**
 * Restores a backup (writeBackup's file) into an empty database: migrates it to the backup's level, loads every row
 * exactly as it was (triggers and foreign-key checks off while loading, so the audit trail keeps its own hashes and the
 * tables load in any order), puts the sequences where they were, stores the files, then applies the migrations this
 * code has beyond the backup. All in one transaction per step: a cut or doctored backup loads nothing.
 */
export async function restoreBackup(
  db: Database,
  blobs: BlobStorage,
  input: Readable,
  migrationDirs?: string[],
): Promise<RestoreSummary> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = (first.done ? null : parseLine(first.value)) as BackupHeader | null;
  if (header?.format !== BACKUP_FORMAT)
    throw new RestoreRefusedError('This file is not a backup made by this product.');
  if (header.version > BACKUP_VERSION)
    throw new RestoreRefusedError(`This backup's format (${header.version}) is newer than this version reads.`);
  const known = new Map(migrationFiles(migrationDirs).map((m) => [m.name, m.checksum]));
  for (const m of header.migrations) {
    if (!known.has(m.name))
      throw new RestoreRefusedError(
        `The backup was made by a newer version (it has migration ${m.name}); restore it with that version.`,
      );
    if (known.get(m.name) !== m.checksum)
      throw new RestoreRefusedError(`Migration ${m.name} differs from the one the backup was made with.`);
  }
  await refuseIfInUse(db, new Set(header.migrations.map((m) => m.name)));
  const through = header.migrations.at(-1)?.name;
  await migrate(db, migrationDirs, { through });

  const scratch = mkdtempSync(join(tmpdir(), 'restore-'));
  try {
    const loaded = await db.transaction(async (tx) => {
      try {
        // Replica mode: no trigger fires (the audit chain keeps the hashes it was written with) and no foreign key is
        // checked while tables arrive in name order. Only a superuser may; the database's owner role is one here.
        await tx.query('set local session_replication_role = replica');
      } catch {
        throw new RestoreRefusedError(
          'Restoring needs a database role allowed to set session_replication_role (a superuser).',
        );
      }
      const tables = await productTables(tx);
      if (tables.length) await tx.query(`truncate ${tables.map((t) => quoteIdent(t.name)).join(', ')}`);
      const columns = new Map(tables.map((t) => [t.name, t.columns]));
      return loadLines(tx, lines, columns, blobs, scratch);
    });
    const upgradedWith = await migrate(db, migrationDirs);
    return { madeAt: header.made_at, ...loaded, upgradedWith };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * An empty database, or one a failed restore of this same backup left migrated and empty. Never one with people in
 * it, nor one at a later version than the backup's.
 */
async function refuseIfInUse(db: Queryable, backupMigrations: Set<string>) {
  const refuse = () =>
    new RestoreRefusedError(
      'The database already holds data; restore into an empty database (a new DATA_DIR, or a new PostgreSQL database).',
    );
  const has = async (table: string) =>
    (await db.query<{ e: boolean }>('select to_regclass($1) is not null as e', [`public.${table}`])).rows[0].e;
  if (!(await has('schema_migrations'))) return;
  const applied = (await db.query<{ name: string }>('select name from schema_migrations')).rows;
  if (applied.some((m) => !backupMigrations.has(m.name))) throw refuse();
  if ((await has('users')) && (await db.query('select 1 from users limit 1')).rows.length) throw refuse();
}

function parseLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RestoreRefusedError('The backup is damaged: a line is not readable.');
  }
}

async function loadLines(
  tx: Queryable,
  lines: AsyncIterator<string>,
  columns: Map<string, string[]>,
  blobs: BlobStorage,
  scratch: string,
): Promise<Omit<RestoreSummary, 'madeAt' | 'upgradedWith'>> {
  const counts: Record<string, number> = {};
  let blobCount = 0;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    if (!next.value) continue;
    const line = parseLine(next.value) as TableRowsLine | SequenceLine | BlobLine | EndLine;
    if ('table' in line) {
      const cols = columns.get(line.table);
      if (!cols) throw new RestoreRefusedError(`The backup has a table this version does not: ${line.table}.`);
      const list = cols.map(quoteIdent).join(', ');
      await tx.query(
        `insert into ${quoteIdent(line.table)} (${list}) overriding system value
         select ${list} from jsonb_populate_recordset(null::${quoteIdent(line.table)}, $1::jsonb)`,
        [JSON.stringify(line.rows)],
      );
      counts[line.table] = (counts[line.table] ?? 0) + line.rows.length;
    } else if ('sequence' in line) {
      const seq = quoteIdent(line.sequence);
      if (line.last_value === null)
        await tx.query(
          `select setval($1::regclass, start_value, false) from pg_sequences where schemaname = 'public' and sequencename = $2`,
          [seq, line.sequence],
        );
      else await tx.query('select setval($1::regclass, $2, true)', [seq, line.last_value]);
    } else if ('blob' in line) {
      if (await loadBlobPart(line, blobs, scratch)) blobCount++;
    } else if ('end' in line) {
      for (const [t, n] of Object.entries(line.tables))
        if ((counts[t] ?? 0) !== n)
          throw new RestoreRefusedError(`The backup is incomplete: table ${t} should have ${n} rows.`);
      if (blobCount !== line.blobs) throw new RestoreRefusedError('The backup is incomplete: files are missing.');
      return { tables: counts, rows: Object.values(counts).reduce((a, b) => a + b, 0), blobs: blobCount };
    }
  }
  throw new RestoreRefusedError('The backup is incomplete: it ends before its last line.');
}

/** Gathers a file's parts on disk; at its end stores it and checks that the bytes are the ones named. */
async function loadBlobPart(line: BlobLine, blobs: BlobStorage, scratch: string): Promise<boolean> {
  if (line.missing) return false;
  if (!/^[0-9a-f]{64}$/.test(line.blob))
    throw new RestoreRefusedError('The backup is damaged: a file has no valid name.');
  const temp = join(scratch, line.blob);
  if (line.data !== undefined) {
    appendFileSync(temp, Buffer.from(line.data, 'base64'));
    return false;
  }
  if (!line.end) return false;
  if (blobs.has(line.blob)) return true;
  writeFileSync(temp, '', { flag: 'a' });
  const put = await blobs.put(createReadStream(temp), Number.MAX_SAFE_INTEGER);
  rmSync(temp);
  if (put.sha256 !== line.blob)
    throw new RestoreRefusedError(`The backup is damaged: file ${line.blob} does not match.`);
  return true;
}
