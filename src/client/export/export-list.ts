import { CSV_FORMULA_CELL } from '../../domain/csv-cells.ts';
import { isMoneyField } from '../../domain/formats.ts';
import { formatCents } from '../../domain/money-input.ts';
import { fetchPage, listQuery } from '../data/data-provider.ts';
import { schemaLabel, type Locale, type Translate } from '../i18n/i18n.ts';
import { showToast } from '../notify/toast-store.ts';
import { orderedFields, type ClientEntity, type FieldSchema } from '../schema/entities.ts';
import { exportCell, filtersText, referenceNames, type Cell } from './export-values.ts';

const PAGE = 1000;

/**
 * Every row of the filtered, sorted list, page after page, not only the page on screen. Each page says it is an
 * export: the server then records who took which patients' records away (and may ask the person to confirm it is them).
 */
export async function fetchAll(
  entity: ClientEntity,
  params: { filter: Record<string, unknown>; sort: { field: string; order: string } },
  format: 'csv' | 'xlsx' | 'pdf',
) {
  const rows: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const query = listQuery({ ...params, pagination: { page, perPage: PAGE } });
    const r = await fetchPage(entity.name, { ...query, export: format });
    rows.push(...r.data);
    if (page >= r.numberOfPages || !r.data.length) break;
  }
  return rows;
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

const exportable = (_n: string, f: FieldSchema) =>
  !f.writeOnly && f.type !== 'object' && !f['x-db']?.virtual && !f['x-db']?.secret;

/**
 * CSV (papaparse), XLSX (exceljs, numeric cells) or PDF (jspdf), each library loaded only when asked
 * for. CSV and XLSX carry every field an analyst may want; the PDF is for reading, so it carries the
 * columns the list shows, landscape, with the title, the filters used, the header on every page and
 * page numbers. Every cell reads as on the screen: names, not ids or storage codes.
 */
export async function exportList(
  entity: ClientEntity,
  params: { filter: Record<string, unknown>; sort: { field: string; order: string } },
  { format, locale, t }: { format: 'csv' | 'xlsx' | 'pdf'; locale: Locale; t: Translate },
) {
  const fields = orderedFields(entity, (n, f) => exportable(n, f) && (format !== 'pdf' || !!f['x-list']?.column));
  const headers = fields.map(([n, f]) => schemaLabel(f, locale, n));
  const data = await fetchAll(entity, params, format);
  const names = await referenceNames(fields, data);
  const rows: Cell[][] = data.map((r) =>
    fields.map(([n, f]) => exportCell({ field: f, value: r[n], names, t, locale })),
  );
  const base = `${entity.name}-${new Date().toISOString().slice(0, 10)}`;
  const title = schemaLabel({ title: entity.schema.title, 'x-ui': { label_es: entity.resource.label_es } }, locale);
  if (format === 'csv') {
    const Papa = (await import('papaparse')).default;
    download(
      new Blob([Papa.unparse({ fields: headers, data: rows }, { escapeFormulae: CSV_FORMULA_CELL })], {
        type: 'text/csv;charset=utf-8',
      }),
      `${base}.csv`,
    );
  } else if (format === 'xlsx') {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(title.slice(0, 31));
    sheet.addRow(headers).font = { bold: true };
    for (const r of rows) sheet.addRow(r);
    fields.forEach(([, f], i) => {
      if (isMoneyField(f)) sheet.getColumn(i + 1).numFmt = '#,##0.00';
    });
    const buffer = await book.xlsx.writeBuffer();
    download(
      new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      `${base}.xlsx`,
    );
  } else {
    const { listPdf } = await import('./list-pdf.ts');
    const filters = filtersText(params.filter, entity.schema.properties, t, locale);
    const body = rows.map((r) =>
      r.map((c, i) =>
        c === null
          ? ''
          : isMoneyField(fields[i][1]) && typeof c === 'number'
            ? formatCents(Math.round(c * 100), 'us', true)
            : String(c),
      ),
    );
    download(
      await listPdf({
        title,
        filters,
        headers,
        body,
        numeric: fields.map(([, f]) => isMoneyField(f) || f.type === 'integer' || f.type === 'number'),
        t,
        locale,
      }),
      `${base}.pdf`,
    );
  }
  showToast('success', t('toast.exported'), [`${rows.length}`]);
}
