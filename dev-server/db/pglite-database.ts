import { PGlite, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import type { Database, Queryable } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { statementError } from './statement-error.ts';

// int8 as numbers (cents stay far below 2^53), dates as their 'yyyy-mm-dd' text; pg_trgm and btree_gin for search.
const OPTIONS = {
  extensions: { pg_trgm, btree_gin },
  parsers: { [types.INT8]: (v: string) => Number(v), [types.DATE]: (v: string) => v },
};

function wrap(pg: Pick<PGlite, 'query'>): Queryable {
  return {
    async query(sql, params) {
      try {
        const r = await pg.query(sql, params as unknown[]);
        return { rows: r.rows as never[], rowCount: r.rows.length || r.affectedRows || 0 };
      } catch (e) {
        throw statementError(e, sql);
      }
    },
  };
}

function fromPglite(pg: PGlite, release: () => void): Database {
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    listen: async (channel, onPayload) => pg.listen(channel, onPayload),
    holdPresence: async () => undefined,
    close: async () => {
      await pg.close();
      release();
    },
  };
}

/** Embedded PostgreSQL in a directory (locked against a second process), or in memory when dir is undefined. */
export async function openPglite(dir?: string, loadDataDir?: Blob): Promise<Database> {
  let release = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(dir);
  }
  try {
    const pg = await PGlite.create({ ...OPTIONS, dataDir: dir, loadDataDir });
    return fromPglite(pg, release);
  } catch (e) {
    release();
    throw e;
  }
}

/** An in-memory database (fresh, or loaded from a dump) with a way to dump it whole: tests clone their templates this way. */
export async function openPgliteForTemplate(loadDataDir?: Blob): Promise<{ db: Database; dump: () => Promise<Blob> }> {
  const pg = await PGlite.create({ ...OPTIONS, loadDataDir });
  return { db: fromPglite(pg, () => {}), dump: () => pg.dumpDataDir('none') };
}
