/** Document 3's transaction types, in the order they are listed on one day. */
export const LEDGER_TYPES = [
  'claim',
  'charge',
  'payment',
  'adjustment',
  'patient_responsibility',
  'write_off',
  'refund',
  'refile',
  'statement',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export interface LedgerRow {
  date: string;
  type: LedgerType;
  description: string;
  claim_id: number | null;
  claim_code: string | null;
  status_id: number | null;
  payment_id: number | null;
  payment_batch_id: number | null;
  entry_id: number | null;
  /** what the row does to each balance (cents, signed); informational rows (a claim, a refile, a statement) change neither */
  insurance: number;
  patient: number;
  insurance_balance: number;
  patient_balance: number;
  balance: number;
}

/** A row as the ledger's queries find it: its ISO date and the order it was found in, before the running balances. */
export type LedgerDraft = Omit<LedgerRow, 'date' | 'insurance_balance' | 'patient_balance' | 'balance'> & {
  iso: string;
  seq: number;
};

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * The ledger as people read it: by date; on a day claim by claim (its charges under it), in the types' order, then
 * in the order found, the entries on the whole account after the claims; each row with the running balances split
 * by insurance and patient.
 */
export function inLedgerOrder(drafts: LedgerDraft[]): LedgerRow[] {
  const order = (t: LedgerType) => LEDGER_TYPES.indexOf(t);
  const sorted = [...drafts].sort(
    (a, b) =>
      a.iso.localeCompare(b.iso) ||
      (a.claim_id ?? Infinity) - (b.claim_id ?? Infinity) ||
      order(a.type) - order(b.type) ||
      a.seq - b.seq,
  );
  let insurance = 0,
    patient = 0;
  return sorted.map(({ iso, seq: _s, ...row }) => {
    insurance += row.insurance;
    patient += row.patient;
    return {
      ...row,
      date: us(iso),
      insurance_balance: insurance,
      patient_balance: patient,
      balance: insurance + patient,
    };
  });
}
