import { CSV_FORMULA_CELL } from '../../src/domain/csv-cells.ts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { letterDocument } from '../../src/platform/letter-document.ts';
import { autoTable } from 'jspdf-autotable';
import { formatCents } from '../../src/domain/money-input.ts';
import { reportCellText, type ReportDef, type ReportResult } from '../../src/platform/report.ts';
import { reportLines } from '../../src/platform/report-lines.ts';

export async function exportReport(
  def: ReportDef,
  result: ReportResult,
  format: 'csv' | 'xlsx' | 'pdf',
  locale: 'en' | 'es',
): Promise<{ body: Buffer; type: string; name: string }> {
  const words = { total: locale === 'es' ? 'Total' : 'Total' };
  const title = locale === 'es' ? def.name_es : def.name;
  const headers = result.columns.map((c) => (locale === 'es' ? c.label_es : c.label));
  const lines = reportLines(result, words);
  const name = `${def.key}-${new Date().toISOString().slice(0, 10)}`;
  if (format === 'csv') {
    // Amounts as plain decimals (1234.50): a spreadsheet reads them as numbers.
    const data = lines.map((l) =>
      result.columns.map((c) => {
        const v = l.values[c.key];
        return v === null || v === undefined
          ? ''
          : c.type === 'money'
            ? (Number(v) / 100).toFixed(2)
            : c.type === 'percent'
              ? (Number(v) / 100).toFixed(2)
              : v;
      }),
    );
    return {
      body: Buffer.from(Papa.unparse({ fields: headers, data }, { escapeFormulae: CSV_FORMULA_CELL }), 'utf8'),
      type: 'text/csv; charset=utf-8',
      name: `${name}.csv`,
    };
  }
  if (format === 'xlsx') {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(title.slice(0, 31));
    sheet.addRow(headers).font = { bold: true };
    for (const l of lines) {
      const row = sheet.addRow(
        result.columns.map((c) => {
          const v = l.values[c.key];
          if (v === null || v === undefined) return null;
          if (c.type === 'money') return Number(v) / 100;
          if (c.type === 'percent') return Number(v) / 10000;
          if (c.type === 'int') return Number(v);
          if (c.type === 'date' && typeof v === 'string' && /^\d{2}\/\d{2}\/\d{4}$/.test(v))
            return new Date(Date.UTC(Number(v.slice(6)), Number(v.slice(0, 2)) - 1, Number(v.slice(3, 5))));
          return v;
        }),
      );
      if (l.kind !== 'row') row.font = { bold: true };
    }
    result.columns.forEach((c, i) => {
      if (c.type === 'money') sheet.getColumn(i + 1).numFmt = '#,##0.00';
      if (c.type === 'date') sheet.getColumn(i + 1).numFmt = 'mm/dd/yyyy';
      if (c.type === 'percent') sheet.getColumn(i + 1).numFmt = '0.00%';
    });
    return {
      body: Buffer.from(await book.xlsx.writeBuffer()),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      name: `${name}.xlsx`,
    };
  }
  const doc = letterDocument('landscape');
  doc.setFontSize(12);
  doc.text(title, 36, 30);
  autoTable(doc, {
    head: [headers],
    startY: 40,
    styles: { fontSize: 6.5, cellPadding: 2 },
    // Amounts never break across lines (text columns wrap instead), right-aligned as on the screen.
    columnStyles: Object.fromEntries(
      result.columns.map((c, i) => [
        i,
        c.type === 'text' ? {} : { cellWidth: 'wrap' as const, halign: 'right' as const },
      ]),
    ),
    body: lines.map((l) => result.columns.map((c) => reportCellText(c, l.values[c.key], formatCents))),
    didParseCell: (data) => {
      if (data.section === 'body' && lines[data.row.index]?.kind !== 'row') data.cell.styles.fontStyle = 'bold';
    },
  });
  return { body: Buffer.from(doc.output('arraybuffer')), type: 'application/pdf', name: `${name}.pdf` };
}
