/**
 * How a patient's ledger describes its rows (made when it is read, never stored), in English; a reader in Spanish
 * reads them through the same Spanish frames as a history's notes (src/domain/messages.es.json). A part in braces is
 * data (a claim's code, a payer's name, an amount) or one of the words below; what may be absent (a reference, CARC
 * codes, a person's note) is written after the frame, never inside it.
 */
export const LEDGER_TEXT = {
  billedToInsurance: 'Claim {claim} billed to insurance',
  billedToPatient: 'Claim {claim} billed to the patient',
  charge: 'Charge',
  reversalOf: 'Reversal of {entry}',
  patientPayment: 'Patient payment',
  unappliedCredit: 'Patient payment (unapplied credit)',
  unappliedCreditOf: 'Patient payment {reference} (unapplied credit)',
  paymentFrom: 'Payment from {payer}',
  paymentFromAs: 'Payment from {payer} as {rank} payer',
  deniedByAs: 'Denied by {payer} as {rank} payer',
  deniedOpen: 'Denied by {payer} (balance stays open)',
  deniedOpenFor: 'Denied by {payer} {codes} (balance stays open)',
  adjustmentBy: 'Adjustment by {payer}',
  patientResponsibilityPer: 'Patient responsibility per {payer}',
  writeOff: 'Write-off ({side}): {reason}',
  refund: 'Refund ({side}): {reason}',
  refiled: 'Refiled: {type} ({status})',
  statement1: 'Patient 1st statement: {due} due',
  statement2: 'Patient 2nd statement: {due} due',
  statement3: 'Patient 3rd statement: {due} due',
  statementN: 'Patient {n}th statement: {due} due',
} as const;

/** Words a ledger part may be. */
export const LEDGER_WORDS = {
  insurance: 'insurance',
  patient: 'patient',
  secondary: 'secondary',
  tertiary: 'tertiary',
  someInsurance: 'Insurance',
  pending: 'pending',
  transmitted: 'transmitted',
  cancelled: 'cancelled',
} as const;

export type LedgerText = keyof typeof LEDGER_TEXT;
