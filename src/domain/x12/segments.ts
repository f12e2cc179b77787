import type { Separators } from './separators.ts';

export interface Segment {
  /** 1-based position in the file */
  position: number;
  id: string;
  /** elements[1] is the first element after the id, as the guides number them */
  elements: string[];
}

/**
 * Calls onSegment for each segment in order, so a large file is never held as an array of segment
 * strings. Line breaks after a terminator (common in samples) are not part of the next segment.
 * A plain loop rather than a generator: at millions of segments the generator's cost shows.
 */
export function scanSegments(text: string, sep: Separators, onSegment: (s: Segment) => void, from = 0): void {
  let position = 0;
  let i = text.indexOf('ISA', from);
  if (i < 0) return;
  const terminator = sep.segment;
  const element = sep.element.charCodeAt(0);
  const length = text.length;
  while (i < length) {
    let end = text.indexOf(terminator, i);
    if (end < 0) end = length;
    while (i < end && text.charCodeAt(i) <= 32) i++;
    if (i < end) {
      // Elements cut straight from the text by character code: slice-then-split costs about twice as
      // much (the slice is flattened before it is split), and this runs for millions of segments.
      const elements: string[] = [];
      let start = i;
      for (let j = i; j < end; j++) {
        if (text.charCodeAt(j) === element) {
          elements.push(text.substring(start, j));
          start = j + 1;
        }
      }
      elements.push(text.substring(start, end));
      onSegment({ position: ++position, id: elements[0], elements });
    }
    i = end + 1;
  }
}

/** A composite element's components (SVC01 = HC:99213:25). */
export const components = (value: string | undefined, sep: Separators) => (value ?? '').split(sep.component);
