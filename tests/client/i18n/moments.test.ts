import { describe, expect, it } from 'vitest';
import { momentText } from '../../../src/client/i18n/moments.ts';

describe('a moment as staff read it', () => {
  const at = new Date(2026, 10, 24, 14, 5);

  it('its day is mm/dd/yyyy in English, as every date in the product', () => {
    expect(momentText(at, 'en')).toBe('11/24/2026 2:05 PM');
  });

  it('its day is mm/dd/yyyy in Spanish too, never 24/11/2026 beside 11/20/2026; the time in Spanish words', () => {
    expect(momentText(at, 'es')).toMatch(/^11\/24\/2026 2:05\sp\.\s?m\.$/);
  });

  it('a value that is no moment is shown as it came, not as "Invalid Date"', () => {
    expect(momentText('soon', 'en')).toBe('soon');
  });
});
