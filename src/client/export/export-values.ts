import { isMoneyField } from '../../domain/formats.ts';
import { fetchPage } from '../data/data-provider.ts';
import { api } from '../session/api.ts';
import { schemaLabel, type Locale, type Translate } from '../i18n/i18n.ts';
import { displayValue, itemText } from '../resources/cells.tsx';
import { stateName } from '../../platform/state-machine.ts';
import { entityOfTable, stateMachineOf, type FieldSchema } from '../schema/entities.ts';

export type Cell = string | number | boolean | null;

/** The names of the records a set of rows refers to, per referenced table: one request per 500 ids, never one per row. */
export type ReferenceNames = Map<string, Map<number, string>>;

export async function referenceNames(
  fields: Array<[string, FieldSchema]>,
  rows: Array<Record<string, unknown>>,
): Promise<ReferenceNames> {
  const out: ReferenceNames = new Map();
  for (const [, f] of fields) {
    // Ids a picker list names (a facility's companies): the list itself, once.
    const source = f['x-ui']?.source;
    if (!source || f['x-db']?.references || f['x-ui']?.codeList || out.has(source)) continue;
    const list = await api<Array<{ id: number | string; name: string }>>(source).catch(() => []);
    out.set(source, new Map(list.map((o) => [Number(o.id), o.name])));
  }
  for (const [name, f] of fields) {
    const table = f['x-db']?.references;
    const target = entityOfTable(table);
    if (!table || !target || out.has(table)) continue;
    const ids = [...new Set(rows.map((r) => r[name]).filter((v): v is number => typeof v === 'number'))];
    const names = new Map<number, string>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const page = await fetchPage(target.name, { ids: chunk.join(','), itemsPerPage: chunk.length });
      for (const r of page.data) names.set(Number(r.id), String(r.display_name ?? r.name ?? r.id));
    }
    out.set(table, names);
  }
  return out;
}

/**
 * A value as an export carries it: numbers stay numbers (money in dollars) for a spreadsheet to sum;
 * references, codes and flags by the names people read on the screen (never ids or storage codes);
 * an address as an address.
 */
export function exportCell({
  field,
  value,
  names,
  t,
  locale,
}: {
  field: FieldSchema;
  value: unknown;
  names: ReferenceNames;
  t: Translate;
  locale: Locale;
}): Cell {
  if (value === null || value === undefined || value === '') return null;
  const table = field['x-db']?.references;
  if (table && typeof value === 'number') return names.get(table)?.get(value) ?? String(value);
  const source = field['x-ui']?.source;
  const named = source ? names.get(source) : undefined;
  if (named && (typeof value === 'number' || Array.isArray(value)))
    return (Array.isArray(value) ? value : [value]).map((v) => named.get(Number(v)) ?? String(v)).join(', ');
  const machine = stateMachineOf(field);
  if (machine && typeof value === 'number') return stateName(machine, value, locale);
  if (field['x-ui']?.codeList || field.enum) return displayValue(field, value, t, locale);
  if (isMoneyField(field) && typeof value === 'number') return value / 100;
  if (field.type === 'integer' || field.type === 'number') return typeof value === 'number' ? value : Number(value);
  const items = field.items as (FieldSchema & { properties?: Record<string, FieldSchema> }) | undefined;
  if (Array.isArray(value) && items?.properties)
    return value
      .map((v) => itemText(v as Record<string, unknown>, items.properties!, t, locale))
      .filter(Boolean)
      .join('; ');
  return displayValue(field, value, t, locale);
}

/** The filters a list was narrowed by, as words for an export's heading ("Sex: Female · Search: smith"). */
export function filtersText(
  filter: Record<string, unknown>,
  fields: Record<string, FieldSchema>,
  t: Translate,
  locale: Locale,
): string {
  return Object.entries(filter)
    .flatMap(([key, v]) => {
      if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) return [];
      if (key === 'q' || key === 'query') return [`${t('list.search')}: ${String(v)}`];
      const m = /^(.*?)(_from|_to|_min|_max)?$/.exec(key)!;
      const f = fields[m[1]];
      if (!f) return [];
      const bound =
        m[2] === '_from' || m[2] === '_min'
          ? ` (${t('list.from')})`
          : m[2] === '_to' || m[2] === '_max'
            ? ` (${t('list.to')})`
            : '';
      return [`${schemaLabel(f, locale, m[1])}${bound}: ${displayValue(f, v, t, locale)}`];
    })
    .join(' · ');
}
