// One interface over embedded PGlite and a PostgreSQL server, so no code above this layer knows which runs.
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  /**
   * T: the shape of the statement's rows, which the caller states (a generated record type or the columns it selects);
   * left out, rows are `unknown` and cannot be read, so no service reads an untyped row by accident.
   * bigint and date columns arrive as number and ISO text on both databases (see each driver); arrays of bigint do not.
   * name: a statement run on every request may be prepared once per connection under this name
   */
  query<T = unknown>(sql: string, params?: unknown[], opts?: { name?: string }): Promise<QueryResult<T>>;
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
  /**
   * Says that this process, numbered `id`, is alive, to every other process on the database, until it closes (see
   * process-presence.ts); taken again when its connection comes back. The embedded database has one process: nothing.
   */
  holdPresence(id: number): Promise<void>;
  close(): Promise<void>;
}
