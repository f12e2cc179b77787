/**
 * The sentences the system itself writes into a record's history and notes (a claim sent, answered, paid, refiled;
 * an admission discharged). They are kept in English, the audit's language, with their data (a batch's code, an
 * amount, a date) filled in; a reader in Spanish reads them in Spanish: the server finds each one's Spanish by its
 * frame in src/domain/messages.es.json, and the parts that are words (a code list's name, another frame) too
 * (dev-server/i18n/locale.ts). A person's own note is never changed. Every frame here has its Spanish (a test says so).
 */
export const HISTORY_NOTE = {
  created: 'Created',
  closed: 'Closed',
  manualVerification: 'Manual verification',
  subStatusFromWorklist: 'Sub-status changed from the denial worklist',
  batchAnswered: 'The clearing house answered for every claim',
  batchShipped: 'Shipping confirmed',
  patientPaymentsBatch: 'Payments received from patients',
  submitted: 'Submitted to ClearingHouse (batch {batch})',
  shipped: 'Shipping confirmed (batch {batch})',
  sent837: '837 sent: {file}',
  rejected999: 'Rejected by the clearing house (999) with the whole file of batch {batch}: {reason}',
  rejected277ByClearingHouse: 'Rejected by the clearing house (277CA): {said}',
  rejected277ByPayer: 'Rejected by the payer (277CA): {said}',
  accepted277ByClearingHouse: 'Accepted by the clearing house (277CA): {said}',
  accepted277ByPayer: 'Accepted by the payer (277CA): {said}',
  payerStatus: 'The payer says where the claim stands (277): {said}',
  payerStatusDenied: 'Denied by the payer (277): {said}',
  payerStatusNotFound: 'The payer does not have the claim (277): {said}',
  postedFromEra: 'Posted from the ERA {file}',
  eraPaid: 'ERA {trace}: paid {paid}, patient responsibility {patient}',
  eraDenied: 'ERA {trace}: denied — {reasons}',
  eraReversed: 'ERA {trace}: the payer reversed its payment of this claim',
  readyForSecondary: '{note}; ready to bill the secondary payer',
  takeback: 'Takeback (CLP02 22) of posting {posting}',
  reversal: 'Reversal: {note}',
  paymentPosted: 'Payment {payment}: paid {paid}, patient responsibility {patient}',
  paymentReversed: 'Payment {payment} reversed: {note}',
  takenOffPayment: 'Claim taken off payment {payment}',
  patientPayment: 'Patient payment {payment}',
  patientPaidBalance: 'Patient paid the balance (payment {payment})',
  refiled: 'Refiled: {type}; {reason}',
  refiledWithNote: 'Refiled: {type}; {reason}; {note}',
  discharged: 'Discharged on {date}',
  transferredFrom: 'Transferred from admission {admission}',
  claimMade: 'Claim {claim} made',
  admitted: 'Admitted',
  transferredToBilling: 'Transferred to billing',
  savedAsDraft: 'Saved as draft',
  importedFromFile: "Imported from the practice's claim file {file}",
  importedAsDraft: "Imported from the practice's claim file {file} as a draft to fix: {findings}",
  // {action} created or updated, {check} system or automated (HISTORY_WORDS): the predecessor's four sentences.
  claimSaved: 'Claim {action} successfully, {check} verification',
  // What an ERA could not post, on its exception (era_exceptions.message).
  eraClaimNotFound: 'No claim {claim} for this billing company (payer claim number {payerClaim}).',
  eraTakebackWithoutPosting: 'Claim {claim}: the payer takes back {amount} but nothing was posted to it before.',
  eraLineNotOnClaim: "Claim {claim}: the line {line} of {charge} is not one of the claim's lines.",
  eraLineNotOnClaimOn: "Claim {claim}: the line {line} of {charge} on {date} is not one of the claim's lines.",
} as const;

export type HistoryNote = keyof typeof HISTORY_NOTE;

/** Words a frame's part may be (who answered, a denial without codes), with their Spanish beside the frames. */
export const HISTORY_WORDS = {
  noPayment: 'no payment',
  noCode: '(no code)',
  created: 'created',
  updated: 'updated',
  systemCheck: 'system',
  automatedCheck: 'automated',
} as const;

/** A frame's English with its parts filled in. */
export const fillFrame = (frame: string, parts: Record<string, string | number> = {}): string =>
  frame.replace(/\{(\w+)\}/g, (whole, name: string) => (name in parts ? String(parts[name]) : whole));

/** The frame's English with its parts filled in: what the history keeps. */
export const historyNote = (frame: HistoryNote, parts: Record<string, string | number> = {}): string =>
  fillFrame(HISTORY_NOTE[frame], parts);

/** An admission's discharge as its history says it: "Discharged on 03/22/2026 at 11:00" (date mm/dd/yyyy, hour 0–23). */
export const dischargedNote = (usDate: string, hour: number): string =>
  historyNote('discharged', { date: `${usDate} at ${String(hour).padStart(2, '0')}:00` });
