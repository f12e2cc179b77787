import type { Queryable } from './database.ts';

/**
 * A backup is gzip'd JSON lines, one kind of line each, in this order: the header; each table's rows in batches; each
 * sequence's position; each stored file's bytes in parts; the end line with the counts, so a cut backup is known by its
 * missing or disagreeing end. Rows travel as PostgreSQL's own JSON form of a row (to_jsonb) and come back through the
 * column types' input functions (jsonb_populate_recordset): times keep their microseconds, jsonb its normal form, bytea
 * its bytes. That is what lets a restored audit trail still match its hashes, and a backup from the embedded database
 * restore into a PostgreSQL server.
 */
export const BACKUP_FORMAT = 'rcm-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  made_at: string;
  database: 'pglite' | 'postgres';
  migrations: Array<{ name: string; checksum: string }>;
}
export interface TableRowsLine {
  table: string;
  rows: Array<Record<string, unknown>>;
}
export interface SequenceLine {
  sequence: string;
  last_value: number | null;
}
export interface BlobLine {
  blob: string;
  /** a part of the file's bytes, base64; absent on the line that ends the file */
  data?: string;
  end?: boolean;
  /** the file row names it but its bytes were not in storage when the backup was made */
  missing?: boolean;
}
export interface EndLine {
  end: true;
  tables: Record<string, number>;
  sequences: number;
  blobs: number;
}
export type BackupLine = TableRowsLine | SequenceLine | BlobLine | EndLine;

export interface TableShape {
  name: string;
  /** stored columns: generated ones are left to the database to compute again */
  columns: string[];
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The product's tables (migrations' own bookkeeping travels in the header instead). */
export async function productTables(db: Queryable): Promise<TableShape[]> {
  const r = await db.query<{ name: string; columns: string[] }>(
    `select c.relname::text as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and c.relname <> 'schema_migrations'
      order by c.relname`,
  );
  return r.rows;
}

export async function productSequences(db: Queryable): Promise<SequenceLine[]> {
  const r = await db.query<{ sequence: string; last_value: string | number | null }>(
    `select sequencename::text as sequence, last_value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return r.rows.map((s) => ({ sequence: s.sequence, last_value: s.last_value === null ? null : Number(s.last_value) }));
}
