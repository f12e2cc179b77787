import { describe, expect, it } from 'vitest';
import {
  MAX_CENTS,
  centsFromEntry,
  formatCents,
  isWithinMoneyLimit,
  toDottedDecimal,
} from '../../src/domain/money-input.ts';

describe('money entry', () => {
  it('a whole number typed is dollars: 150 is $150.00, never $1.50', () => {
    expect(centsFromEntry('150')).toBe(15000);
    expect(centsFromEntry('1')).toBe(100);
  });
  it('one or two decimals are cents: 150.5 is $150.50, 150.05 is $150.05, 150. is $150.00', () => {
    expect(centsFromEntry('150.5')).toBe(15050);
    expect(centsFromEntry('150.05')).toBe(15005);
    expect(centsFromEntry('150.')).toBe(15000);
    expect(centsFromEntry('.5')).toBe(50);
  });
  it('thousands separators and a dollar sign are read, a leading minus is kept', () => {
    expect(centsFromEntry('1,500.00')).toBe(150000);
    expect(centsFromEntry('$1,234.56')).toBe(123456);
    expect(centsFromEntry('-12.50')).toBe(-1250);
    expect(centsFromEntry('-$12.50')).toBe(-1250);
  });
  it('European style: dots group thousands and a comma separates cents', () =>
    expect(centsFromEntry('1.500,5', 'eu')).toBe(150050));
  it('what is not an amount is no amount: three decimals, misplaced separators, letters, nothing', () => {
    for (const t of ['1.234', '12,34', '1,2345', '12a', '', '$', '-', '1.2.3']) expect(centsFromEntry(t), t).toBeNull();
    expect(centsFromEntry('1.234', 'eu')).toBe(123400);
  });
  it('every two-decimal amount up to the limit reads back exactly as it is shown (no float rounding)', () => {
    for (let cents = 0; cents <= 100_000; cents += 7) expect(centsFromEntry(formatCents(cents))).toBe(cents);
    expect(centsFromEntry(formatCents(MAX_CENTS))).toBe(MAX_CENTS);
  });
  it('leading zeros are read away', () => expect(centsFromEntry('000125')).toBe(12500));
  it('a 14th character is dropped', () => expect(centsFromEntry('12345678901234')).toBe(123456789012300));
  it('the limit is 9,999,999.99', () => {
    expect(isWithinMoneyLimit(MAX_CENTS)).toBe(true);
    expect(isWithinMoneyLimit(MAX_CENTS + 1)).toBe(false);
  });
});

describe('money display', () => {
  it('US style groups with commas and a dot decimal', () => expect(formatCents(123456789, 'us')).toBe('1,234,567.89'));
  it('European style groups with dots and a comma decimal', () =>
    expect(formatCents(123456789, 'eu')).toBe('1.234.567,89'));
  it('no amount shows as 0.00 or 0,00', () => {
    expect(formatCents(null, 'us')).toBe('0.00');
    expect(formatCents(null, 'eu')).toBe('0,00');
  });
  it('negative amounts keep the minus', () => expect(formatCents(-5, 'us', true)).toBe('-$0.05'));
  it('a formatted amount becomes a dotted decimal', () => {
    expect(toDottedDecimal('1.234,50', 'eu')).toBe('1234.50');
    expect(toDottedDecimal('$1,234.50', 'us')).toBe('1234.50');
  });
});
