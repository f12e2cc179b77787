import type { IsoDate } from '../formats.ts';
import { ccyymmdd, money, seg } from './claim-837-writer.ts';
import { singleTransactionInterchange } from './x12-envelope.ts';

/** The clearing house that answers (ISA06/GS02 and loop 2100A) and the submitter it answers (ISA08/GS03, loop 2100B). */
export interface AckParties {
  house: { name: string; id: string };
  submitter: { name: string; id: string };
  /** ISA15 of the answer: the usage of the interchange it answers (P when not said) */
  usage?: 'P' | 'T';
}
/** One claim as a 277CA answers it: accepted (A2:20) or rejected with its category, status and entity codes. */
export interface ClaimAnswer {
  patientControlNumber: string;
  charge: number;
  serviceFrom: IsoDate;
  serviceTo?: IsoDate;
  patient: { lastName: string; firstName: string; memberId: string };
  /** the STC01 composite: 'A2:20' accepted, 'A7:562:85' rejected (status 562 of the billing provider), … */
  status: string;
  /** the payer's claim number (REF*1K) when the claim went on to the payer */
  payerClaimNumber?: string;
}
/** The claims of one billing provider (loop 2000C) in a 277CA. */
export interface ProviderAnswers {
  name: string;
  npi: string;
  taxId: string;
  claims: ClaimAnswer[];
}

const accepted = (c: ClaimAnswer) => /^A[12]\b/.test(c.status);

/**
 * A 999 (005010X231A1) as a clearing house answers one 837 functional group: every transaction set
 * accepted. on: the ISO day it answers.
 */
export function write999(
  p: AckParties & {
    control: number;
    on: IsoDate;
    answers: { groupControl: number; version: string; transactions: number };
  },
): string {
  const a = p.answers;
  const body = [seg('AK1', 'HC', String(a.groupControl), a.version)];
  for (let t = 1; t <= a.transactions; t++)
    body.push(seg('AK2', '837', String(t).padStart(4, '0'), a.version), seg('IK5', 'A'));
  body.push(seg('AK9', 'A', String(a.transactions), String(a.transactions), String(a.transactions)));
  return singleTransactionInterchange({
    sender: p.house.id,
    receiver: p.submitter.id,
    control: p.control,
    on: p.on,
    functionalId: 'FA',
    transactionSet: '999',
    version: '005010X231A1',
    usage: p.usage,
    body,
  });
}

/**
 * A 277CA (005010X214) as a clearing house answers a batch it received: the batch's totals for the
 * submitter, then each billing provider's claims, accepted and forwarded to the payer or rejected with
 * the reason codes. on: the ISO day it answers; received: the day the batch came in.
 */
export function write277CA(
  p: AckParties & {
    control: number;
    on: IsoDate;
    received: IsoDate;
    batchReference: string;
    providers: ProviderAnswers[];
  },
): string {
  const all = p.providers.flatMap((x) => x.claims);
  // The submitter's totals count claims accepted (90) and rejected (AA); a provider's, QA and QC.
  const totals = (cs: ClaimAnswer[], [yes, no]: [string, string]) => {
    const ok = cs.filter(accepted);
    const refused = cs.filter((c) => !accepted(c));
    const sum = (xs: ClaimAnswer[]) => money(xs.reduce((n, c) => n + c.charge, 0));
    return [
      ...(ok.length ? [seg('QTY', yes, String(ok.length))] : []),
      ...(refused.length ? [seg('QTY', no, String(refused.length))] : []),
      ...(ok.length ? [seg('AMT', 'YU', sum(ok))] : []),
      ...(refused.length ? [seg('AMT', 'YY', sum(refused))] : []),
    ];
  };
  const on = ccyymmdd(p.on);
  const body = [
    seg('BHT', '0085', '08', p.batchReference, on, '1200', 'TH'),
    seg('HL', '1', '', '20', '1'),
    seg('NM1', 'AY', '2', p.house.name, '', '', '', '', '46', p.house.id),
    seg('TRN', '1', p.batchReference),
    seg('DTP', '050', 'D8', ccyymmdd(p.received)),
    seg('DTP', '009', 'D8', on),
    seg('HL', '2', '1', '21', '1'),
    seg('NM1', '41', '2', p.submitter.name, '', '', '', '', '46', p.submitter.id),
    seg('TRN', '2', p.batchReference),
    seg('STC', ['A1', '19'], on, 'WQ', money(all.reduce((n, c) => n + c.charge, 0))),
    ...totals(all, ['90', 'AA']),
  ];
  let hl = 2;
  for (const provider of p.providers) {
    const providerHl = ++hl;
    body.push(
      seg('HL', String(providerHl), '2', '19', '1'),
      seg('NM1', '85', '2', provider.name, '', '', '', '', 'XX', provider.npi),
      seg('TRN', '1', '0'),
      seg('STC', ['A1', '19', '85'], '', 'WQ', money(provider.claims.reduce((n, c) => n + c.charge, 0))),
      seg('REF', 'TJ', provider.taxId.replace(/\D/g, '')),
      ...totals(provider.claims, ['QA', 'QC']),
    );
    for (const c of provider.claims) {
      body.push(
        seg('HL', String(++hl), String(providerHl), 'PT'),
        seg('NM1', 'QC', '1', c.patient.lastName, c.patient.firstName, '', '', '', 'MI', c.patient.memberId),
        seg('TRN', '2', c.patientControlNumber),
        seg('STC', c.status.split(':'), on, accepted(c) ? 'WQ' : 'U', money(c.charge)),
        ...(c.payerClaimNumber && accepted(c) ? [seg('REF', '1K', c.payerClaimNumber)] : []),
        c.serviceTo && c.serviceTo !== c.serviceFrom
          ? seg('DTP', '472', 'RD8', `${ccyymmdd(c.serviceFrom)}-${ccyymmdd(c.serviceTo)}`)
          : seg('DTP', '472', 'D8', ccyymmdd(c.serviceFrom)),
      );
    }
  }
  return singleTransactionInterchange({
    sender: p.house.id,
    receiver: p.submitter.id,
    control: p.control,
    on: p.on,
    functionalId: 'HN',
    transactionSet: '277',
    version: '005010X214',
    usage: p.usage,
    body,
  });
}
