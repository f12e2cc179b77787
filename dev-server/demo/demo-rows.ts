import type { Queryable } from '../db/database.ts';

/** A small seeded generator: the same demo data on every machine (mulberry32). */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

/**
 * Inserts rows in batches with one statement each (jsonb values as JSON text), answering their ids
 * in order. Every row of a call has the same columns.
 */
export async function insertRows(
  tx: Queryable,
  table: string,
  rows: Array<Record<string, unknown>>,
  batch = 400,
): Promise<number[]> {
  const ids: number[] = [];
  if (!rows.length) return ids;
  const cols = Object.keys(rows[0]);
  for (let i = 0; i < rows.length; i += batch) {
    const part = rows.slice(i, i + batch);
    const params: unknown[] = [];
    const values = part.map(
      (r) =>
        `(${cols
          .map((c) => {
            const v = r[c];
            params.push(v !== null && typeof v === 'object' ? JSON.stringify(v) : (v ?? null));
            return `$${params.length}`;
          })
          .join(', ')})`,
    );
    const res = await tx.query<{ id: string }>(
      `insert into ${table} (${cols.join(', ')}) values ${values.join(', ')} returning id`,
      params,
    );
    ids.push(...res.rows.map((x) => Number(x.id)));
  }
  return ids;
}
