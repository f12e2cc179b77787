import { describe, expect, it } from 'vitest';
import { inLedgerOrder, type LedgerDraft } from '../../src/domain/ledger/ledger-order.ts';

/** The patient ledger screen's rows: their order and the running balances it shows beside each. */
let seq = 0;
const row = (
  iso: string,
  type: LedgerDraft['type'],
  claim: number | null,
  insurance = 0,
  patient = 0,
): LedgerDraft => ({
  iso,
  seq: seq++,
  type,
  description: `${type} ${claim ?? 'account'}`,
  claim_id: claim,
  claim_code: claim === null ? null : `C${claim}`,
  status_id: null,
  payment_id: null,
  payment_batch_id: null,
  entry_id: null,
  insurance,
  patient,
});

describe('the ledger', () => {
  it('reads by date, and on a day claim by claim with its charges under it, the account entries after the claims', () => {
    const rows = inLedgerOrder([
      row('2026-03-20', 'payment', 7, -8000),
      row('2026-03-14', 'refund', null, 0, 500),
      row('2026-03-14', 'charge', 9, 5000),
      row('2026-03-14', 'charge', 7, 12000),
      row('2026-03-14', 'claim', 9),
      row('2026-03-14', 'claim', 7),
    ]);
    expect(rows.map((r) => `${r.date} ${r.description}`)).toEqual([
      '03/14/2026 claim 7',
      '03/14/2026 charge 7',
      '03/14/2026 claim 9',
      '03/14/2026 charge 9',
      '03/14/2026 refund account',
      '03/20/2026 payment 7',
    ]);
  });

  it('rows of the same type on the same claim and day keep the order they were found in', () => {
    const rows = inLedgerOrder([row('2026-03-14', 'adjustment', 7, -100), row('2026-03-14', 'adjustment', 7, -200)]);
    expect(rows.map((r) => r.insurance)).toEqual([-100, -200]);
  });

  it('each row carries the running insurance and patient balances and their sum', () => {
    const rows = inLedgerOrder([
      row('2026-03-14', 'charge', 7, 15000),
      row('2026-03-20', 'payment', 7, -10000),
      row('2026-03-20', 'adjustment', 7, -3000),
      row('2026-03-20', 'patient_responsibility', 7, -2000, 2000),
      row('2026-04-02', 'payment', 7, 0, -2000),
    ]);
    expect(rows.map((r) => [r.insurance_balance, r.patient_balance, r.balance])).toEqual([
      [15000, 0, 15000],
      [5000, 0, 5000],
      [2000, 0, 2000],
      [0, 2000, 2000],
      [0, 0, 0],
    ]);
  });

  it('a row that changes no balance (a claim, a refile, a statement) repeats the balances before it', () => {
    const rows = inLedgerOrder([row('2026-03-14', 'charge', 7, 15000), row('2026-03-30', 'statement', null)]);
    expect(rows[1]).toMatchObject({ insurance_balance: 15000, patient_balance: 0, balance: 15000 });
  });
});
