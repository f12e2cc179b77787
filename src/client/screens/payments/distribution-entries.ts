import { centsFromEntry } from '../../../domain/money-input.ts';
import type { LinePosting, PayerSaid } from '../../../domain/payments/distribution.ts';

/** A service line of a claim the payment may pay, as the distribution screen lists it. */
export interface DistributionLine {
  id: number;
  procedure: string;
  from_service: string;
  charge: number;
  /** the copay the claim carries for the line (cents), proposed as PR-3 first */
  copay: number;
  balance: number;
}
export interface Claim {
  id: number;
  code: string;
  patient_name: string;
  date_of_service: string;
  lines: DistributionLine[];
  /** what the payer last said of the billed policy (its 271), when it was asked: deductible still owed, visit copay */
  payer_deductible_remaining?: number | null;
  payer_copay?: number | null;
  payer_said_on?: string | null;
}
/** What a person typed on a line: amounts as text, as typed. */
export interface Entry {
  allowed: string;
  paid: string;
  adjustments: Array<{ group: string; reason: string; amount: string }>;
  next_responsibility: string;
  refile_reason: string;
}

export const emptyEntry = (): Entry => ({
  allowed: '',
  paid: '',
  adjustments: [],
  next_responsibility: '',
  refile_reason: '',
});
/** Typed money in cents; what is not money counts as nothing (the balance check then shows the line does not add up). */
export const cents = (t: string) => centsFromEntry(t) ?? 0;
/** Dollars with two decimals and a minus sign for negatives, as the spec shows money here. */

/**
 * The lines a person has typed on (a paid amount or an adjustment), and what they typed as the postings the
 * distribution rules check: amounts in cents, adjustment reasons trimmed and upper-cased (a typed ' b7' is CARC B7).
 */
export function typedPostings(lines: DistributionLine[], entries: Record<number, Entry>) {
  const touched = lines.filter((l) => entries[l.id] && (entries[l.id].paid !== '' || entries[l.id].adjustments.length));
  const postings: LinePosting[] = touched.map((l) => ({
    claim_service_id: l.id,
    charge: l.charge,
    paid: cents(entries[l.id].paid),
    adjustments: entries[l.id].adjustments.map((a) => ({
      group: a.group,
      reason: a.reason.trim().toUpperCase(),
      amount: cents(a.amount),
    })),
  }));
  return { touched, postings };
}

/**
 * What the payer said of a claim's policy, as it splits one line's patient share: the deductible still owed less the
 * PR-1 already typed on the claim's other lines, and the visit's copay for the first line only (and only when no line
 * carries its own copay or has one typed). None when the payer was never asked.
 */
export function payerSaid(claim: Claim, lineId: number, entries: Record<number, Entry>): PayerSaid | undefined {
  if (!claim.payer_said_on) return undefined;
  const others = claim.lines.filter((l) => l.id !== lineId);
  const typed = (reason: string) =>
    others.reduce(
      (n, l) =>
        n +
        (entries[l.id]?.adjustments ?? [])
          .filter((a) => a.group === 'PR' && a.reason.trim() === reason)
          .reduce((m, a) => m + cents(a.amount), 0),
      0,
    );
  const copayElsewhere = claim.lines.some((l) => l.copay > 0) || typed('3') > 0;
  return {
    deductibleLeft: Math.max((claim.payer_deductible_remaining ?? 0) - typed('1'), 0),
    copay: !copayElsewhere && claim.lines[0]?.id === lineId ? (claim.payer_copay ?? 0) : 0,
  };
}
