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

/**
 * A list request as the user gets it (through HTTP) against the statements it ran, replayed directly: `runs` of each,
 * timed in milliseconds; `table` picks the request's own statements from those recorded (not the session's).
 */
export async function timeAgainstSql(
  rec: ReturnType<typeof recording>,
  db: Database,
  url: string,
  headers: Record<string, string>,
  table: RegExp,
  runs: number,
): Promise<{ count: number; api: number[]; sql: number[] }> {
  const api: number[] = [];
  const sql: number[] = [];
  rec.start();
  const first = (await (await fetch(url, { headers })).json()) as { count: number };
  const statements = rec.stop().filter(([s]) => table.test(s));
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await (await fetch(url, { headers })).json();
    api.push(performance.now() - t);
    t = performance.now();
    for (const [s, p] of statements) await db.query(s, p);
    sql.push(performance.now() - t);
  }
  return { count: first.count, api, sql };
}
