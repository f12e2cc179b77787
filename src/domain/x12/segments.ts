import type { Separators } from './separators.ts';

export interface Segment {
  /** 1-based position in the file */
  position: number;
  id: string;
  /** elements[1] is the first element after the id, as the guides number them */
  elements: string[];
}

/**
 * Segments one at a time, so a large file is never held as an array of segment strings. Line breaks
 * after a terminator (common in samples) are not part of the next segment.
 */
export function* readSegments(text: string, sep: Separators, from = 0): Generator<Segment> {
  let position = 0;
  let i = text.indexOf('ISA', from);
  if (i < 0) return;
  while (i < text.length) {
    let end = text.indexOf(sep.segment, i);
    if (end < 0) end = text.length;
    const raw = text.slice(i, end).replace(/^\s+/, '');
    i = end + 1;
    if (!raw.trim()) continue;
    const elements = raw.split(sep.element);
    position++;
    yield { position, id: elements[0], elements };
  }
}

/** A composite element's components (SVC01 = HC:99213:25). */
export const components = (value: string | undefined, sep: Separators) => (value ?? '').split(sep.component);
