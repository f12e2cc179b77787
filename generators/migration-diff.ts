import type { TableModel } from '../src/platform/table-model.ts';

export type Snapshot = Record<string, TableModel>;

const withoutNotNull = (sqlType: string) => sqlType.replace(' not null', '');

export interface Diff {
  sql: string[];
  warnings: string[];
}

/**
 * SQL that takes a database from the snapshot's shape to the current schemas' shape: new tables,
 * new columns, new and changed indexes. Dropping a column or changing its type loses data, so the
 * generator refuses and asks for a hand-written migration instead of guessing.
 */
export function diffSnapshots(previous: Snapshot, current: Snapshot): Diff {
  const sql: string[] = [];
  const warnings: string[] = [];
  for (const [table, model] of Object.entries(current)) {
    const before = previous[table];
    if (!before && model.coreTable) {
      // The core migration made the table; bring in what the schema adds without touching what is there.
      for (const col of Object.values(model.columns)) {
        if (!['id', 'created_at'].includes(col.name))
          sql.push(`alter table ${table} add column if not exists ${col.name} ${col.sqlType};`);
      }
      for (const idx of Object.values(model.indexes))
        sql.push(`${idx.replace(/^create (unique )?index /, 'create $1index if not exists ')};`);
      continue;
    }
    if (!before) {
      const cols = Object.values(model.columns)
        .map((c) => `  ${c.name} ${c.sqlType}`)
        .join(',\n');
      sql.push(`create table ${table} (\n${cols}\n);`);
      for (const idx of Object.values(model.indexes)) sql.push(`${idx};`);
      continue;
    }
    for (const col of Object.values(model.columns)) {
      const old = before.columns[col.name];
      if (!old) sql.push(`alter table ${table} add column ${col.name} ${col.sqlType};`);
      else if (old.sqlType !== col.sqlType && withoutNotNull(old.sqlType) === withoutNotNull(col.sqlType)) {
        // Only the required flag changed: every write was validated, so existing rows already hold a value.
        sql.push(
          `alter table ${table} alter column ${col.name} ${col.sqlType.includes(' not null') ? 'set' : 'drop'} not null;`,
        );
      } else if (old.sqlType !== col.sqlType) {
        throw new Error(
          `${table}.${col.name} changes type from "${old.sqlType}" to "${col.sqlType}": write that migration by hand`,
        );
      }
    }
    for (const name of Object.keys(before.columns)) {
      if (!model.columns[name])
        warnings.push(
          `${table}.${name} is no longer in the schema; its column is kept (drop it with a hand-written migration)`,
        );
    }
    for (const [name, stmt] of Object.entries(model.indexes)) {
      if (before.indexes[name] === stmt) continue;
      if (before.indexes[name]) sql.push(`drop index if exists ${name};`);
      sql.push(`${stmt};`);
    }
    for (const name of Object.keys(before.indexes)) if (!model.indexes[name]) sql.push(`drop index if exists ${name};`);
  }
  for (const table of Object.keys(previous)) {
    if (!current[table])
      warnings.push(`table ${table} is no longer in the schemas; it is kept (drop it with a hand-written migration)`);
  }
  return { sql, warnings };
}
