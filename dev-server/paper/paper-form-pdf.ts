import type { jsPDF } from 'jspdf';
import { letterDocument } from '../../src/platform/letter-document.ts';
import { CMS1500, type GridText } from '../../src/domain/paper-forms/cms1500.ts';
import {
  CMS1500_CAPTIONS,
  CMS1500_CAPTION_AT,
  CMS1500_COLUMN_LINES,
  CMS1500_FIRST_COL,
  CMS1500_LAST_COL,
  CMS1500_ROW_LINES,
} from '../../src/domain/paper-forms/cms1500-drawing.ts';
import { UB04, UB04_CAPTIONS, UB04_LINE_TOPS, type BoxText } from '../../src/domain/paper-forms/ub04.ts';

export type FormMode = 'data' | 'full';
/** Where the printer puts the grid: points from the sheet's left and top edges (people adjust these to their printer). */
export interface FormOffsets {
  left: number;
  top: number;
}

// The colour pre-printed claim forms are printed in (scanners drop it); used only on the full form.
const FORM_RED: [number, number, number] = [200, 30, 45];

/** A Letter sheet per page of every claim; on the full form, the drawing (in red) goes under the data. */
function sheets<T>(
  claims: T[][][],
  mode: FormMode,
  lineWidth: number,
  drawForm: (doc: jsPDF, page: T[]) => void,
  drawData: (doc: jsPDF, page: T[]) => void,
): ArrayBuffer {
  const doc = letterDocument();
  claims.flat().forEach((page, i) => {
    if (i > 0) doc.addPage('letter', 'portrait');
    if (mode === 'full') {
      doc.setDrawColor(...FORM_RED);
      doc.setTextColor(...FORM_RED);
      doc.setLineWidth(lineWidth);
      drawForm(doc, page);
      doc.setTextColor(0, 0, 0);
    }
    drawData(doc, page);
  });
  return doc.output('arraybuffer');
}

/**
 * CMS-1500 forms, one sheet per page of each claim: the data alone in Courier 12 on the 10 × 6 grid
 * (for the red pre-printed forms), or with the form drawn under it for plain paper.
 */
export function cms1500Pdf(claims: GridText[][][], mode: FormMode, asked: Partial<FormOffsets> = {}): ArrayBuffer {
  const at = { left: asked.left ?? CMS1500.left, top: asked.top ?? CMS1500.top };
  const x = (col: number) => at.left + CMS1500.charWidth * (col - 1);
  const y = (row: number) => at.top + CMS1500.lineHeight * row;
  return sheets(
    claims,
    mode,
    0.5,
    (doc) => {
      doc.setFont('helvetica', 'bold');
      doc.setFontSize(11);
      doc.text('HEALTH INSURANCE CLAIM FORM', x(1), y(6) - 14);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(5.5);
      doc.text('APPROVED BY NATIONAL UNIFORM CLAIM COMMITTEE (NUCC) 02/12', x(1), y(6) - 6);
      // A caption just above the middle of its row: clear of the line over it and of the value under it.
      for (const [key, [row, col]] of Object.entries(CMS1500_CAPTION_AT))
        doc.text(CMS1500_CAPTIONS[key], x(col), y(row) - 1);
      const under = (row: number) => y(row) + 3;
      const leftOf = (col: number) => x(col) - 2;
      for (const l of CMS1500_ROW_LINES)
        doc.line(leftOf(l.from ?? CMS1500_FIRST_COL), under(l.row), leftOf(l.to ?? CMS1500_LAST_COL), under(l.row));
      for (const l of CMS1500_COLUMN_LINES) doc.line(leftOf(l.col), under(l.fromRow), leftOf(l.col), under(l.toRow));
    },
    (doc, page) => {
      doc.setFont('courier', 'normal');
      doc.setFontSize(12);
      for (const t of page) doc.text(t.text, x(t.col), y(t.row));
    },
  );
}

/**
 * The UB-04 drawn for plain paper fits the printable part of a Letter sheet: its boxes span 15–919 form units
 * (8.2 inches), wider than a printer reaches, so the whole form (boxes, captions, values) is drawn at this scale from
 * a quarter inch in. On pre-printed forms the values keep the form's own size and place.
 */
const UB04_PRINTABLE = { left: 18, top: 18, width: 576 };
const UB04_FIT = UB04_PRINTABLE.width / (((919 - 15) * 72) / UB04.perInch);

/** UB-04 forms: each value in its field box (Times 10, aligned as the box says), optionally over the drawn form. */
export function ub04Pdf(claims: BoxText[][][], mode: FormMode, asked: Partial<FormOffsets> = {}): ArrayBuffer {
  const scale = mode === 'full' ? UB04_FIT : 1;
  const pt = (units: number) => (units * 72 * scale) / UB04.perInch;
  const home = mode === 'full' ? { left: UB04_PRINTABLE.left - pt(15), top: UB04_PRINTABLE.top - pt(10) } : UB04;
  const at = { left: asked.left ?? home.left, top: asked.top ?? home.top };
  return sheets(
    claims,
    mode,
    0.4,
    (doc, page) => {
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(5 * scale);
      // A box's frame holds its value whole: from just above the value's capitals to just under its descenders.
      for (const b of page) doc.rect(at.left + pt(b.left), at.top + pt(b.top - 1), pt(b.width), pt(18.5));
      for (const top of UB04_LINE_TOPS)
        doc.line(at.left + pt(15), at.top + pt(top + 17.5), at.left + pt(919), at.top + pt(top + 17.5));
      for (const [key, [left, top]] of Object.entries(UB04_CAPTION_AT))
        doc.text(UB04_CAPTIONS[key], at.left + pt(left), at.top + pt(top));
    },
    (doc, page) => {
      doc.setFont('times', 'normal');
      for (const b of page) {
        doc.setFontSize((b.size ?? UB04.fontSize) * scale);
        // Before printing every box moves down 3 units; left-aligned text 2 units right; right-aligned boxes end short of their edge.
        const baseline = at.top + pt(b.top + 3 + 11);
        let left = at.left + pt(b.left);
        if (b.align === 'left') left += pt(2);
        else if (b.align === 'right')
          left = at.left + pt(b.left + b.width - (b.charges ? 14 : 8)) - doc.getTextWidth(b.text);
        else left = at.left + pt(b.left + b.width / 2) - doc.getTextWidth(b.text) / 2;
        doc.text(b.text, left, baseline);
      }
    },
  );
}

/** Where each UB-04 caption is drawn on the full form (form units, just above its boxes). */
const UB04_CAPTION_AT: Record<string, [number, number]> = {
  FL1: [26, 10],
  FL3a: [599, 10],
  FL4: [862, 28],
  FL5: [567, 66],
  FL6: [675, 66],
  FL8: [28, 102],
  FL9: [358, 84],
  FL10: [15, 139],
  FL11: [115, 139],
  FL12: [148, 139],
  FL13: [214, 139],
  FL14: [246, 139],
  FL15: [280, 139],
  FL16: [312, 139],
  FL17: [345, 139],
  FL18: [378, 139],
  FL31: [15, 176],
  FL39: [489, 232],
  FL42: [15, 324],
  line23: [96, 750],
  line23of: [160, 750],
  line23date: [440, 750],
  line23totals: [610, 750],
  FL50: [15, 762],
  FL56: [890, 762],
  FL58: [15, 837],
  FL63: [15, 909],
  FL66: [15, 986],
  FL67: [28, 964],
  FL69: [15, 1024],
  FL76: [594, 1020],
};
