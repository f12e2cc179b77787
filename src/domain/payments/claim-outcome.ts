import type { Adjustment } from '../x12/era-835-model.ts';
import { CLAIM_STATUS } from '../../generated/ids.ts';

/** CLP02 codes that say the payer processed the claim (as primary, secondary, tertiary, or forwarded). */
const PROCESSED = new Set(['1', '2', '3', '19', '20', '21']);

/**
 * Where a claim goes after its remittance is posted: denied when the payer says so (CLP02 4) or pays
 * nothing and leaves nothing to the patient; otherwise paid — Complete when nothing is left to collect,
 * Approved while the patient or another payer still owes part of it.
 */
export function claimOutcome(p: {
  status: string;
  paid: number;
  patientResponsibility: number;
  hasNextPayer: boolean;
}): number | null {
  if (p.status === '22') return null;
  if (p.status === '4' || (p.paid === 0 && p.patientResponsibility === 0)) return CLAIM_STATUS.DENIED;
  if (!PROCESSED.has(p.status) && p.paid === 0) return null;
  return p.patientResponsibility > 0 || p.hasNextPayer ? CLAIM_STATUS.APPROVED : CLAIM_STATUS.COMPLETE;
}

/** The patient's share of a set of adjustments: group PR. */
export const patientShare = (adjustments: Adjustment[]) =>
  adjustments.filter((a) => a.group === 'PR').reduce((n, a) => n + a.amount, 0);
export const adjustmentTotal = (adjustments: Adjustment[]) => adjustments.reduce((n, a) => n + a.amount, 0);
