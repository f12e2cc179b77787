/**
 * A server process's presence on a PostgreSQL server: a session advisory lock (this class, the process's number),
 * held on a connection of its own for as long as the process lives. PostgreSQL lets it go when the connection ends,
 * a process killed outright included, so any other process can tell at once which numbers are still alive.
 */
export const PRESENCE_LOCK_CLASS = 4_221_938;

/** SQL true while the process numbered by `column` holds its presence on this database. */
export const presentSql = (column: string) => `exists (
  select 1 from pg_locks l
   where l.locktype = 'advisory' and l.classid = ${PRESENCE_LOCK_CLASS} and l.objid::bigint = ${column}
     and l.objsubid = 2 and l.granted and l.database = (select oid from pg_database where datname = current_database()))`;
