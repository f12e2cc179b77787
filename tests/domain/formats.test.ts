import { describe, expect, it } from 'vitest';
import { isNpi, isPhone, isUsDate, isZip } from '../../src/domain/formats.ts';

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
