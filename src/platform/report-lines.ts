import type { ReportResult } from './report.ts';

export type ReportLine = { kind: 'row' | 'group' | 'total'; level?: number; values: Record<string, unknown> };

/**
 * The report as shown — rows in order, a subtotal line after each group, the grand total last — so
 * CSV, XLSX and PDF carry the same lines and the same numbers as the screen (all from one SQL run).
 */
export function reportLines(
  result: ReportResult,
  words: { total: string },
  opts: { endOfReport?: boolean } = {},
): ReportLine[] {
  // A page that is not the report's last leaves its open groups open: their subtotal comes on the page that ends them.
  const ends = opts.endOfReport ?? true;
  const out: ReportLine[] = [];
  const { groupBy } = result;
  const keyOf = (r: Record<string, unknown>, level: number) =>
    groupBy
      .slice(0, level + 1)
      .map((g) => String(r[g] ?? null))
      .join('\u0001');
  const groupLine = (level: number, keys: Record<string, unknown>): ReportLine | null => {
    const g = result.groups.find((x) => x.level === level && keyOf(x.keys, level) === keyOf(keys, level));
    return g
      ? {
          kind: 'group',
          level,
          values: {
            ...g.keys,
            ...g.sums,
            [result.columns[0]?.key ?? '']: `${words.total} ${String(g.keys[groupBy[level]] ?? '')}`.trim(),
          },
        }
      : null;
  };
  const close = (prev: Record<string, unknown>, next: Record<string, unknown> | null) => {
    for (let level = groupBy.length - 1; level >= 0; level--) {
      if (next && keyOf(prev, level) === keyOf(next, level)) continue;
      const line = groupLine(level, prev);
      if (line) out.push(line);
    }
  };
  if (result.rows.length) {
    result.rows.forEach((r, i) => {
      out.push({ kind: 'row', values: r });
      if (i + 1 < result.rows.length || ends) close(r, result.rows[i + 1] ?? null);
    });
  } else {
    // The simple view: the groups' lines alone, outer before inner as they nest.
    const sorted = [...result.groups].sort(
      (a, b) =>
        keyOf(a.keys, Math.min(a.level, b.level)).localeCompare(keyOf(b.keys, Math.min(a.level, b.level))) ||
        b.level - a.level,
    );
    for (const g of sorted) out.push({ kind: 'group', level: g.level, values: { ...g.keys, ...g.sums } });
  }
  out.push({ kind: 'total', values: { ...result.totals.sums, [result.columns[0]?.key ?? '']: words.total } });
  return out;
}
