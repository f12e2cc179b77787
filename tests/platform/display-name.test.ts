import { describe, expect, it } from 'vitest';
import { fillDisplayName } from '../../dev-server/resources/resource-store.ts';

describe("a record's display name", () => {
  it('reads its template with every part filled', () => {
    expect(fillDisplayName('{name} - {abbreviation}', { name: 'Miami Pediatrics', abbreviation: 'MP' })).toBe(
      'Miami Pediatrics - MP',
    );
  });

  it('drops an empty part with the separator before it, never leaving a dangling dash or comma', () => {
    expect(fillDisplayName('{name} - {abbreviation}', { name: 'Miami Pediatrics', abbreviation: null })).toBe(
      'Miami Pediatrics',
    );
    expect(fillDisplayName('{code} - {name}', { name: 'Office' })).toBe('Office');
    expect(fillDisplayName('{last_name}, {first_name}', { last_name: 'Smith', first_name: '  ' })).toBe('Smith');
    expect(fillDisplayName('{a} - {b} - {c}', { a: 'A', c: 'C' })).toBe('A - C');
  });

  it('shows an amount in dollars, never in the cents it is kept in', () => {
    expect(fillDisplayName('{reference} {amount}', { reference: 'CHK1001', amount: 12000 }, new Set(['amount']))).toBe(
      'CHK1001 120.00',
    );
    expect(fillDisplayName('{reference} {amount}', { reference: 'CHK1001', amount: '-5' }, new Set(['amount']))).toBe(
      'CHK1001 -0.05',
    );
  });
});
