import { letterDocument } from '../../src/platform/letter-document.ts';

/**
 * A letter on letter paper: the text as written, wrapped to the margins, a new page when it runs over.
 * jsPDF's standard fonts are Latin-1: characters outside it are replaced rather than printed wrong.
 */
export function letterPdf(text: string): ArrayBuffer {
  const doc = letterDocument();
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  const width = doc.internal.pageSize.getWidth() - 144;
  const bottom = doc.internal.pageSize.getHeight() - 72;
  let y = 72;
  for (const paragraph of text.replace(/[^\n\x20-\xff]/g, '?').split('\n')) {
    const lines: string[] = paragraph ? doc.splitTextToSize(paragraph, width) : [''];
    for (const line of lines) {
      if (y > bottom) {
        doc.addPage();
        y = 72;
      }
      doc.text(line, 72, y);
      y += 15;
    }
  }
  return doc.output('arraybuffer');
}
