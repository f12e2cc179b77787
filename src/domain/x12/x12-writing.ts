import type { IsoDate } from '../formats.ts';

/** The separators the product writes with: element, component, repetition and segment terminator. */
export const SEP = { element: '*', component: ':', repetition: '^', segment: '~' };

/** Cents as X12 writes an amount (-12.50), without floating point. */
export const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
/** A day as X12 writes it (CCYYMMDD). */
export const ccyymmdd = (day: IsoDate) => day.replace(/-/g, '');

// Letters NFD does not take apart into a base letter and its accents.
const LETTERS: Record<string, string> = {
  ß: 'SS',
  Æ: 'AE',
  æ: 'AE',
  Œ: 'OE',
  œ: 'OE',
  Ø: 'O',
  ø: 'O',
  Ł: 'L',
  ł: 'L',
  Đ: 'D',
  đ: 'D',
  Þ: 'TH',
  þ: 'TH',
  ı: 'I',
};
/** What X12's character set has, once upper-cased, without the product's four separators (* : ^ ~). */
const OUTSIDE = /[^A-Z0-9 !"&'()+,\-./;?=%@#$]/g;
const PLAIN = /^[A-Z0-9 .\-/]*$/;

/**
 * Every element the product writes, as X12 carries it: accents taken off (Zoë → ZOE, Muñoz → MUNOZ, Église → EGLISE),
 * upper case, and nothing a receiver cannot read: a separator or a character outside the X12 set becomes a space, so a
 * name can never cut a segment short or make a file unreadable. The record keeps what the person typed.
 */
export function x12Text(value: string | number | null | undefined): string {
  const s = String(value ?? '');
  if (PLAIN.test(s)) return s.trim();
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßÆæŒœØøŁłĐđÞþı]/g, (c) => LETTERS[c])
    .toUpperCase()
    .replace(OUTSIDE, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

type Text = string | number | null | undefined;
/** A repeated element's values (EB03 = 30^1^33), each written by x12Text. */
export interface Repeats {
  repeats: ReadonlyArray<Text>;
}
/** An element: text, a composite's components (HC:99213:25) or a repeated element's values, each through x12Text. */
export type Element = Text | ReadonlyArray<Text> | Repeats;

export const repeats = (values: ReadonlyArray<Text>): Repeats => ({ repeats: values });

const element = (e: Element): string => {
  if (e !== null && typeof e === 'object' && 'repeats' in e)
    return e.repeats
      .map((v) => x12Text(v))
      .filter(Boolean)
      .join(SEP.repetition);
  if (!Array.isArray(e)) return x12Text(e as Text);
  const parts = e.map((c) => x12Text(c));
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.join(SEP.component);
};

/** One segment from its id and elements, each through x12Text, the empty ones at its end left off. */
export const seg = (...els: Element[]) => {
  const parts = els.map(element);
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.join(SEP.element) + SEP.segment;
};
/** A name as an X12 element carries it (x12Text), at most 60 characters. */
export const x12Name = (s: string | null | undefined) => x12Text(s).slice(0, 60);
