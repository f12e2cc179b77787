import type { Database } from './database.ts';
import { log } from '../http/server-log.ts';

/**
 * PGlite runs PostgreSQL in one process with no autovacuum worker: without this, its tables would never
 * be vacuumed or analysed. Counts that read an index alone (a broad search's "10,000+", the claim lists)
 * would fetch every row written since the start, and the planner would plan on the row counts of the
 * first day. So the server does what autovacuum would, with its default thresholds, one table per tick.
 */

export interface DueTable {
  table: string;
  vacuum: boolean;
}

/** The user tables autovacuum would pick now, by its default thresholds (base + scale × rows), most changed first. */
export async function tablesDue(db: Database): Promise<DueTable[]> {
  const r = await db.query<DueTable>(
    `select format('%I.%I', s.schemaname, s.relname) as table, d.needs_vacuum as vacuum
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid,
            lateral (select greatest(c.reltuples, 0) as n) t,
            lateral (select s.n_dead_tup > 50 + 0.2 * t.n or s.n_ins_since_vacuum > 1000 + 0.2 * t.n as needs_vacuum,
                            s.n_mod_since_analyze > 50 + 0.1 * t.n as needs_analyze) d
      where d.needs_vacuum or d.needs_analyze
      order by s.n_dead_tup + s.n_ins_since_vacuum + s.n_mod_since_analyze desc`,
  );
  return r.rows;
}

/** Vacuums (and analyses) or only analyses the table that most needs it; answers what it did. */
export async function vacuumOneDue(db: Database): Promise<DueTable | null> {
  const [due] = await tablesDue(db);
  if (!due) return null;
  // The name comes from the catalogue, quoted by format('%I'): never from a request.
  await db.query(due.vacuum ? `vacuum (analyze) ${due.table}` : `analyze ${due.table}`);
  return due;
}

/** Every interval on the embedded database, the most changed table is vacuumed; returns the stop function. */
export function startEmbeddedVacuum(db: Database, everyMs = 60_000): () => void {
  if (db.kind !== 'pglite') return () => undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const done = await vacuumOneDue(db);
      if (done) log.info({ table: done.table, vacuum: done.vacuum }, 'embedded vacuum');
    } catch (e) {
      log.warn({ err: { message: e instanceof Error ? e.message : String(e) } }, 'embedded vacuum');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
