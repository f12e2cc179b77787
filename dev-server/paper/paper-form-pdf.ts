import type { jsPDF } from 'jspdf';
import { letterDocument } from '../../src/platform/letter-document.ts';
import { CMS1500, CMS1500_CAPTIONS, CMS1500_CAPTION_AT, type GridText } from '../../src/domain/paper-forms/cms1500.ts';
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
      for (const [key, [row, col, inline]] of Object.entries(CMS1500_CAPTION_AT)) {
        doc.text(CMS1500_CAPTIONS[key], x(col), inline ? y(row) : y(row) - 9);
        doc.line(x(col) - 2, y(row) - 15, x(col) - 2, y(row) + 3);
      }
      for (const row of [7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 28, 31, 33, 35, 37, 41, 55, 57, 62])
        doc.line(at.left - 4, y(row) + 3, x(82), y(row) + 3);
      for (let k = 1; k <= 6; k++) doc.line(at.left - 4, y(41 + 2 * k) - 9, x(82), y(41 + 2 * k) - 9);
    },
    (doc, page) => {
      doc.setFont('courier', 'normal');
      doc.setFontSize(12);
      for (const t of page) doc.text(t.text, x(t.col), y(t.row));
    },
  );
}

/** UB-04 forms: each value in its field box (Times 10, aligned as the box says), optionally over the drawn form. */
export function ub04Pdf(claims: BoxText[][][], mode: FormMode, asked: Partial<FormOffsets> = {}): ArrayBuffer {
  const at = { left: asked.left ?? UB04.left, top: asked.top ?? UB04.top };
  const pt = (units: number) => (units * 72) / UB04.perInch;
  return sheets(
    claims,
    mode,
    0.4,
    (doc, page) => {
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(5);
      for (const b of page) doc.rect(at.left + pt(b.left), at.top + pt(b.top), pt(b.width), pt(14));
      for (const top of UB04_LINE_TOPS)
        doc.line(at.left + pt(15), at.top + pt(top + 17), at.left + pt(919), at.top + pt(top + 17));
      for (const [key, [left, top]] of Object.entries(UB04_CAPTION_AT))
        doc.text(UB04_CAPTIONS[key], at.left + pt(left), at.top + pt(top));
    },
    (doc, page) => {
      doc.setFont('times', 'normal');
      doc.setFontSize(UB04.fontSize);
      for (const b of page) {
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
