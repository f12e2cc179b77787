import { amountToCents, formatCents } from './amounts.ts';
import { read999 } from './ack-999-reader.ts';
import { read277 } from './claim-ack-277-reader.ts';
import { balance835 } from './era-835-balance.ts';
import { read835 } from './era-835-reader.ts';
import { describeAdjustment, describeRemark } from './code-meanings.ts';
import { read837I } from './claim-837i-reader.ts';
import { read837P } from './claim-837p-reader.ts';
import { readInterchanges, type X12Document } from './interchange-reader.ts';
import { finding, type X12Finding } from './x12-finding.ts';
import { checkClaimDocument } from './intake/claim-file-check.ts';
import { errorText, type ErrorCode } from '../errors/error-catalogue.ts';

export interface TransactionSummary {
  kind: string;
  control: string;
  implementation?: string;
  summary: Record<string, unknown>;
  findings: X12Finding[];
}
export interface Inspection {
  interchanges: number;
  transactions: TransactionSummary[];
  findings: X12Finding[];
  balanced: boolean;
}

const KIND: Record<string, string> = {
  '835': 'ERA / remittance (835)',
  '837': 'Claim (837)',
  '999': 'Implementation acknowledgment (999)',
  '277': 'Claim status / acknowledgment (277)',
};

/** The intake's findings on a file's claims (its envelope's are the reader's already), as findings in English. */
function intakeFindings(doc: X12Document): X12Finding[] {
  const checked = checkClaimDocument(doc);
  return [...checked.findings.filter((f) => f.loop !== 'envelope'), ...checked.claims.flatMap((c) => c.findings)].map(
    (f) =>
      finding(
        'claim-check',
        f.position,
        f.segment,
        `${f.loop}${f.claim ? `, claim ${f.claim}` : ''}: ${errorText(f.problem.code as ErrorCode, f.problem.params)}`,
        f.element,
      ),
  );
}

