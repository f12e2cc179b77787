import { letterDocument } from '../../src/platform/letter-document.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import type { Statement } from './patient-statement.ts';

const WORDS = {
  en: {
    title: 'PATIENT STATEMENT',
    date: 'Statement date',
    account: 'Account',
    bill: 'Bill',
    dos: 'Date',
    claim: 'Claim',
    services: 'Services',
    charges: 'Charges',
    insurance: 'Insurance paid/adj.',
    you: 'You paid',
    balance: 'Balance',
    aging: ['Current', '31-60 days', '61-90 days', '91-120 days', 'Over 120 days'],
    due: 'AMOUNT DUE',
    pending: 'Pending with insurance',
    nothing: 'No open items.',
    detach: 'Please detach and return this portion with your payment.',
    enclosed: 'Amount enclosed',
    payable: 'Make checks payable to',
    patient: 'Patient',
    ordinal: (n: number) => ['1st', '2nd', '3rd'][n - 1] ?? `${n}th`,
  },
  es: {
    title: 'ESTADO DE CUENTA DEL PACIENTE',
    date: 'Fecha del estado',
    account: 'Cuenta',
    bill: 'Factura',
    dos: 'Fecha',
    claim: 'Reclamo',
    services: 'Servicios',
    charges: 'Cargos',
    insurance: 'Pagado/ajustado por el seguro',
    you: 'Usted pagó',
    balance: 'Saldo',
    aging: ['Corriente', '31-60 días', '61-90 días', '91-120 días', 'Más de 120 días'],
    due: 'MONTO ADEUDADO',
    pending: 'Pendiente con el seguro',
    nothing: 'No hay partidas abiertas.',
    detach: 'Desprenda y devuelva esta parte con su pago.',
    enclosed: 'Monto adjunto',
    payable: 'Emita los cheques a nombre de',
    patient: 'Paciente',
    ordinal: (n: number) => `${n}.ª`,
  },
};

const money = (cents: number) => `$${formatCents(cents)}`;

/**
 * One page per statement (a run prints many): the open items, the aging, the amount due and a payment coupon to detach.
 * Each page in its patient's preferred language: a run mixes English and Spanish pages as its patients do.
 */
export function statementsPdf(statements: Statement[]): ArrayBuffer {
  const doc = letterDocument();
  const right = doc.internal.pageSize.getWidth() - 48;
  const text = (s: string, x: number, y: number, opts?: { align?: 'right' | 'left' | 'center' }) =>
    doc.text(s, x, y, opts);
  statements.forEach((s, index) => {
    if (index) doc.addPage();
    const w = WORDS[s.language];
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(13);
    text(s.from.name, 48, 56);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    [...s.from.address, s.from.phone ?? ''].filter(Boolean).forEach((line, i) => text(line, 48, 70 + i * 11));
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(13);
    text(w.title, right, 56, { align: 'right' });
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    text(`${w.date}: ${s.statement_date}`, right, 70, { align: 'right' });
    text(`${w.account}: ${s.account}`, right, 81, { align: 'right' });
    text(`${w.bill}: ${w.ordinal(s.sequence)}`, right, 92, { align: 'right' });
    doc.setFontSize(10);
    [s.patient_name, ...s.address].forEach((line, i) => text(line, 48, 124 + i * 12));

    // The open items: date, a claim number of up to 22 characters, services, then four money columns
    // right-aligned on their own edges; a heading wider than its column wraps upwards, so no text meets another.
    const columns = {
      date: 48,
      claim: 98,
      services: 206,
      services_width: 118,
      money: [378, 440, 502, right],
      money_width: 56,
    };
    let y = 184;
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(8);
    const heading = (h: string, x: number, width: number, align: 'left' | 'right') => {
      const lines = doc.splitTextToSize(h, width) as string[];
      lines.forEach((line, i) => text(line, x, y - (lines.length - 1 - i) * 9, { align }));
    };
    heading(w.dos, columns.date, 46, 'left');
    heading(w.claim, columns.claim, 100, 'left');
    heading(w.services, columns.services, columns.services_width, 'left');
    [w.charges, w.insurance, w.you, w.balance].forEach((h, i) =>
      heading(h, columns.money[i], columns.money_width, 'right'),
    );
    doc.line(48, y + 4, right, y + 4);
    doc.setFont('helvetica', 'normal');
    y += 16;
    if (!s.items.length) {
      text(w.nothing, 48, y);
      y += 12;
    }
    for (const item of s.items.slice(0, 24)) {
      text(item.date_of_service, columns.date, y);
      text(item.claim_code, columns.claim, y);
      text(doc.splitTextToSize(item.description, columns.services_width)[0] ?? '', columns.services, y);
      [item.charges, item.insurance, item.patient_paid, item.due].forEach((v, i) =>
        text(money(v), columns.money[i], y, { align: 'right' }),
      );
      y += 13;
    }
    // The aging of what the patient owes.
    y += 10;
    const bucketWidth = (right - 48) / 5;
    doc.setFont('helvetica', 'bold');
    w.aging.forEach((h, i) => text(h, 48 + bucketWidth * i + bucketWidth / 2, y, { align: 'center' }));
    doc.setFont('helvetica', 'normal');
    s.aging.forEach((v, i) => text(money(v), 48 + bucketWidth * i + bucketWidth / 2, y + 13, { align: 'center' }));
    doc.rect(48, y - 11, right - 48, 30);
    y += 42;
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(12);
    text(`${w.due}: ${money(s.amount_due)}`, right, y, { align: 'right' });
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    if (s.insurance_pending > 0) text(`${w.pending}: ${money(s.insurance_pending)}`, right, y + 14, { align: 'right' });

    // The coupon.
    const c = 600;
    doc.setLineDashPattern([4, 3], 0);
    doc.line(36, c, right + 12, c);
    doc.setLineDashPattern([], 0);
    doc.setFontSize(8);
    text(w.detach, 48, c + 14);
    doc.setFontSize(10);
    const rows: Array<[string, string]> = [
      [w.patient, s.patient_name],
      [w.account, s.account],
      [w.date, s.statement_date],
      [w.due, money(s.amount_due)],
      [w.enclosed, '$ ______________'],
    ];
    rows.forEach(([k, v], i) => {
      doc.setFont('helvetica', 'bold');
      text(`${k}:`, 320, c + 40 + i * 16);
      doc.setFont('helvetica', 'normal');
      text(v, 430, c + 40 + i * 16);
    });
    doc.setFont('helvetica', 'bold');
    text(`${w.payable}:`, 48, c + 40);
    doc.setFont('helvetica', 'normal');
    [s.from.name, ...s.from.address].forEach((line, i) => text(line, 48, c + 56 + i * 13));
  });
  return doc.output('arraybuffer');
}
