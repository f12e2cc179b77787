import { jsPDF } from 'jspdf';

// Windows-1252 beyond Latin-1: what jsPDF's standard fonts (WinAnsiEncoding) draw besides U+0000–U+00FF.
const CP1252 = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
// The few characters our texts use that the standard fonts cannot draw, in words they can.
const NEAREST: Record<string, string> = {
  '−': '-',
  '≠': '<>',
  '≤': '<=',
  '≥': '>=',
  '→': '->',
  '←': '<-',
  '✓': 'v',
  '≈': '~',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u200b': '',
};

/**
 * Text as the standard PDF fonts can draw it. One character outside their encoding (a minus sign "−")
 * made jsPDF write the whole string as two-byte text, which a reader extracts letter-spaced and garbled
 * ("B P R 0 2 …"); it is replaced by its nearest equivalent, or "?" when there is none.
 */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) out += ch.charCodeAt(0) <= 0xff || CP1252.has(ch) ? ch : (NEAREST[ch] ?? '?');
  return out;
}

type Text = Parameters<jsPDF['text']>[0];
const safe = (t: Text): Text =>
  typeof t === 'string' ? winAnsi(t) : Array.isArray(t) ? t.map((x) => (typeof x === 'string' ? winAnsi(x) : x)) : t;

/**
 * A Letter page in points, as every PDF of the product is (forms, statements, letters, reports, exports),
 * whose text — its own and what jspdf-autotable writes through it — is always drawn in the fonts' encoding
 * and measured as drawn.
 */
export function letterDocument(orientation: 'portrait' | 'landscape' = 'portrait'): jsPDF {
  const doc = new jsPDF({ unit: 'pt', format: 'letter', orientation });
  const text = doc.text.bind(doc);
  const split = doc.splitTextToSize.bind(doc);
  const width = doc.getTextWidth.bind(doc);
  doc.text = ((t: Text, ...rest: unknown[]) => (text as (...a: unknown[]) => jsPDF)(safe(t), ...rest)) as jsPDF['text'];
  // jspdf-autotable hands a cell's lines as an array: each line is made drawable, never the array read as characters
  // (an empty cell [''] came out as "?").
  doc.splitTextToSize = ((t: string | string[], size: number, options?: unknown) =>
    split(safe(t) as string, size, options as never)) as jsPDF['splitTextToSize'];
  doc.getTextWidth = ((t: string) => width(winAnsi(t))) as jsPDF['getTextWidth'];
  return doc;
}
