import { describe, expect, it } from 'vitest';
import { isRelativeDate, relativeDateOf, resolveRelativeDate } from '../../src/domain/relative-date.ts';

// A fixed day in the person's own calendar (local time), across a month's and a year's end.
const nov27 = new Date(2026, 10, 27, 23, 50);

describe('dates relative to the day a saved filter is opened', () => {
  it('today, days before and days after name the calendar dates they stand for', () => {
    expect(resolveRelativeDate('@today', nov27)).toBe('11/27/2026');
    expect(resolveRelativeDate('@today-30', nov27)).toBe('10/28/2026');
    expect(resolveRelativeDate('@today+35', nov27)).toBe('01/01/2027');
  });

  it('a date typed in a filter becomes its distance from today, and back to the same date', () => {
    for (const d of ['11/27/2026', '11/20/2026', '12/31/2026', '02/29/2028']) {
      const rel = relativeDateOf(d, nov27)!;
      expect(isRelativeDate(rel)).toBe(true);
      expect(resolveRelativeDate(rel, nov27)).toBe(d);
    }
    expect(relativeDateOf('11/27/2026', nov27)).toBe('@today');
    expect(relativeDateOf('11/20/2026', nov27)).toBe('@today-7');
  });

  it('anything else is not a relative date', () => {
    for (const v of ['today', '@tomorrow', '@today-', '@today*2', '@today-12345', 7])
      expect(isRelativeDate(v)).toBe(false);
    expect(resolveRelativeDate('next week', nov27)).toBeNull();
    expect(relativeDateOf('2026-11-27', nov27)).toBeNull();
  });
});
