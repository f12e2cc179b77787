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
 * The rules of the distribution screen (and of the server, the same function): every line balances —
 * charge = paid + adjustments — each adjustment has a group and a reason, and what the payment
 * distributes equals its amount. Errors keyed by the line's path, every one at once.
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
  if (total !== paymentAmount)
    add(
      'amount',
      `The payment's distribution must equal its amount: ${formatCents(total)} distributed of ${formatCents(paymentAmount)}.`,
    );
  return out;
}
