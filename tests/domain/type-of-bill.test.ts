import { describe, expect, it } from 'vitest';
import { typeOfBillForStay } from '../../src/domain/admissions/type-of-bill.ts';

describe('the type of bill of a stay', () => {
  it('an inpatient stay at a facility registered as a clinic (73) is a hospital inpatient bill, 0111', () =>
    expect(typeOfBillForStay('INP', 73)).toBe('0111'));
  it('an inpatient stay at a hospital inpatient facility keeps its classification (12: Part B only)', () =>
    expect(typeOfBillForStay('INP', 12)).toBe('0121'));
  it('a residential stay at a skilled nursing facility (21) is 0211', () =>
    expect(typeOfBillForStay('RES', 21)).toBe('0211'));
  it('observation at a hospital is the outpatient bill 0131', () => expect(typeOfBillForStay('OBS', 11)).toBe('0131'));
  it('partial hospitalization at an ambulatory surgery center (83) is billed as hospital outpatient, 0131', () =>
    expect(typeOfBillForStay('PHP', 83)).toBe('0131'));
  it('a stay with no program is inpatient', () => expect(typeOfBillForStay(undefined, undefined)).toBe('0111'));
});
