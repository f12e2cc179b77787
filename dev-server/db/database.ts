// One interface over embedded PGlite and a PostgreSQL server, so no code above this layer knows which runs.
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  /** name: a statement run on every request may be prepared once per connection under this name */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    opts?: { name?: string },
  ): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  /** runs fn in one transaction: committed when it resolves, rolled back when it throws */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** several statements, no parameters (migrations) */
  exec(sql: string): Promise<void>;
  /**
   * Calls back with each payload sent on the channel by pg_notify — delivered when the sending
   * transaction commits, to every server process on this database. Answers the way to stop listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
