import { describe, expect, it } from 'vitest';
import { letterDocument, winAnsi } from '../../src/platform/letter-document.ts';
import { pdfText } from '../helpers/pdf-text.ts';

describe('PDF text in the standard fonts', () => {
  it('a minus sign, not-equal and an arrow become -, <> and ->; accents and typographic quotes stay', () =>
    expect(winAnsi('a − b ≠ c → d “Atención” — ñ')).toBe('a - b <> c -> d “Atención” — ñ'));
  it('a page with a minus sign reads back as written, not letter-spaced', async () => {
    const doc = letterDocument();
    doc.text('BPR02 = claims paid − provider adjustments', 40, 40);
    expect(await pdfText(doc.output('arraybuffer'))).toContain('BPR02 = claims paid - provider adjustments');
  });
});
