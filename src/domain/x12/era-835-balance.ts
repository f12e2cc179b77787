import { formatCents } from './amounts.ts';
import type { Remittance } from './era-835-model.ts';
import { finding, type X12Finding } from './x12-finding.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Proves a remittance to the cent at three levels. Each imbalance is a finding with the amounts and
 * where it is; nothing is absorbed into an invented adjustment.
 */
export function balance835(r: Remittance): X12Finding[] {
  const out: X12Finding[] = [];
  const paid = sum(r.claims.map((c) => c.paid));
  const plb = sum(r.providerAdjustments.map((p) => p.amount));
  if (r.payment.amount !== paid - plb) {
    out.push(finding('imbalance', r.payment.position, 'BPR', `BPR02 ${formatCents(r.payment.amount)} ≠ claims paid ${formatCents(paid)} − provider adjustments ${formatCents(plb)} = ${formatCents(paid - plb)}.`, 2));
  }
  for (const c of r.claims) {
    const claimCas = sum(c.adjustments.map((a) => a.amount));
    const lineCas = sum(c.lines.flatMap((l) => l.adjustments.map((a) => a.amount)));
    if (c.charge - c.paid !== claimCas + lineCas) {
      out.push(finding('imbalance', c.position, 'CLP', `Claim ${c.patientControlNumber}: charge ${formatCents(c.charge)} − paid ${formatCents(c.paid)} = ${formatCents(c.charge - c.paid)}, but its adjustments total ${formatCents(claimCas + lineCas)}.`));
    }
    if (c.lines.length) {
      const linesPaid = sum(c.lines.map((l) => l.paid));
      if (c.paid !== linesPaid - claimCas) {
        out.push(finding('imbalance', c.position, 'CLP', `Claim ${c.patientControlNumber}: paid ${formatCents(c.paid)} ≠ lines paid ${formatCents(linesPaid)} − claim-level adjustments ${formatCents(claimCas)}.`, 4));
      }
    }
    for (const l of c.lines) {
      const cas = sum(l.adjustments.map((a) => a.amount));
      if (l.charge - l.paid !== cas) {
        out.push(finding('imbalance', l.position, 'SVC', `Claim ${c.patientControlNumber} line ${l.procedure.code ?? '(no code)'}: charge ${formatCents(l.charge)} − paid ${formatCents(l.paid)} = ${formatCents(l.charge - l.paid)}, but its adjustments total ${formatCents(cas)}.`));
      }
    }
  }
  return out;
}
