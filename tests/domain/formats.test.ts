import { describe, expect, it } from 'vitest';
import { dayOrNone, isNpi, isPhone, isUsDate, isZip, toIsoDate } from '../../src/domain/formats.ts';

describe('format checks', () => {
  it('accepts an NPI whose check digit is right with the 80840 prefix', () => {
    expect(isNpi('1234567893')).toBe(true);
  });
  it('refuses an NPI with a wrong check digit', () => {
    expect(isNpi('1234567890')).toBe(false);
  });
  it('dates are mm/dd/yyyy and real days', () => {
    expect(isUsDate('02/29/2024')).toBe(true);
    expect(isUsDate('02/29/2025')).toBe(false);
    expect(isUsDate('2024-02-01')).toBe(false);
  });
  it('phones are xxx-xxx-xxxx and zips 5 or 9 digits', () => {
    expect(isPhone('305-555-0100')).toBe(true);
    expect(isPhone('3055550100')).toBe(false);
    expect(isZip('33101')).toBe(true);
    expect(isZip('33101-1234')).toBe(true);
    expect(isZip('3310')).toBe(false);
  });
});

describe('a day inside the domain (IsoDate)', () => {
  it('is made from what an edge gives: mm/dd/yyyy, yyyy-mm-dd or a timestamp, always as yyyy-mm-dd', () => {
    expect([toIsoDate('03/02/2026'), toIsoDate('2026-03-02'), toIsoDate('2026-03-02T17:00:00.000Z')]).toEqual([
      '2026-03-02',
      '2026-03-02',
      '2026-03-02',
    ]);
  });
  it('is never made from a text that is not a calendar day', () => {
    for (const bad of ['02/30/2026', '2026-13-01', '4-03195-', '', 'undefined'])
      expect(() => toIsoDate(bad), bad).toThrow(RangeError);
  });
  it('a stored day may be missing (a draft): empty, not an error', () => {
    expect([dayOrNone(null), dayOrNone(undefined), dayOrNone(''), dayOrNone('05/01/1973')]).toEqual([
      '',
      '',
      '',
      '1973-05-01',
    ]);
  });
});
