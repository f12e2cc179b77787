import type { IsoDate } from '../formats.ts';

/** The separators the product writes with: element, component, repetition and segment terminator. */
export const SEP = { element: '*', component: ':', repetition: '^', segment: '~' };

/** Cents as X12 writes an amount (-12.50), without floating point. */
export const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
/** A day as X12 writes it (CCYYMMDD). */
export const ccyymmdd = (day: IsoDate) => day.replace(/-/g, '');
/** One segment from its id and elements, the empty ones at its end left off. */
export const seg = (...els: Array<string | undefined>) => {
  const parts = els.map((e) => e ?? '');
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.join(SEP.element) + SEP.segment;
};
/** A name as an X12 element carries it: upper case, without the separators' characters, at most 60 characters. */
export const x12Name = (s: string | null | undefined) =>
  String(s ?? '')
    .toUpperCase()
    .replace(/[*~:^]/g, ' ')
    .trim()
    .slice(0, 60);
