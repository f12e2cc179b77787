import type { Database, Queryable } from './database.ts';

/** A database that runs as of a moment: see asOf. */
interface AsOfDatabase extends Database {
  readonly asOf: Date;
}

/**
 * The database as of a past moment: every row it stamps carries that moment — in SQL through app_now()
 * and app_clock() (created_at, a state transition, the day a claim was denied), in code through nowOf
 * (a batch's send date, its 837 envelope, a payment batch's posting date). Only the demo uses it, to
 * replay its history through the product's own operations on the days they happened; no route reaches it.
 * A statement outside a transaction runs in one of its own, so the moment holds for it too.
 */
export function asOf(db: Database, at: Date): Database {
  const moment = at.toISOString();
  const within = <T>(fn: (tx: Queryable) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.query(`select set_config('app.now', $1, true)`, [moment]);
      return fn(tx);
    });
  const timed: AsOfDatabase = {
    ...db,
    asOf: at,
    query: (sql, params) => within((tx) => tx.query(sql, params)),
    transaction: within,
  };
  return timed;
}

/** The moment a database runs at: the asOf moment, or now. */
export const nowOf = (db: Queryable): Date =>
  'asOf' in db && db.asOf instanceof Date ? new Date(db.asOf) : new Date();
