import { describe, expect, it } from 'vitest';
import {
  distributionProblems,
  lineGap,
  proposedAdjustments,
  type LinePosting,
} from '../../../src/domain/payments/distribution.ts';
import {
  payerSaid,
  typedPostings,
  emptyEntry,
  type DistributionLine,
} from '../../../src/client/screens/payments/distribution-entries.ts';

/** The payment distribution screen: what a poster typed, as postings, and the rules every line and the payment must meet. */
const line = (id: number, charge: number): DistributionLine => ({
  id,
  procedure: '99213',
  from_service: '03/14/2026',
  charge,
  copay: 0,
  balance: charge,
});
const posting = (charge: number, paid: number, ...adjustments: LinePosting['adjustments']): LinePosting => ({
  claim_service_id: 1,
  charge,
  paid,
  adjustments,
});

describe('payment distribution', () => {
  it('only the lines typed on become postings, their amounts in cents and their reasons as codes', () => {
    const { touched, postings } = typedPostings([line(1, 15000), line(2, 9000), line(3, 4000)], {
      1: { ...emptyEntry(), paid: '100.50', adjustments: [{ group: 'CO', reason: ' 45 ', amount: '49.50' }] },
      2: emptyEntry(),
      3: { ...emptyEntry(), adjustments: [{ group: 'PR', reason: 'b7', amount: '40' }] },
    });
    expect(touched.map((l) => l.id)).toEqual([1, 3]);
    expect(postings).toEqual([
      { claim_service_id: 1, charge: 15000, paid: 10050, adjustments: [{ group: 'CO', reason: '45', amount: 4950 }] },
      { claim_service_id: 3, charge: 4000, paid: 0, adjustments: [{ group: 'PR', reason: 'B7', amount: 4000 }] },
    ]);
  });

  it('what is not money counts as nothing, so the line shows it does not balance', () => {
    const { postings } = typedPostings([line(1, 5000)], { 1: { ...emptyEntry(), paid: '50,00.0' } });
    expect(lineGap(postings[0])).toBe(5000);
  });

  it('a line balances when charge = paid + adjustments', () => {
    expect(
      lineGap(
        posting(15000, 10000, { group: 'CO', reason: '45', amount: 3000 }, { group: 'PR', reason: '2', amount: 2000 }),
      ),
    ).toBe(0);
    expect(
      distributionProblems(10000, 0, [posting(15000, 10000, { group: 'CO', reason: '45', amount: 5000 })]),
    ).toEqual({});
  });

  it('a line that does not balance says by how much, under its own paid field', () => {
    const problems = distributionProblems(
      10000,
      0,
      [posting(15000, 10000, { group: 'CO', reason: '45', amount: 4000 })],
      () => 'line 99213',
    );
    expect(problems['services.0.paid']).toEqual([
      'The line 99213 does not balance: charge 150.00 ≠ paid 100.00 + adjustments 40.00 (10.00 unexplained).',
    ]);
  });

  it('an adjustment needs a group of CO, PR, OA, PI or CR and a CARC reason', () => {
    const problems = distributionProblems(0, 0, [
      posting(1000, 0, { group: 'XX', reason: 'not a code', amount: 1000 }),
    ]);
    expect(Object.keys(problems).sort()).toEqual(['services.0.adjustments.0.group', 'services.0.adjustments.0.reason']);
  });

  it('a payment may be distributed in part, to be finished later', () => {
    expect(distributionProblems(8000, 0, [posting(5000, 5000)])).toEqual({});
  });

  it('what the payment distributes, before and now, never exceeds its amount', () => {
    const balanced = posting(5000, 5000);
    expect(distributionProblems(8000, 3000, [balanced])).toEqual({});
    expect(distributionProblems(8000, 4000, [balanced]).amount).toEqual([
      "The payment's distribution cannot exceed its amount: 90.00 distributed of 80.00.",
    ]);
  });

  it('allowed and paid propose CO-45 for charge − allowed and the patient share for allowed − paid', () => {
    expect(proposedAdjustments(12500, 8500, 6800)).toEqual([
      { group: 'CO', reason: '45', amount: 4000 },
      { group: 'PR', reason: '2', amount: 1700 },
    ]);
  });

  it("the patient share is proposed with the payer's usual reason, and nothing is proposed for a nil amount", () => {
    expect(proposedAdjustments(10000, 10000, 8000, '3')).toEqual([{ group: 'PR', reason: '3', amount: 2000 }]);
    expect(proposedAdjustments(10000, 6000, 6000)).toEqual([{ group: 'CO', reason: '45', amount: 4000 }]);
  });

  it("the line's copay is proposed first as PR-3, the rest of the patient's share as coinsurance (PR-2)", () => {
    expect(proposedAdjustments(12500, 8500, 6000, '2', 1500)).toEqual([
      { group: 'CO', reason: '45', amount: 4000 },
      { group: 'PR', reason: '3', amount: 1500 },
      { group: 'PR', reason: '2', amount: 1000 },
    ]);
  });

  it('a copay larger than the patient share is proposed only as far as the share goes, and nothing else', () => {
    expect(proposedAdjustments(10000, 8000, 7000, '2', 2500)).toEqual([
      { group: 'CO', reason: '45', amount: 2000 },
      { group: 'PR', reason: '3', amount: 1000 },
    ]);
  });

  it("a payer that usually answers PR-3 gets PR-2 for what the line's copay does not explain", () => {
    expect(proposedAdjustments(10000, 10000, 7000, '3', 2000)).toEqual([
      { group: 'PR', reason: '3', amount: 2000 },
      { group: 'PR', reason: '2', amount: 1000 },
    ]);
  });

  it("with the payer's last eligibility answer, the share goes to the copay, then the deductible still owed (PR-1), then coinsurance (PR-2)", () => {
    expect(proposedAdjustments(20000, 15000, 4000, '3', 0, { deductibleLeft: 7500, copay: 2500 })).toEqual([
      { group: 'CO', reason: '45', amount: 5000 },
      { group: 'PR', reason: '3', amount: 2500 },
      { group: 'PR', reason: '1', amount: 7500 },
      { group: 'PR', reason: '2', amount: 1000 },
    ]);
  });

  it("a deductible larger than the share takes all of it; a line's own copay goes before the payer's", () => {
    expect(proposedAdjustments(10000, 8000, 0, '2', 0, { deductibleLeft: 50000, copay: 0 })).toEqual([
      { group: 'CO', reason: '45', amount: 2000 },
      { group: 'PR', reason: '1', amount: 8000 },
    ]);
    expect(proposedAdjustments(10000, 10000, 6000, '2', 1000, { deductibleLeft: 0, copay: 3000 })).toEqual([
      { group: 'PR', reason: '3', amount: 1000 },
      { group: 'PR', reason: '2', amount: 3000 },
    ]);
  });

  it("the payer's deductible is what PR-1 on the claim's other lines has not taken yet, and its copay goes to the first line only", () => {
    const claim = {
      id: 1,
      code: 'C1',
      patient_name: 'Lucia Perez',
      date_of_service: '03/02/2026',
      lines: [line(11, 20000), line(12, 5000)],
      payer_deductible_remaining: 10000,
      payer_copay: 2500,
      payer_said_on: '03/01/2026',
    };
    const typed = { 11: { ...emptyEntry(), adjustments: [{ group: 'PR', reason: '1', amount: '60.00' }] } };
    expect(payerSaid(claim, 11, {})).toEqual({ deductibleLeft: 10000, copay: 2500 });
    expect(payerSaid(claim, 12, typed)).toEqual({ deductibleLeft: 4000, copay: 0 });
    expect(payerSaid({ ...claim, payer_said_on: null }, 11, {})).toBeUndefined();
  });

  it('nothing is proposed without an allowed amount, or when paid exceeds allowed or allowed exceeds the charge', () => {
    expect(proposedAdjustments(10000, null, 5000)).toEqual([]);
    expect(proposedAdjustments(10000, 5000, 6000)).toEqual([]);
    expect(proposedAdjustments(10000, 12000, 6000)).toEqual([]);
  });

  it('every problem is reported at once', () => {
    const problems = distributionProblems(0, 0, [
      posting(1000, 500),
      posting(2000, 0, { group: 'ZZ', reason: '45', amount: 2000 }),
    ]);
    expect(Object.keys(problems).sort()).toEqual(['amount', 'services.0.paid', 'services.1.adjustments.0.group']);
  });
});
