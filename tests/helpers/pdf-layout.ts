import { expect } from 'vitest';
import { pdfLines, pdfRuns, type DrawnLine, type PlacedRun } from './pdf-text.ts';

/** A run's ink box: from its baseline up by most of its size (ascent) and a little below (descent). */
const box = (r: PlacedRun) => ({
  left: r.x,
  right: r.x + r.width,
  top: r.top - r.size * 0.72,
  bottom: r.top + r.size * 0.18,
});

/** Runs printed over one another (text on text), each pair once, named by their texts. */
export function collisions(page: PlacedRun[]): string[] {
  const out: string[] = [];
  const boxes = page.map(box);
  for (let i = 0; i < page.length; i++) {
    for (let j = i + 1; j < page.length; j++) {
      const a = boxes[i],
        b = boxes[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      // A point of touching is not an overlap: glyph boxes of neighbouring runs may meet.
      if (w > 0.75 && h > 0.75) out.push(`"${page[i].str.trim()}" over "${page[j].str.trim()}"`);
    }
  }
  return out;
}

/** Runs that run off the page (Letter, in points). */
export function overflows(page: PlacedRun[], orientation: 'portrait' | 'landscape'): string[] {
  const [width, height] = orientation === 'portrait' ? [612, 792] : [792, 612];
  return page
    .filter((r) => r.x < 0 || r.x + r.width > width + 0.5 || r.top > height || r.top - r.size < 0)
    .map((r) => `"${r.str.trim()}" at ${r.x.toFixed(0)},${r.top.toFixed(0)}`);
}

/** A PDF a person can read: on no page does text print over other text or off the page. */
export async function expectReadableLayout(
  bytes: ArrayBuffer | Uint8Array,
  orientation: 'portrait' | 'landscape',
): Promise<void> {
  const pages = await pdfRuns(bytes);
  pages.forEach((page, i) => {
    expect(collisions(page), `text over text on page ${i + 1}`).toEqual([]);
    expect(overflows(page, orientation), `text off page ${i + 1}`).toEqual([]);
  });
}

/**
 * Text a drawn line runs through (a value across its box's edge): a line crossing the run's ink box by more than a
 * hair, each named by its text and where the line lies. A line that only touches the box's edge is not a crossing.
 */
export function linesThrough(page: PlacedRun[], lines: DrawnLine[]): string[] {
  const out: string[] = [];
  const HAIR = 0.75;
  for (const r of page) {
    const b = box(r);
    for (const l of lines) {
      const vertical = Math.abs(l.x1 - l.x2) < 0.01;
      const horizontal = Math.abs(l.top1 - l.top2) < 0.01;
      if (vertical) {
        const [from, to] = [Math.min(l.top1, l.top2), Math.max(l.top1, l.top2)];
        if (l.x1 > b.left + HAIR && l.x1 < b.right - HAIR && Math.min(to, b.bottom) - Math.max(from, b.top) > HAIR)
          out.push(`"${r.str.trim()}" crossed by the line at x ${l.x1.toFixed(1)}`);
      } else if (horizontal) {
        const [from, to] = [Math.min(l.x1, l.x2), Math.max(l.x1, l.x2)];
        if (l.top1 > b.top + HAIR && l.top1 < b.bottom - HAIR && Math.min(to, b.right) - Math.max(from, b.left) > HAIR)
          out.push(`"${r.str.trim()}" crossed by the line at y ${l.top1.toFixed(1)}`);
      }
    }
  }
  return out;
}

/** Lines drawn off the page (Letter, in points): part of the form the printer cannot print. */
export function linesOffPage(lines: DrawnLine[]): string[] {
  return lines
    .filter((l) => [l.x1, l.x2].some((x) => x < 0 || x > 612.5) || [l.top1, l.top2].some((t) => t < 0 || t > 792.5))
    .map((l) => `line ${l.x1.toFixed(1)},${l.top1.toFixed(1)} → ${l.x2.toFixed(1)},${l.top2.toFixed(1)}`);
}

/**
 * Everything wrong with a printed form, page by page: text over text, text off the sheet, a drawn line through text,
 * a line off the sheet. Empty when every value and caption sits inside its box on the page.
 */
export async function formLayoutProblems(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const [pages, lines] = await Promise.all([pdfRuns(bytes), pdfLines(bytes)]);
  return pages.flatMap((page, i) =>
    [
      ...collisions(page),
      ...overflows(page, 'portrait'),
      ...linesThrough(page, lines[i]),
      ...linesOffPage(lines[i]),
    ].map((p) => `page ${i + 1}: ${p}`),
  );
}
