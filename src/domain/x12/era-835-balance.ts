import { formatCents } from './amounts.ts';
import type { Remittance } from './era-835-model.ts';
import { finding, type X12Finding } from './x12-finding.ts';

// Plain loops: an ERA can hold a hundred thousand claims, and this runs for each.
const sumAmounts = (xs: Array<{ amount: number }>) => {
  let t = 0;
  for (const x of xs) t += x.amount;
  return t;
};
const sumPaid = (xs: Array<{ paid: number }>) => {
  let t = 0;
  for (const x of xs) t += x.paid;
  return t;
};

/**
 * Proves a remittance to the cent at three levels. Each imbalance is a finding with the amounts and
 * where it is; nothing is absorbed into an invented adjustment.
 */
export function balance835(r: Remittance): X12Finding[] {
  const out: X12Finding[] = [];
  const paid = sumPaid(r.claims);
  const plb = sumAmounts(r.providerAdjustments);
  if (r.payment.amount !== paid - plb) {
    out.push(
      finding(
        'imbalance',
        r.payment.position,
        'BPR',
        `BPR02 ${formatCents(r.payment.amount)} ≠ claims paid ${formatCents(paid)} − provider adjustments ${formatCents(plb)} = ${formatCents(paid - plb)}.`,
        2,
      ),
    );
  }
  for (const c of r.claims) {
    const claimCas = sumAmounts(c.adjustments);
    let lineCas = 0;
    for (const l of c.lines) lineCas += sumAmounts(l.adjustments);
    if (c.charge - c.paid !== claimCas + lineCas) {
      out.push(
        finding(
          'imbalance',
          c.position,
          'CLP',
          `Claim ${c.patientControlNumber}: charge ${formatCents(c.charge)} − paid ${formatCents(c.paid)} = ${formatCents(c.charge - c.paid)}, but its adjustments total ${formatCents(claimCas + lineCas)}.`,
        ),
      );
    }
    if (c.lines.length) {
      const linesPaid = sumPaid(c.lines);
      if (c.paid !== linesPaid - claimCas) {
        out.push(
          finding(
            'imbalance',
            c.position,
            'CLP',
            `Claim ${c.patientControlNumber}: paid ${formatCents(c.paid)} ≠ lines paid ${formatCents(linesPaid)} − claim-level adjustments ${formatCents(claimCas)}.`,
            4,
          ),
        );
      }
    }
    for (const l of c.lines) {
      const cas = sumAmounts(l.adjustments);
      if (l.charge - l.paid !== cas) {
        out.push(
          finding(
            'imbalance',
            l.position,
            'SVC',
            `Claim ${c.patientControlNumber} line ${l.procedure.code ?? '(no code)'}: charge ${formatCents(l.charge)} − paid ${formatCents(l.paid)} = ${formatCents(l.charge - l.paid)}, but its adjustments total ${formatCents(cas)}.`,
          ),
        );
      }
    }
  }
  return out;
}
