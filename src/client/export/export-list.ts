import { isMoneyField } from '../../domain/formats.ts';
import { fetchPage, listQuery } from '../data/data-provider.ts';
import { schemaLabel, type Locale, type Translate } from '../i18n/i18n.ts';
import { showToast } from '../notify/toast-store.ts';
import { orderedFields, type ClientEntity, type FieldSchema } from '../schema/entities.ts';

const PAGE = 1000;

/** Every row of the filtered, sorted list, page after page, not only the page on screen. */
export async function fetchAll(entity: ClientEntity, params: { filter: Record<string, unknown>; sort: { field: string; order: string } }) {
  const rows: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const r = await fetchPage(entity.name, listQuery({ ...params, pagination: { page, perPage: PAGE } }));
    rows.push(...r.data);
    if (page >= r.numberOfPages || !r.data.length) break;
  }
  return rows;
}

export type Cell = string | number | boolean | null;

/** A value for a spreadsheet: numbers stay numbers (money in dollars), dates as shown, lists joined. */
export function exportCell(field: FieldSchema, value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (isMoneyField(field) && typeof value === 'number') return value / 100;
  if (field.type === 'integer' || field.type === 'number') return typeof value === 'number' ? value : Number(value);
  if (field.type === 'boolean') return Boolean(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v ? Object.values(v).join(': ') : String(v))).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function download(blob: Blob, name: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** CSV (papaparse), XLSX (exceljs, numeric cells) or PDF (jspdf): each library loads only when asked for. */
export async function exportList(entity: ClientEntity, params: { filter: Record<string, unknown>; sort: { field: string; order: string } }, format: 'csv' | 'xlsx' | 'pdf', locale: Locale, t: Translate) {
  const fields = orderedFields(entity, (_n, f) => !f.writeOnly && f.type !== 'object' && !f['x-db']?.virtual && !f['x-db']?.secret);
  const headers = fields.map(([n, f]) => schemaLabel(f, locale, n));
  const rows = (await fetchAll(entity, params)).map((r) => fields.map(([n, f]) => exportCell(f, r[n])));
  const base = `${entity.name}-${new Date().toISOString().slice(0, 10)}`;
  if (format === 'csv') {
    const Papa = (await import('papaparse')).default;
    download(new Blob([Papa.unparse({ fields: headers, data: rows })], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
  } else if (format === 'xlsx') {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(entity.schema.title.slice(0, 31));
    sheet.addRow(headers).font = { bold: true };
    for (const r of rows) sheet.addRow(r);
    fields.forEach(([, f], i) => { if (isMoneyField(f)) sheet.getColumn(i + 1).numFmt = '#,##0.00'; });
    const buffer = await book.xlsx.writeBuffer();
    download(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${base}.xlsx`);
  } else {
    const { jsPDF } = await import('jspdf');
    const { autoTable } = await import('jspdf-autotable');
    const doc = new jsPDF({ orientation: 'landscape' });
    doc.text(entity.schema.title, 14, 12);
    autoTable(doc, { head: [headers], body: rows.map((r) => r.map((c) => (c === null ? '' : String(c)))), startY: 18, styles: { fontSize: 7 } });
    download(doc.output('blob'), `${base}.pdf`);
  }
  showToast('success', t('toast.exported'), [`${rows.length}`]);
}
