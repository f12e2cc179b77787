import { formatCents } from '../money-input.ts';

/** One service line's share of a payment, as a person types it on the distribution screen. */
export interface LinePosting {
  claim_service_id: number;
  charge: number;
  allowed?: number | null;
  paid: number;
  adjustments: Array<{ group: string; reason: string; amount: number }>;
}

export const GROUPS = ['CO', 'PR', 'OA', 'PI', 'CR'] as const;

/** What a line leaves unexplained: charge − paid − adjustments (zero when it balances). */
export const lineGap = (l: Pick<LinePosting, 'charge' | 'paid' | 'adjustments'>) =>
  l.charge - l.paid - l.adjustments.reduce((n, a) => n + a.amount, 0);

/**
 * What the payer last said of the policy (its 271), as far as it splits a patient's share: the deductible the patient
 * still owes (less what this payment already put toward it) and the visit's copay (for the claim's first line only:
 * one copay a visit).
 */
export interface PayerSaid {
  deductibleLeft: number;
  copay: number;
}

/**
 * The adjustments a payer's answer implies for a line once its allowed and paid amounts are typed: the
 * contractual write-off CO-45 for charge − allowed, and the patient's share for allowed − paid. The share is
 * the line's copay first (PR-3, as far as the share goes: the copay the claim carries for the line, else the one the
 * payer said). With what the payer said of the policy, the rest goes to the deductible still owed (PR-1) and what is
 * left is coinsurance (PR-2); without it, the rest is PR-2 unless the payer usually answers another (PR-1
 * deductible; a payer whose usual is PR-3 gets PR-2 for what the copay does not explain). None when allowed is missing
 * or the amounts do not run charge ≥ allowed ≥ paid ≥ 0, where only the poster can say why.
 */
export function proposedAdjustments(
  charge: number,
  allowed: number | null,
  paid: number,
  patientReason = '2',
  copay = 0,
  said?: PayerSaid,
): Array<{ group: string; reason: string; amount: number }> {
  if (allowed === null || paid < 0 || allowed < paid || charge < allowed) return [];
  const share = allowed - paid;
  const copayPart = Math.min(Math.max(copay > 0 ? copay : (said?.copay ?? 0), 0), share);
  let rest = share - copayPart;
  const deductible = said ? Math.min(Math.max(said.deductibleLeft, 0), rest) : 0;
  rest -= deductible;
  const restReason = said || (copayPart > 0 && patientReason === '3') ? '2' : patientReason;
  return [
    ...(charge > allowed ? [{ group: 'CO', reason: '45', amount: charge - allowed }] : []),
    ...(copayPart > 0 ? [{ group: 'PR', reason: '3', amount: copayPart }] : []),
    ...(deductible > 0 ? [{ group: 'PR', reason: '1', amount: deductible }] : []),
    ...(rest > 0 ? [{ group: 'PR', reason: restReason, amount: rest }] : []),
  ];
}

/**
 * The rules of the distribution screen (and of the server, the same function): every line balances —
 * charge = paid + adjustments — each adjustment has a group and a reason, and the payment never
 * distributes more than its amount (less is saved, to be finished later: closing the payment needs it
 * whole). Errors keyed by the line's path, every one at once.
 */
export function distributionProblems(
  paymentAmount: number,
  alreadyDistributed: number,
  lines: LinePosting[],
  label = (i: number) => `line ${i + 1}`,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (k: string, m: string) => (out[k] ??= []).push(m);
  lines.forEach((l, i) => {
    const gap = lineGap(l);
    if (gap !== 0)
      add(
        `services.${i}.paid`,
        `The ${label(i)} does not balance: charge ${formatCents(l.charge)} ≠ paid ${formatCents(l.paid)} + adjustments ${formatCents(l.charge - l.paid - gap)} (${formatCents(gap)} unexplained).`,
      );
    l.adjustments.forEach((a, k) => {
      if (!(GROUPS as readonly string[]).includes(a.group))
        add(`services.${i}.adjustments.${k}.group`, 'The group must be CO, PR, OA, PI or CR.');
      if (!/^[A-Z0-9]{1,5}$/.test(a.reason ?? ''))
        add(`services.${i}.adjustments.${k}.reason`, 'The reason must be a claim adjustment reason code (CARC).');
    });
  });
  const total = alreadyDistributed + lines.reduce((n, l) => n + l.paid, 0);
  if (total > paymentAmount)
    add(
      'amount',
      `The payment's distribution cannot exceed its amount: ${formatCents(total)} distributed of ${formatCents(paymentAmount)}.`,
    );
  return out;
}
