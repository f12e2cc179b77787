import { momentText } from '../i18n/moments.ts';
import { letterDocument } from '../../platform/letter-document.ts';
import { autoTable } from 'jspdf-autotable';
import type { Locale, Translate } from '../i18n/i18n.ts';

/**
 * A list as a document to read: landscape letter, the title and the filters used on top, the column
 * headers on every page, columns as wide as their content (a header never breaks inside a word),
 * amounts right-aligned, and "Page n of N" at the foot.
 */
export async function listPdf(input: {
  title: string;
  filters: string;
  headers: string[];
  body: string[][];
  numeric: boolean[];
  t: Translate;
  locale: Locale;
}): Promise<Blob> {
  const doc = letterDocument('landscape');
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const printed = momentText(new Date(), input.locale);
  doc.setFontSize(13);
  doc.text(input.title, 36, 32);
  doc.setFontSize(8);
  const sub = [
    input.filters ? `${input.t('list.filters')}: ${input.filters}` : input.t('export.no_filters'),
    `${input.t('export.printed')}: ${printed}`,
    input.t('export.rows', { count: input.body.length }),
  ].join('   ·   ');
  const lines = doc.splitTextToSize(sub, width - 72) as string[];
  doc.text(lines, 36, 46);
  const TOTAL = '{total_pages}';
  autoTable(doc, {
    head: [input.headers],
    body: input.body,
    startY: 52 + lines.length * 9,
    margin: { left: 36, right: 36, bottom: 36 },
    styles: { fontSize: 7.5, cellPadding: 2.5, overflow: 'linebreak' },
    headStyles: { fillColor: [35, 163, 245], textColor: 255, fontStyle: 'bold' },
    // A header cell keeps its words whole: its width is at least its longest word's.
    columnStyles: Object.fromEntries(
      input.headers.map((h, i) => [
        i,
        {
          minCellWidth: Math.max(...h.split(/\s+/).map((w) => doc.getStringUnitWidth(w) * 7.5)) + 6,
          halign: input.numeric[i] ? ('right' as const) : ('left' as const),
        },
      ]),
    ),
    showHead: 'everyPage',
    didDrawPage: (d) => {
      doc.setFontSize(7.5);
      doc.text(
        `${input.title} — ${input.t('export.page', { page: d.pageNumber, total: TOTAL })}`,
        width - 36,
        height - 18,
        { align: 'right' },
      );
    },
  });
  doc.putTotalPages(TOTAL);
  return doc.output('blob');
}
