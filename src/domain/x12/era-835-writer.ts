import { isaSegment } from './x12-envelope.ts';
import type { IsoDate } from '../formats.ts';
import type { Adjustment } from './era-835-model.ts';
import { ccyymmdd, money, seg } from './claim-837-writer.ts';

/** A remitted service line as a payer writes it. */
export interface LineToRemit {
  procedure: string;
  modifiers?: string[];
  charge: number;
  paid: number;
  units?: number;
  date: IsoDate;
  adjustments: Adjustment[];
  allowed?: number;
  remarks?: string[];
}
/** A remitted claim: CLP with its patient, dates, claim-level adjustments and lines. */
export interface ClaimToRemit {
  patientControlNumber: string;
  status: '1' | '2' | '3' | '4' | '19' | '20' | '21' | '22';
  charge: number;
  paid: number;
  patientResponsibility: number;
  payerControlNumber: string;
  patient: { lastName: string; firstName: string; memberId: string };
  from: IsoDate;
  adjustments?: Adjustment[];
  lines: LineToRemit[];
}
export interface PaymentToRemit {
  /** loop 1000A: the payer's name, id (REF*2U), address (N3/N4) and technical contact (PER*BL), all mandatory in the 835 guide */
  payer: {
    name: string;
    id: string;
    address: { line1: string; city: string; state: string; zip: string };
    contact: { name?: string; phone: string };
  };
  payee: { name: string; npi: string };
  method: 'CHK' | 'ACH';
  date: IsoDate;
  trace: string;
  claims: ClaimToRemit[];
  providerAdjustments?: Array<{
    provider: string;
    fiscalPeriodEnd: IsoDate;
    reason: string;
    reference: string;
    amount: number;
  }>;
}

const cas = (adjustments: Adjustment[]) => adjustments.map((a) => seg('CAS', a.group, a.reason, money(a.amount)));

/**
 * An 835 interchange, one transaction set per payment, as a payer would send it: BPR02 is what the
 * claims pay less the provider adjustments, so every file written balances. The product reads 835s;
 * it writes them for its demo data and for the remittances its tests post (denials, takebacks).
 */
export function write835(input: {
  sender: string;
  receiver: string;
  control: number;
  date: IsoDate;
  payments: PaymentToRemit[];
  /** ISA15: P for a payer's real remittance, T in a test exchange (the installation's own usage) */
  usage?: 'P' | 'T';
}): string {
  const control = String(input.control).padStart(9, '0');
  const day = ccyymmdd(input.date);
  const out = [
    isaSegment({
      sender: input.sender,
      receiver: input.receiver,
      day,
      time: '1200',
      control: input.control,
      usage: input.usage ?? 'P',
    }),
    seg('GS', 'HP', input.sender, input.receiver, day, '1200', String(input.control), 'X', '005010X221A1'),
  ];
  input.payments.forEach((p, t) => {
    const st = String(t + 1).padStart(4, '0');
    const plb = (p.providerAdjustments ?? []).reduce((n, a) => n + a.amount, 0);
    const amount = p.claims.reduce((n, c) => n + c.paid, 0) - plb;
    const date = ccyymmdd(p.date);
    const body = [
      seg('ST', '835', st),
      p.method === 'CHK'
        ? seg('BPR', 'I', money(amount), 'C', 'CHK', '', '', '', '', '', '', '', '', '', '', '', date)
        : seg(
            'BPR',
            'I',
            money(amount),
            'C',
            'ACH',
            'CCP',
            '01',
            '999999999',
            'DA',
            '123456',
            '1512345678',
            '',
            '01',
            '999988880',
            'DA',
            '98765',
            date,
          ),
      seg('TRN', '1', p.trace, `1${p.payer.id.replace(/\D/g, '').padStart(9, '0').slice(0, 9)}`),
      seg('DTM', '405', date),
      seg('N1', 'PR', p.payer.name),
      seg('N3', p.payer.address.line1),
      seg('N4', p.payer.address.city, p.payer.address.state, p.payer.address.zip.replace(/\D/g, '')),
      seg('REF', '2U', p.payer.id),
      seg('PER', 'BL', p.payer.contact.name ?? 'EDI SUPPORT', 'TE', p.payer.contact.phone.replace(/\D/g, '')),
      seg('N1', 'PE', p.payee.name, 'XX', p.payee.npi),
      seg('LX', '1'),
    ];
    for (const c of p.claims) {
      body.push(
        seg(
          'CLP',
          c.patientControlNumber,
          c.status,
          money(c.charge),
          money(c.paid),
          c.patientResponsibility ? money(c.patientResponsibility) : '',
          '12',
          c.payerControlNumber,
          '11',
          '1',
        ),
      );
      body.push(...cas(c.adjustments ?? []));
      body.push(
        seg('NM1', 'QC', '1', c.patient.lastName, c.patient.firstName, '', '', '', 'MI', c.patient.memberId),
        seg('DTM', '232', ccyymmdd(c.from)),
      );
      for (const l of c.lines) {
        body.push(
          seg(
            'SVC',
            ['HC', l.procedure, ...(l.modifiers ?? [])],
            money(l.charge),
            money(l.paid),
            '',
            String(l.units ?? 1),
          ),
          seg('DTM', '472', ccyymmdd(l.date)),
          ...cas(l.adjustments),
        );
        if (l.allowed !== undefined) body.push(seg('AMT', 'B6', money(l.allowed)));
        for (const r of l.remarks ?? []) body.push(seg('LQ', 'HE', r));
      }
    }
    for (const a of p.providerAdjustments ?? [])
      body.push(seg('PLB', a.provider, ccyymmdd(a.fiscalPeriodEnd), [a.reason, a.reference], money(a.amount)));
    body.push(seg('SE', String(body.length + 1), st));
    // One at a time: a payment of thousands of claims holds more segments than a call's arguments.
    for (const s of body) out.push(s);
  });
  out.push(seg('GE', String(input.payments.length), String(input.control)), seg('IEA', '1', control));
  return out.join('\n') + '\n';
}
