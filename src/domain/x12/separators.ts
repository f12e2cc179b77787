export interface Separators {
  element: string;
  component: string;
  repetition: string | null;
  segment: string;
}

/**
 * The separators are the ones the ISA declares: element at offset 3, repetition in ISA11 (5010),
 * component in ISA16 and the segment terminator right after it. ISA is fixed width (106 characters).
 */
export function readSeparators(text: string): Separators | null {
  const start = text.indexOf('ISA');
  if (start < 0 || text.length < start + 106) return null;
  const isa = text.slice(start, start + 106);
  const element = isa[3];
  const parts = isa.split(element);
  if (parts.length < 17) return null;
  const repetition =
    parts[12] >= '00501' && parts[11].length === 1 && !/[A-Za-z0-9 ]/.test(parts[11]) ? parts[11] : null;
  return { element, component: isa[104], repetition, segment: isa[105] };
}
