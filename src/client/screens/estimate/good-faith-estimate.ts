import { letterDocument } from '../../../platform/letter-document.ts';
import { autoTable } from 'jspdf-autotable';
import { formatCents } from '../../../domain/money-input.ts';
import { usDateOf } from '../../../domain/formats.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { EstimateAnswer } from './estimate-answer.ts';

/**
 * A good-faith estimate for a self-pay patient (the No Surprises Act asks for one): who gives it, for
 * whom, each expected service with its charge, the total, and the patient's right to dispute a bill
 * well above it. Drawn in the person's language.
 */
export function goodFaithEstimatePdf(e: EstimateAnswer, patient: string, t: Translate): Blob {
  const doc = letterDocument();
  const money = (c: number) => `$${formatCents(c)}`;
  doc.setFontSize(16);
  doc.text(t('estimate.gfe.title'), 40, 50);
  doc.setFontSize(10);
  doc.text(
    [
      `${t('estimate.gfe.provider')}: ${e.company.name}`,
      `${t('estimate.gfe.patient')}: ${patient}`,
      `${t('estimate.gfe.date')}: ${usDateOf()}`,
    ],
    40,
    74,
  );
  autoTable(doc, {
    startY: 116,
    head: [[t('estimate.code'), t('estimate.description'), t('estimate.units'), t('estimate.charge')]],
    body: [
      ...e.lines.map((l) => [l.code, l.description, String(l.units), money(l.charge)]),
      [
        { content: t('estimate.gfe.total'), colSpan: 3, styles: { fontStyle: 'bold' } },
        { content: money(e.patient), styles: { fontStyle: 'bold' } },
      ],
    ],
    columnStyles: { 2: { halign: 'right' }, 3: { halign: 'right' } },
    styles: { fontSize: 9 },
  });
  const y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 24;
  doc.setFontSize(9);
  doc.text(doc.splitTextToSize(t('estimate.gfe.rights'), 530), 40, y);
  return doc.output('blob');
}
