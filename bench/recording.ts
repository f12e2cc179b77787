import type { Database } from '../dev-server/db/database.ts';

/** The p-th percentile of some timings. */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Records the statements a request runs, so the raw-SQL side of a bench replays exactly the same ones. */
export function recording(db: Database) {
  const log: Array<[string, unknown[] | undefined]> = [];
  let on = false;
  const wrapped: Database = {
    ...db,
    query: (sql, params, opts) => {
      if (on) log.push([sql, params]);
      return db.query(sql, params, opts);
    },
  };
  return {
    db: wrapped,
    start: () => {
      log.length = 0;
      on = true;
    },
    stop: () => {
      on = false;
      return [...log];
    },
  };
}
