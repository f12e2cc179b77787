import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page of a PDF, read by pdf.js (not by the code that wrote it). */
export async function pdfPageTexts(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes).slice(), useSystemFonts: true, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

/** The text of every page of a PDF, one page per line. */
export const pdfText = async (bytes: ArrayBuffer | Uint8Array): Promise<string> =>
  (await pdfPageTexts(bytes)).join('\n');

/** One text-showing operation as pdf.js reads it: where its baseline starts (points from the left and from the top), its width, font size and font. */
export interface PlacedRun {
  str: string;
  x: number;
  top: number;
  width: number;
  size: number;
  font: string;
}

/**
 * Every text-showing operation of every page with its position, from pdf.js's operator list (its
 * text-content view merges and splits runs for reading; a form check needs each value where it was put).
 */
export async function pdfRuns(bytes: ArrayBuffer | Uint8Array): Promise<PlacedRun[][]> {
  const doc = await getDocument({ data: new Uint8Array(bytes).slice(), useSystemFonts: true, isEvalSupported: false })
    .promise;
  const pages: PlacedRun[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const height = page.view[3];
    const ops = await page.getOperatorList();
    const runs: PlacedRun[] = [];
    let lineX = 0;
    let lineY = 0;
    let x = 0;
    let size = 0;
    let font = '';
    let leading = 0;
    ops.fnArray.forEach((fn, k) => {
      const args = ops.argsArray[k] as any[];
      if (fn === OPS.beginText) {
        lineX = 0;
        lineY = 0;
        x = 0;
      } else if (fn === OPS.setFont) {
        font = String(args[0]);
        size = Number(args[1]);
      } else if (fn === OPS.setLeading) leading = Number(args[0]);
      else if (fn === OPS.moveText || fn === OPS.setLeadingMoveText) {
        lineX += args[0];
        lineY += args[1];
        x = lineX;
        if (fn === OPS.setLeadingMoveText) leading = -args[1];
      } else if (fn === OPS.setTextMatrix) {
        lineX = args[0][4] ?? args[4];
        lineY = args[0][5] ?? args[5];
        x = lineX;
      } else if (fn === OPS.nextLine) {
        lineY -= leading;
        x = lineX;
      } else if (fn === OPS.showText) {
        const glyphs = (args[0] as Array<{ unicode?: string; width?: number } | number>).filter(
          (g): g is { unicode?: string; width?: number } => typeof g === 'object' && g !== null,
        );
        const str = glyphs.map((g) => g.unicode ?? '').join('');
        const width = glyphs.reduce((n, g) => n + ((g.width ?? 0) * size) / 1000, 0);
        if (str.trim()) runs.push({ str, x, top: height - lineY, width, size, font });
        x += width;
      }
    });
    pages.push(runs);
  }
  await doc.destroy();
  return pages;
}

/** A straight line a page draws (a form's box edge), in points from the left and from the top. */
export interface DrawnLine {
  x1: number;
  top1: number;
  x2: number;
  top2: number;
}

/**
 * Every straight line and rectangle edge each page draws, read from pdf.js's operator list (constructPath). The
 * forms draw in page space (no transform), so a coordinate is where the line lies on the sheet.
 */
export async function pdfLines(bytes: ArrayBuffer | Uint8Array): Promise<DrawnLine[][]> {
  const doc = await getDocument({ data: new Uint8Array(bytes).slice(), useSystemFonts: true, isEvalSupported: false })
    .promise;
  const pages: DrawnLine[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const height = page.view[3];
    const ops = await page.getOperatorList();
    const lines: DrawnLine[] = [];
    const add = (x1: number, y1: number, x2: number, y2: number) =>
      lines.push({ x1, top1: height - y1, x2, top2: height - y2 });
    ops.fnArray.forEach((fn, k) => {
      if (fn !== OPS.constructPath) return;
      const [pathOps, coords] = ops.argsArray[k] as [number[], number[]];
      let c = 0;
      let at: [number, number] = [0, 0];
      for (const op of pathOps) {
        if (op === OPS.moveTo) at = [coords[c++], coords[c++]];
        else if (op === OPS.lineTo) {
          const to: [number, number] = [coords[c++], coords[c++]];
          add(at[0], at[1], to[0], to[1]);
          at = to;
        } else if (op === OPS.rectangle) {
          const [x, y, w, h] = [coords[c++], coords[c++], coords[c++], coords[c++]];
          add(x, y, x + w, y);
          add(x + w, y, x + w, y + h);
          add(x, y + h, x + w, y + h);
          add(x, y, x, y + h);
        } else if (op === OPS.curveTo) c += 6;
        else if (op === OPS.curveTo2 || op === OPS.curveTo3) c += 4;
      }
    });
    pages.push(lines);
  }
  await doc.destroy();
  return pages;
}
