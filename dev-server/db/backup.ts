import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { BlobStorage } from '../storage/blob-storage.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupLine,
  productSequences,
  productTables,
  quoteIdent,
} from './backup-format.ts';
import type { Database, Queryable } from './database.ts';

const ROWS_PER_LINE = 500;
const BLOB_PART_BYTES = 768 * 1024;

export interface BackupSummary {
  tables: Record<string, number>;
  rows: number;
  sequences: number;
  blobs: number;
  /** files whose rows exist but whose bytes were not in storage */
  missingBlobs: string[];
}

/** Writes lines through gzip, waiting when the file falls behind, so memory holds one batch at a time. */
function lineWriter(out: Writable) {
  const gzip = createGzip();
  gzip.pipe(out);
  return {
    async write(line: BackupHeader | BackupLine) {
      if (!gzip.write(JSON.stringify(line) + '\n')) await once(gzip, 'drain');
    },
    async close() {
      gzip.end();
      await once(out, 'finish');
    },
  };
}

/**
 * Writes the whole database and the stored files it names, as one consistent snapshot: one repeatable-read,
 * read-only transaction, so writes made by a running server during the backup are either all in it or none.
 */
export async function writeBackup(db: Database, blobs: BlobStorage, out: Writable): Promise<BackupSummary> {
  const w = lineWriter(out);
  const summary = await db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const migrations = (
      await tx.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations order by name')
    ).rows;
    await w.write({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      made_at: new Date().toISOString(),
      database: db.kind,
      migrations,
    });
    const tables: Record<string, number> = {};
    for (const t of await productTables(tx)) tables[t.name] = await writeTable(tx, t.name, w.write);
    const sequences = await productSequences(tx);
    for (const s of sequences) await w.write(s);
    const shas = (await tx.query<{ sha256: string }>('select distinct sha256 from files order by 1')).rows;
    const missingBlobs: string[] = [];
    for (const { sha256 } of shas) {
      if (!blobs.has(sha256)) {
        missingBlobs.push(sha256);
        await w.write({ blob: sha256, missing: true });
        continue;
      }
      await writeBlob(blobs, sha256, w.write);
    }
    const blobCount = shas.length - missingBlobs.length;
    await w.write({ end: true, tables, sequences: sequences.length, blobs: blobCount });
    const rows = Object.values(tables).reduce((a, b) => a + b, 0);
    return { tables, rows, sequences: sequences.length, blobs: blobCount, missingBlobs };
  });
  await w.close();
  return summary;
}

/**
 * What a backup never holds as it is: the text of mail kept in the outbox (without SMTP, the outbox is the mailbox:
 * its welcome and password links and sign-in codes are live, and a backup outlives them). The message is kept —
 * to whom, what, when — its text is not.
 */
const NOT_BACKED_UP: Record<string, string> = {
  mail_outbox: `to_jsonb(t) || jsonb_build_object('body', case when t.body = '' then '' else '(not kept in backups)' end)`,
};

/** A row of a table as a backup holds it (alias t), as SQL. */
export const backedUpRow = (table: string) => NOT_BACKED_UP[table] ?? 'to_jsonb(t)';

/** A table's rows through a cursor, a batch per line: one pass over the table, whatever its size. */
async function writeTable(tx: Queryable, table: string, write: (l: BackupLine) => Promise<void>): Promise<number> {
  const cursor = `backup_${table}`;
  await tx.query(
    `declare ${quoteIdent(cursor)} no scroll cursor for select ${backedUpRow(table)} as r from ${quoteIdent(table)} t`,
  );
  let count = 0;
  for (;;) {
    const batch = await tx.query<{ r: Record<string, unknown> }>(`fetch ${ROWS_PER_LINE} from ${quoteIdent(cursor)}`);
    if (!batch.rows.length) break;
    count += batch.rows.length;
    await write({ table, rows: batch.rows.map((x) => x.r) });
  }
  await tx.query(`close ${quoteIdent(cursor)}`);
  return count;
}

/** A stored file's bytes in parts of a fixed size (the store's stream hands over smaller chunks). */
async function writeBlob(blobs: BlobStorage, sha256: string, write: (l: BackupLine) => Promise<void>) {
  let held: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    if (size) await write({ blob: sha256, data: Buffer.concat(held).toString('base64') });
    held = [];
    size = 0;
  };
  for await (const chunk of blobs.open(sha256)) {
    held.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= BLOB_PART_BYTES) await flush();
  }
  await flush();
  await write({ blob: sha256, end: true });
}
