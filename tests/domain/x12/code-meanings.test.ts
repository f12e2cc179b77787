import { describe, expect, it } from 'vitest';
import { describeAdjustment } from '../../../src/domain/x12/code-meanings.ts';

describe('plain-language code meanings', () => {
  it('an adjustment shows its reason and who owes it', () => {
    expect(describeAdjustment('PR', '1')).toBe(
      'PR-1: Deductible (Patient responsibility: the patient (or a secondary payer) owes it)',
    );
  });

  it('an unknown reason code is shown by number, never left blank', () => {
    expect(describeAdjustment('CO', '999')).toBe(
      'CO-999: Adjustment reason 999 (Contractual obligation: the provider writes it off; the patient does not owe it)',
    );
  });
});
