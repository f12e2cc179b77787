import type { Database, Queryable } from '../db/database.ts';

/**
 * pg-boss over our Database: the same PGlite or PostgreSQL connection the app uses. pg-boss sends
 * some scripts of several statements (its migrations); PGlite's extended protocol takes one at a
 * time, so those go through exec, which runs a script.
 */
export function bossDb(db: Database | Queryable) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length) return db.query(text, values);
      try {
        return await db.query(text);
      } catch (e) {
        if (!('exec' in db) || !/multiple commands/i.test((e as Error).message)) throw e;
        await db.exec(text);
        return { rows: [], rowCount: 0 };
      }
    },
  };
}
