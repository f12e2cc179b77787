import { describe, expect, it } from 'vitest';
import { estimate, percentOf, type EstimateInput } from '../../src/domain/estimate/patient-estimate.ts';

const visit = (over: Partial<EstimateInput> = {}): EstimateInput => ({
  lines: [
    { code: '99213', description: 'Office visit', units: 1, unitPrice: 12_500 },
    { code: '36415', description: 'Venipuncture', units: 1, unitPrice: 1_500 },
  ],
  plan: {
    id: 7,
    copays: [{ procedure_codes: ['99213'], amount: 2_500 }],
    contractFees: [
      { procedure_codes: ['99213'], price: 9_000 },
      { procedure_codes: ['36415'], price_percentage: '50' },
    ],
  },
  clinic: { copays: [], contractFees: [] },
  deductibleLeft: 0,
  coinsuranceBp: 0,
  date: '2026-11-24',
  ...over,
});

describe('patient estimate', () => {
  it('self-pay: the patient owes the charges of the fee schedule', () => {
    const e = estimate(visit({ plan: null }));
    expect([e.charge, e.patient, e.insurance]).toEqual([14_000, 14_000, 0]);
  });

  it('insured: the allowed amount follows the contract fee (a price, or a percentage of the charge)', () => {
    const e = estimate(visit());
    expect(e.lines.map((l) => [l.code, l.allowed, l.allowed_from])).toEqual([
      ['99213', 9_000, 'plan contract'],
      ['36415', 750, 'plan contract'],
    ]);
  });

  it("the clinic's contract for this plan goes before the plan's", () => {
    const e = estimate(
      visit({
        clinic: { copays: [], contractFees: [{ insurance_plan_ids: [7], procedure_codes: ['99213'], price: 8_000 }] },
      }),
    );
    expect(e.lines[0]).toMatchObject({ allowed: 8_000, allowed_from: 'clinic contract' });
  });

  it('the patient pays one copay, then the deductible left, then coinsurance on the rest; the plan the remainder', () => {
    const e = estimate(visit({ deductibleLeft: 3_000, coinsuranceBp: 2_000 }));
    // allowed 9,750; copay 2,500; deductible 3,000; coinsurance 20% of 4,250 = 850.
    expect([e.allowed, e.copay, e.deductible, e.coinsurance, e.patient, e.insurance]).toEqual([
      9_750, 2_500, 3_000, 850, 6_350, 3_400,
    ]);
  });

  it('a contract fee out of force that day is not used', () => {
    const e = estimate(
      visit({
        plan: {
          id: 7,
          copays: [],
          contractFees: [{ procedure_codes: ['99213'], price: 9_000, end_date: '12/31/2025' }],
        },
      }),
    );
    expect(e.lines[0]).toMatchObject({ allowed: 12_500, allowed_from: 'charge' });
  });

  it('percentages round half up to the cent', () => {
    expect(percentOf(1_005, '50')).toBe(503);
    expect(percentOf(10_000, '80.5')).toBe(8_050);
  });
});