/** What a file is and holds, for people (text) and machines (the same object as JSON). */
export function inspectX12(text: string): Inspection {
  const doc = readInterchanges(text);
  const transactions: TransactionSummary[] = [];
  for (const isa of doc.interchanges)
    for (const gs of isa.groups)
      for (const tx of gs.transactions) {
        const base = {
          kind: KIND[tx.id] ?? `Transaction set ${tx.id}`,
          control: tx.control,
          implementation: tx.implementation ?? gs.version,
        };
        if (tx.id === '835') {
          const { remittance: r, findings } = read835(tx, doc.separators!);
          const all = [...findings, ...balance835(r)];
          // Money in integer cents (machines add them up); the text for people formats the *_cents fields.
          transactions.push({
            ...base,
            findings: all,
            summary: {
              payer: r.payer.name,
              payee: r.payee.name,
              payeeNpi: r.payee.npi,
              payment_cents: r.payment.amount,
              method: r.payment.method,
              trace: r.trace?.number,
              claims: r.claims.length,
              charged_cents: r.claims.reduce((a, c) => a + c.charge, 0),
              paid_cents: r.claims.reduce((a, c) => a + c.paid, 0),
              provider_adjustments_cents: r.providerAdjustments.reduce((a, p) => a + p.amount, 0),
              balanced: !all.some((f) => f.code === 'imbalance'),
              adjustments: [
                ...new Set(
                  r.claims
                    .flatMap((c) => [...c.adjustments, ...c.lines.flatMap((l) => l.adjustments)])
                    .map((a) => describeAdjustment(a.group, a.reason)),
                ),
              ],
              remarks: [...new Set(r.claims.flatMap((c) => [...c.remarks, ...c.lines.flatMap((l) => l.remarks)]))].map(
                (code) => describeRemark(code),
              ),
              claim_details: r.claims.map((c) => ({
                claim: c.patientControlNumber,
                status: c.status,
                payer_claim_control: c.payerControlNumber,
                charge_cents: c.charge,
                paid_cents: c.paid,
                patient_responsibility_cents: c.patientResponsibility ?? 0,
                adjustments: [...c.adjustments, ...c.lines.flatMap((l) => l.adjustments)].map((a) => ({
                  group: a.group,
                  reason: a.reason,
                  amount_cents: a.amount,
                })),
                lines: c.lines.length,
              })),
            },
          });
        } else if (tx.id === '999') {
          const ack = read999(tx);
          transactions.push({
            ...base,
            findings: [],
            summary: {
              accepted: ack.accepted,
              status: ack.groupMeaning,
              results: ack.transactions.map((t) => ({
                set: t.transactionSet,
                control: t.control,
                status: t.meaning,
                errors: t.errors.map(
                  (e) => `${e.code} ${e.meaning}${e.segment ? ` (${e.segment} at ${e.position})` : ''}`,
                ),
              })),
            },
          });
        } else if (tx.id === '277') {
          const statuses = read277(tx, doc.separators!);
          transactions.push({
            ...base,
            findings: [],
            summary: {
              claims: statuses.map((s) => ({
                claim: s.claimControl,
                status: `${s.category} ${s.categoryMeaning}`,
                outcome: s.outcome,
                code: s.statusCode,
              })),
            },
          });
        } else if (tx.id === '837') {
          const clms = tx.segments.filter((s) => s.id === 'CLM');
          const total = clms.reduce((a, s) => a + (amountToCents(s.elements[2]) ?? 0), 0);
          const implementation = tx.implementation ?? gs.version ?? '';
          const findings = implementation.includes('X222')
            ? read837P(tx, doc.separators!).findings
            : implementation.includes('X223')
              ? read837I(tx, doc.separators!).findings
              : [];
          transactions.push({
            ...base,
            findings,
            summary: {
              claims: clms.length,
              charged_cents: total,
              claim_details: clms.map((s) => ({
                claim: s.elements[1],
                charge_cents: amountToCents(s.elements[2]) ?? 0,
              })),
            },
          });
        } else transactions.push({ ...base, findings: [], summary: { segments: tx.segments.length } });
      }
  // An 837 is also checked as a clearing house checks a practice's claims (the intake's check), in English here.
  const claimChecks = transactions.some((t) => t.kind === KIND['837']) ? intakeFindings(doc) : [];
  const findings = [...doc.findings, ...transactions.flatMap((t) => t.findings), ...claimChecks];
  return {
    interchanges: doc.interchanges.length,
    transactions,
    findings,
    balanced: !findings.some((f) => f.code === 'imbalance'),
  };
}

export function describeInspection(i: Inspection): string {
  const lines = [`${i.interchanges} interchange(s), ${i.transactions.length} transaction set(s)`];
  for (const t of i.transactions) {
    lines.push('', `${t.kind} — control ${t.control}${t.implementation ? `, ${t.implementation}` : ''}`);
    for (const [k, v] of Object.entries(t.summary)) {
      if (k === 'claim_details') continue;
      if (k.endsWith('_cents') && typeof v === 'number') lines.push(`  ${k.slice(0, -6)}: ${formatCents(v)}`);
      else lines.push(`  ${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`);
    }
    const details = t.summary.claim_details as Array<Record<string, unknown>> | undefined;
    for (const c of details ?? []) {
      lines.push(
        `    claim ${c.claim}: charge ${formatCents(Number(c.charge_cents))}${c.paid_cents !== undefined ? `, paid ${formatCents(Number(c.paid_cents))}, status ${c.status}` : ''}`,
      );
    }
  }
  lines.push('', i.findings.length ? `${i.findings.length} finding(s):` : 'No findings.');
  for (const f of i.findings)
    lines.push(
      `  [${f.severity}] segment ${f.position} ${f.segmentId}${f.element ? `${String(f.element).padStart(2, '0')}` : ''}: ${f.message}`,
    );
  return lines.join('\n');
}
