/** A payer as the claim was billed to it: its name and the ids it is known by (its payer id, this billing company's id for it at the clearing house). */
export interface BilledPayer {
  name: string;
  ids: string[];
}
/** A payer as an 835 names itself: N1*PR name and id (or REF*2U), and the TRN03 originator of its trace. */
export interface RemittingPayer {
  payer: { name?: string; id?: string };
  trace?: { originator?: string };
}

const norm = (s: string | undefined) => (s ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Whether a remittance comes from the payer the claim is billed to: one of its ids (N1*PR04/REF*2U or
 * TRN03) is one of the payer's, or it signs with the payer's name. A claim billed to no payer (self
 * pay) is paid by no remittance.
 */
export function fromBilledPayer(billed: BilledPayer | null, r: RemittingPayer): boolean {
  if (!billed) return false;
  const ids = new Set(billed.ids.map(norm).filter(Boolean));
  if ([r.payer.id, r.trace?.originator].some((id) => norm(id) && ids.has(norm(id)))) return true;
  return norm(r.payer.name) !== '' && norm(r.payer.name) === norm(billed.name);
}

/** The exception's words when it does not. */
export const wrongPayerWords = (claimCode: string, billed: BilledPayer | null, r: RemittingPayer) =>
  `Claim ${claimCode} is billed to ${billed ? `${billed.name}${billed.ids.length ? ` (payer id ${billed.ids.join(' / ')})` : ''}` : 'no payer (self pay)'}, not to ${
    [r.payer.name, r.payer.id ? `payer id ${r.payer.id}` : ''].filter(Boolean).join(', ') || 'the payer of this ERA'
  }: it is not posted.`;
