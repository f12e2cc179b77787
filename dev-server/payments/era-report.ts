import type { jsPDF } from 'jspdf';
import { letterDocument } from '../../src/platform/letter-document.ts';
import { autoTable } from 'jspdf-autotable';
import type { Locale } from '../i18n/locale.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { isoToUsDate } from '../../src/domain/formats.ts';
import { describeAdjustment } from '../../src/domain/x12/code-meanings.ts';
import type { Remittance } from '../../src/domain/x12/era-835-model.ts';

const L = {
  en: {
    preview: 'ERA preview',
    rec: 'ERA reconciliation',
    payer: 'Payer',
    payee: 'Payee',
    trace: 'Check / EFT',
    amount: 'Payment',
    date: 'Date',
    balanced: 'Balanced at every level',
    unbalanced: 'Out of balance',
    claims: ['Claim', 'Patient', 'Status', 'Charge', 'Paid', 'Patient resp.', 'Ours'],
    lines: ['Service', 'Charge', 'Paid', 'Adjustments'],
    plb: 'Provider adjustments (PLB)',
    yes: 'found',
    no: 'NOT FOUND',
    done: 'yes',
    recRows: [
      'Payment (BPR02)',
      'Claims paid, posted',
      'Provider adjustments (PLB)',
      'Claims paid, waiting in exceptions',
      'Difference',
    ],
    exceptions: ['Claim', 'Reason', 'Paid', 'What is wrong', 'Resolved'],
  },
  es: {
    preview: 'Vista previa del ERA',
    rec: 'Conciliación del ERA',
    payer: 'Pagador',
    payee: 'Beneficiario',
    trace: 'Cheque / EFT',
    amount: 'Pago',
    date: 'Fecha',
    balanced: 'Cuadra en todos los niveles',
    unbalanced: 'Descuadrado',
    claims: ['Reclamo', 'Paciente', 'Estado', 'Cargo', 'Pagado', 'Resp. paciente', 'Nuestro'],
    lines: ['Servicio', 'Cargo', 'Pagado', 'Ajustes'],
    plb: 'Ajustes al proveedor (PLB)',
    yes: 'encontrado',
    no: 'NO ENCONTRADO',
    done: 'sí',
    recRows: [
      'Pago (BPR02)',
      'Pagado a reclamos, aplicado',
      'Ajustes al proveedor (PLB)',
      'Pagado a reclamos, en excepciones',
      'Diferencia',
    ],
    exceptions: ['Reclamo', 'Motivo', 'Pagado', 'Qué está mal', 'Resuelta'],
  },
};
const head = (doc: jsPDF, title: string, r: Remittance) => {
  doc.setFontSize(15);
  doc.text(title, 40, 44);
  doc.setFontSize(9);
  doc.text(
    `${r.payer.name ?? ''} ${r.payer.id ? `(${r.payer.id})` : ''} to ${r.payee.name ?? ''} ${r.payee.npi ? `NPI ${r.payee.npi}` : ''}`,
    40,
    60,
  );
  doc.text(
    `${r.trace?.number ?? ''} · ${formatCents(r.payment.amount)} · ${r.payment.method ?? ''} · ${isoToUsDate(r.payment.date ?? '')}`,
    40,
    72,
  );
};

/** An ERA as a person reads it before posting: each claim and line, every adjustment in plain words, our claim found or not, the balance verdict. */
export function eraPreviewPdf({
  r,
  found,
  balanced,
  findings,
  locale,
}: {
  r: Remittance;
  found: Set<string>;
  balanced: boolean;
  findings: string[];
  locale: Locale;
}): ArrayBuffer {
  const t = L[locale];
  const doc = letterDocument('landscape');
  head(doc, t.preview, r);
  doc.text(balanced ? t.balanced : `${t.unbalanced}: ${findings.join(' ')}`.slice(0, 300), 40, 84);
  const body: Array<Array<string | { content: string; colSpan?: number; styles?: object }>> = [];
  for (const c of r.claims) {
    body.push([
      { content: c.patientControlNumber, styles: { fontStyle: 'bold' } },
      [c.patient?.firstName, c.patient?.lastName].filter(Boolean).join(' '),
      c.status,
      formatCents(c.charge),
      formatCents(c.paid),
      formatCents(c.patientResponsibility ?? 0),
      found.has(c.patientControlNumber) ? t.yes : t.no,
    ]);
    for (const a of c.adjustments)
      body.push(['', { content: `${describeAdjustment(a.group, a.reason)} ${formatCents(a.amount)}`, colSpan: 6 }]);
    for (const l of c.lines) {
      body.push([
        '',
        {
          content: `${l.procedure.code ?? l.revenueCode ?? ''} ${formatCents(l.charge)} paid ${formatCents(l.paid)}${l.adjustments.length ? ` · ${l.adjustments.map((a) => `${describeAdjustment(a.group, a.reason)} ${formatCents(a.amount)}`).join('; ')}` : ''}`,
          colSpan: 6,
          styles: { fontSize: 7 },
        },
      ]);
    }
  }
  autoTable(doc, { startY: 96, head: [t.claims], body, styles: { fontSize: 8 } });
  if (r.providerAdjustments.length) {
    autoTable(doc, {
      head: [[t.plb, '', '']],
      body: r.providerAdjustments.map((p) => [p.reason, p.reference ?? '', formatCents(p.amount)]),
      styles: { fontSize: 8 },
    });
  }
  return doc.output('arraybuffer');
}

/** The reconciliation of a posted ERA: BPR02 against what was posted and what waits in exceptions, and the exceptions themselves. */
export function eraReconciliationPdf(
  r: Remittance,
  rec: {
    payment_amount: number;
    posted_claim_payments: number;
    provider_adjustments: number;
    claim_payments_in_exceptions: number;
    difference: number;
    explanation: string;
  },
  exceptions: Array<{
    claim_control_number: string | null;
    reason: string;
    paid: number | null;
    message: string;
    resolved: boolean;
  }>,
  locale: Locale,
): ArrayBuffer {
  const t = L[locale];
  const doc = letterDocument('landscape');
  head(doc, t.rec, r);
  doc.text(rec.explanation, 40, 84);
  autoTable(doc, {
    startY: 96,
    body: [
      rec.payment_amount,
      rec.posted_claim_payments,
      rec.provider_adjustments,
      rec.claim_payments_in_exceptions,
      rec.difference,
    ].map((v, i) => [t.recRows[i], { content: formatCents(v), styles: { halign: 'right' } }]),
    styles: { fontSize: 9 },
  });
  if (exceptions.length)
    autoTable(doc, {
      head: [t.exceptions],
      body: exceptions.map((x) => [
        x.claim_control_number ?? '',
        x.reason,
        formatCents(x.paid ?? 0),
        x.message,
        x.resolved ? t.done : '',
      ]),
      styles: { fontSize: 8 },
    });
  return doc.output('arraybuffer');
}
