import { describe, expect, it } from 'vitest';
import { completeDateEntry, isRangeInOrder, maskDigits } from '../../src/domain/date-entry.ts';

const today = new Date(2026, 10, 22);

describe('date entry', () => {
  it('a full mm/dd/yyyy date stays as typed', () => expect(completeDateEntry('02/29/2024', today)).toBe('02/29/2024'));
  it('month/day is completed with the current year', () => expect(completeDateEntry('3/7', today)).toBe('03/07/2026'));
  it('four digits are month and day', () => expect(completeDateEntry('1231', today)).toBe('12/31/2026'));
  it('a month above 12 or a day above 31 is refused', () => {
    expect(completeDateEntry('13/01', today)).toBeNull();
    expect(completeDateEntry('01/32', today)).toBeNull();
  });
  it('a day that does not exist is refused', () => expect(completeDateEntry('02/30/2026', today)).toBeNull());
  it('eight digits are a full date', () => expect(completeDateEntry('07042026', today)).toBe('07/04/2026'));
});

describe('ranges and masks', () => {
  it('from may not be after to', () => {
    expect(isRangeInOrder('01/02/2026', '01/01/2026')).toBe(false);
    expect(isRangeInOrder('12/31/2025', '01/01/2026')).toBe(true);
  });
  it('phone digits group 3-3-4', () => expect(maskDigits('3055551234', 'phone')).toBe('305-555-1234'));
  it('SSN digits group 3-2-4', () => expect(maskDigits('123456789', 'ssn')).toBe('123-45-6789'));
  it('a zip of 9 digits gets its dash', () => expect(maskDigits('331011234', 'zip')).toBe('33101-1234'));
});
