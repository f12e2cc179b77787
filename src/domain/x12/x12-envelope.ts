import type { IsoDate } from '../formats.ts';
import { SEP, ccyymmdd, seg, x12Text } from './x12-writing.ts';

const pad = (v: string, n: number) => v.padEnd(n, ' ').slice(0, n);

/** The ISA header every interchange opens with: parties padded to 15, YYMMDD and HHMM, control padded to 9. */
export function isaSegment(i: {
  sender: string;
  receiver: string;
  /** CCYYMMDD */
  day: string;
  /** HHMM */
  time: string;
  control: number;
  usage: string;
  senderQualifier?: string;
  receiverQualifier?: string;
}): string {
  // Fixed width, and the only segment that names the separators: written as it is, not element by element.
  return (
    [
      'ISA',
      '00',
      pad('', 10),
      '00',
      pad('', 10),
      i.senderQualifier ?? 'ZZ',
      pad(x12Text(i.sender), 15),
      i.receiverQualifier ?? 'ZZ',
      pad(x12Text(i.receiver), 15),
      i.day.slice(2),
      i.time,
      SEP.repetition,
      '00501',
      String(i.control).padStart(9, '0'),
      '0',
      i.usage,
      SEP.component,
    ].join(SEP.element) + SEP.segment
  );
}

/**
 * One interchange (ISA/IEA) of one functional group (GS/GE) of one transaction set (ST/SE, control 0001) around its
 * segments: what a clearing house answers with, or what the product asks with.
 */
export function singleTransactionInterchange({
  sender,
  receiver,
  control,
  on,
  time = '1200',
  functionalId,
  transactionSet,
  version,
  usage = 'P',
  body,
}: {
  sender: string;
  receiver: string;
  control: number;
  on: IsoDate;
  /** HHMM */
  time?: string;
  functionalId: string;
  /** the transaction set's id (ST01: 999, 277, 270) */
  transactionSet: string;
  version: string;
  /** P production, T test (ISA15) */
  usage?: 'P' | 'T';
  body: string[];
}): string {
  const isaControl = String(control).padStart(9, '0');
  const day = ccyymmdd(on);
  return (
    [
      isaSegment({ sender, receiver, day, time, control, usage }),
      seg('GS', functionalId, sender, receiver, day, time, String(control), 'X', version),
      seg('ST', transactionSet, '0001', version),
      ...body,
      seg('SE', String(body.length + 2), '0001'),
      seg('GE', '1', String(control)),
      seg('IEA', '1', isaControl),
    ].join('\n') + '\n'
  );
}

/** The envelope's parties and numbers of an inquiry the product sends: who sends and receives, control, moment. */
export interface InquiryEnvelope {
  sender: string;
  receiver: string;
  control: number;
  at: Date;
  usage?: 'P' | 'T';
}

/** A moment as the envelope and a BHT write it (UTC): its day and its HHMM. */
export function momentOf(at: Date): { day: IsoDate; time: string } {
  const iso = at.toISOString();
  return { day: iso.slice(0, 10) as IsoDate, time: iso.slice(11, 13) + iso.slice(14, 16) };
}

/** An inquiry (270, 276) of one transaction set in its envelope. */
export function inquiryInterchange(
  env: InquiryEnvelope,
  kind: { functionalId: string; transactionSet: string; version: string },
  body: string[],
): string {
  const { day, time } = momentOf(env.at);
  return singleTransactionInterchange({ ...env, ...kind, on: day, time, body });
}
