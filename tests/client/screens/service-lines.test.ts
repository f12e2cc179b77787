import { describe, expect, it } from 'vitest';
import { claimTotals, lineCharge } from '../../../src/domain/claims/claim-amounts.ts';
import { clean } from '../../../src/client/screens/claims/line-values.ts';

/** The claim's service lines screen: each line's charge as units × price, the claim's totals and dates, what a line sends. */
describe('service lines', () => {
  it("a line's charge is units × price rounded half up to the cent, on integers", () => {
    expect(lineCharge('1', 12500)).toBe(12500);
    expect(lineCharge('1.5', 333)).toBe(500); // 499.5 → 500
    expect(lineCharge('0.333', 100)).toBe(33); // 33.3 → 33
    expect(lineCharge('2.125', 1001)).toBe(2127); // 2127.125 → 2127
  });

  it('units that are not 8.3 text, or a price that is not whole cents, give no charge', () => {
    expect(lineCharge('1.2345', 100)).toBeNull();
    expect(lineCharge(2, 100)).toBeNull();
    expect(lineCharge('1', 10.5)).toBeNull();
    expect(lineCharge('1', -100)).toBeNull();
  });

  it('the claim bills the sum of its line charges and collected the sum of its copays', () => {
    const totals = claimTotals([
      { days_or_units: '2', price: 7550, copay: 2000 },
      { days_or_units: '1', price: 12500 },
      { days_or_units: 'x', price: 999 },
    ]);
    expect([totals.billed, totals.copays]).toEqual([27600, 2000]);
  });

  it("the date of service is the earliest line's from, the last date the latest to (a line without to ends on its from)", () => {
    const totals = claimTotals([
      { from_service: '03/14/2026', to_service: '03/16/2026' },
      { from_service: '03/10/2026' },
      { from_service: '03/20/2026' },
    ]);
    expect([totals.dateOfService, totals.lastDate]).toEqual(['03/10/2026', '03/20/2026']);
  });

  it('a claim without lines has no dates and bills nothing', () => {
    expect(claimTotals([])).toEqual({ billed: 0, copays: 0, dateOfService: null, lastDate: null });
  });

  it('a line sends no empty cell: blank text and empty lists are left out, zero and false are kept', () => {
    expect(
      clean({ procedure_code: '99213', modifiers: [], copay: '', units: undefined, price: 0, emg: false }),
    ).toEqual({ procedure_code: '99213', price: 0, emg: false });
  });
});
