// The shape of a report definition (schemas/reports/*.report.json): the screen, the server's query
// and the exports all read it, as entity schemas drive the resource screens.

export type ReportColumnType = 'text' | 'money' | 'int' | 'date' | 'percent';

export interface ReportColumn {
  key: string;
  label: string;
  label_es: string;
  type: ReportColumnType;
  /** summed per group and in the grand total (money and counts) */
  sum?: boolean;
  /** shown only to a Super User (the billing company column of every report) */
  adminOnly?: boolean;
  /** part of the simple view as well as the detailed one */
  simple?: boolean;
  /** values are ids or codes of this schemas/lists list (one or an array): shown by their names, in the reader's language */
  codeList?: string;
  /** a percent (basis points) of the grand total of this column: the row's, and each group's, share of it */
  percentOf?: string;
  /** in group and grand totals, how many different values of this source column there are (patients seen) */
  countDistinct?: string;
  /** a group level on this column is ordered by this source column (a month shown as MM/YYYY ordered by its date) */
  orderBy?: string;
}

export interface ReportFilter {
  key: string;
  title: string;
  title_es: string;
  type: 'multiple' | 'select' | 'text' | 'date' | 'checkbox';
  /** where a choice filter reads its options ([{id, name}]) */
  source?: string;
  /** the source column a choice filter narrows (company_id); absent: a setting the source reads (aging_by, aging_date) */
  column?: string;
  /** fixed choices (aging by date of service or of posting) */
  options?: Array<{ id: string; name: string; name_es: string }>;
  default?: string;
}

export interface ReportDef {
  key: string;
  /** the predecessor's module key (GET /reports/records?module=…) */
  module?: string;
  name: string;
  name_es: string;
  /** predecessor-facts §5: 1 Live insights, 2 Financial, 3 Productivity, 4 Audit, 5 Sheet reports, 6 Records */
  classification: 1 | 2 | 3 | 4 | 5 | 6;
  description: string;
  description_es: string;
  /** the server's SQL source that yields the rows (dev-server/reports/sources) */
  source: string;
  /** the date the period filter applies to, by name; absent: the report has no period */
  period?: { label: string; label_es: string };
  filters: ReportFilter[];
  /** columns rows may be grouped by, up to four levels */
  groupBy: string[];
  columns: ReportColumn[];
  /** the order of rows inside the innermost group */
  sort: Array<{ key: string; desc?: boolean }>;
}

/** The nine aging buckets of document 1 §9, as the column keys reports use. */
export const AGING_BUCKETS = [
  { key: 'aging_0_30', label: '0-30', to: 30 },
  { key: 'aging_31_60', label: '31-60', to: 60 },
  { key: 'aging_61_90', label: '61-90', to: 90 },
  { key: 'aging_91_120', label: '91-120', to: 120 },
  { key: 'aging_121_150', label: '121-150', to: 150 },
  { key: 'aging_151_180', label: '151-180', to: 180 },
  { key: 'aging_181_210', label: '181-210', to: 210 },
  { key: 'aging_211_240', label: '211-240', to: 240 },
  { key: 'aging_241', label: '241 +', to: Infinity },
] as const;

/**
 * Document 1 §9's pagination: the first page holds 22 rows (21 when filters beyond the billing
 * company are applied), later pages 20 (19 with filters). Answers where page n starts and how many it holds.
 */
export function reportPage(page: number, filtered: boolean): { offset: number; size: number } {
  const first = filtered ? 21 : 22;
  const rest = filtered ? 19 : 20;
  return page <= 1 ? { offset: 0, size: first } : { offset: first + (page - 2) * rest, size: rest };
}

/** How many pages a report of `count` rows has under that rule. */
export function reportPages(count: number, filtered: boolean): number {
  const first = filtered ? 21 : 22;
  const rest = filtered ? 19 : 20;
  return count <= first ? 1 : 1 + Math.ceil((count - first) / rest);
}

/** part of whole in basis points (1 = 0.01 %), rounded half up, exact for any amount of cents. */
export function basisPoints(part: number, whole: number): number | null {
  if (!whole) return null;
  const p = (BigInt(part) * 20000n) / BigInt(whole);
  return Number(p >= 0n ? (p + 1n) / 2n : (p - 1n) / 2n);
}

/** 1234 basis points → "12.34 %" */
export const percentText = (bp: number) => `${(bp / 100).toFixed(2)} %`;

/** A cell as people read it on the screen and in the PDF: amounts in dollars, shares as percents. */
export function reportCellText(c: ReportColumn, v: unknown, formatCents: (cents: number) => string): string {
  if (v === null || v === undefined) return '';
  if (c.type === 'money') return formatCents(Number(v));
  if (c.type === 'percent') return percentText(Number(v));
  return String(v);
}

/** A report's answer: one page of rows, the totals of the groups on it and the grand total (all summed in SQL). */
export interface ReportResult {
  columns: ReportColumn[];
  rows: Array<Record<string, unknown>>;
  /** one per group at every level present on the page (and above it): its keys, row count and sums */
  groups: Array<{ level: number; keys: Record<string, unknown>; count: number; sums: Record<string, number> }>;
  totals: { count: number; sums: Record<string, number> };
  page: number;
  pages: number;
  count: number;
  groupBy: string[];
}
