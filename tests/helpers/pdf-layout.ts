import { expect } from 'vitest';
import { pdfRuns, type PlacedRun } from './pdf-text.ts';

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
