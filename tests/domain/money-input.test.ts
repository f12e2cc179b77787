import { describe, expect, it } from 'vitest';
import { MAX_CENTS, centsFromTyping, formatCents, isWithinMoneyLimit, toDottedDecimal } from '../../src/domain/money-input.ts';

describe('money entry', () => {
  it('digits shift in from the right as cents', () => {
    expect(centsFromTyping('1')).toBe(1);
    expect(centsFromTyping('1234')).toBe(1234);
  });
  it('leading zeros are stripped', () => expect(centsFromTyping('000125')).toBe(125));
  it('separators and a dollar sign are ignored, a leading minus is kept', () => {
    expect(centsFromTyping('$1,234.56')).toBe(123456);
    expect(centsFromTyping('-12.50')).toBe(-1250);
  });
  it('a 14th character is dropped', () => expect(centsFromTyping('12345678901234')).toBe(1234567890123));
  it('an empty entry is no amount', () => expect(centsFromTyping('')).toBeNull());
  it('the limit is 9,999,999.99', () => {
    expect(isWithinMoneyLimit(MAX_CENTS)).toBe(true);
    expect(isWithinMoneyLimit(MAX_CENTS + 1)).toBe(false);
  });
});

describe('money display', () => {
  it('US style groups with commas and a dot decimal', () => expect(formatCents(123456789, 'us')).toBe('1,234,567.89'));
  it('European style groups with dots and a comma decimal', () => expect(formatCents(123456789, 'eu')).toBe('1.234.567,89'));
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
