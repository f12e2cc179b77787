import { statementError } from './statement-error.ts';
import pg from 'pg';
import type { Database, Queryable } from './database.ts';
import { log } from '../http/server-log.ts';
import { PRESENCE_LOCK_CLASS } from './process-presence.ts';

/**
 * A connection the database server closes while it sits idle (PostgreSQL restarting, an administrator ending it, the
 * network dropping) is reported on the pool or client, not on a query: without a listener Node ends the whole process.
 * It is logged; the pool opens a new connection for the next query.
 */
const connectionLost = (e: Error & { code?: string }) =>
  log.warn({ code: e.code, msg: 'database connection closed by the server' });

// int8 (counts, ids, cents) as numbers: cents stay far below 2^53; dates stay 'yyyy-mm-dd' text.
const typeParsers = {
  getTypeParser: (oid: number, format?: string) =>
    oid === 20 ? Number : oid === 1082 ? (v: string) => v : pg.types.getTypeParser(oid, format as never),
};

export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.PG_POOL_SIZE ?? 10),
    types: typeParsers as never,
  });
  pool.on('error', connectionLost);
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query(sql, params, opts) {
      try {
        const r = opts?.name
          ? await c.query({ name: opts.name, text: sql, values: params as unknown[] })
          : await c.query(sql, params as unknown[]);
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      } catch (e) {
        throw statementError(e, sql);
      }
    },
  });
  // One connection of its own carries every LISTEN of this process and its presence (a pooled one would be handed to
  // others, and its session lock with it).
  let listener: Promise<pg.Client> | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const presences = new Set<number>();
  const listenerClient = () =>
    (listener ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on('error', (e) => {
        connectionLost(e);
        // The LISTENs and the presence went with the connection: a new one takes them again.
        listener = null;
        relisten();
      });
      try {
        await c.connect();
      } catch (e) {
        listener = null;
        throw e;
      }
      c.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      return c;
    })());
  const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
  let closed = false;
  const relisten = () => {
    if (closed || (!handlers.size && !presences.size)) return;
    listenerClient()
      .then(async (c) => {
        for (const channel of handlers.keys()) await c.query(`listen ${quoteIdent(channel)}`);
        for (const id of presences) await c.query('select pg_advisory_lock($1, $2)', [PRESENCE_LOCK_CLASS, id]);
      })
      .catch(() => {
        // The server is not back yet: try again shortly (the timer does not keep the process alive).
        listener = null;
        setTimeout(relisten, 2000).unref();
      });
  };
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    async listen(channel, onPayload) {
      const c = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await c.query(`listen ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async holdPresence(id) {
      const c = await listenerClient();
      presences.add(id);
      await c.query('select pg_advisory_lock($1, $2)', [PRESENCE_LOCK_CLASS, id]);
    },
    async close() {
      closed = true;
      if (listener) await (await listener).end().catch(() => undefined);
      await pool.end();
    },
  };
}
