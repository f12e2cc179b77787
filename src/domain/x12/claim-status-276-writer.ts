import type { IsoDate } from '../formats.ts';
import { demographics, type InquiredPerson } from './eligibility-270-writer.ts';
import { inquiryInterchange, momentOf, type InquiryEnvelope } from './x12-envelope.ts';
import { ccyymmdd, money, seg } from './x12-writing.ts';

export const CLAIM_STATUS_276_VERSION = '005010X212';

/** One claim asked about: how the payer finds it (its trace, its own number) and what it was (charge, days). */
export interface ClaimStatusQuestion {
  /** TRN02: the claim's patient control number as the 837 sent it (CLM01); the 277 answers with it */
  trace: string;
  payerClaimNumber?: string;
  /** REF*BLT: an institutional claim's type of bill (e.g. 111) */
  billType?: string;
  chargeCents: number;
  serviceFrom: IsoDate;
  serviceTo?: IsoDate;
  subscriber: InquiredPerson;
  /** the patient, when not the subscriber (a dependent): loops 2000E/2100E, under which the claim is asked */
  patient?: InquiredPerson;
}

/** A claim status inquiry: to one payer, from one submitter, about one provider's claims. */
export interface ClaimStatusInquiry {
  reference: string;
  payer: { name: string; id: string };
  submitter: { name: string; id: string };
  provider: { name: string; npi: string };
  claims: ClaimStatusQuestion[];
}

/**
 * The levels a claim is asked under: its subscriber (2000D) and, for a dependent, the patient (2000E), numbered on
 * from `hl` under the provider's level 3. withDemographics: the 276 says who they are; the 277 names them only.
 */
export function personLevels(
  c: ClaimStatusQuestion,
  hl: number,
  withDemographics: boolean,
): { segments: string[]; hl: number } {
  const s = c.subscriber;
  const sub = hl + 1;
  const segments = [
    seg('HL', String(sub), '3', '22', c.patient ? '1' : '0'),
    ...(withDemographics ? demographics(s) : []),
    seg('NM1', 'IL', '1', s.lastName, s.firstName, '', '', '', 'MI', s.memberId),
  ];
  if (!c.patient) return { segments, hl: sub };
  segments.push(
    seg('HL', String(sub + 1), String(sub), '23'),
    ...(withDemographics ? demographics(c.patient) : []),
    seg('NM1', 'QC', '1', c.patient.lastName, c.patient.firstName),
  );
  return { segments, hl: sub + 1 };
}

/** A claim's service dates (DTP*472): one day, or the range from its first to its last. */
export const serviceDates = (c: { serviceFrom: IsoDate; serviceTo?: IsoDate }) =>
  c.serviceTo && c.serviceTo !== c.serviceFrom
    ? seg('DTP', '472', 'RD8', `${ccyymmdd(c.serviceFrom)}-${ccyymmdd(c.serviceTo)}`)
    : seg('DTP', '472', 'D8', ccyymmdd(c.serviceFrom));

/**
 * A 276 claim status inquiry (005010X212): the payer (2000A), the submitter asking (2000B), the service provider
 * (2000C), then per claim its subscriber (2000D), the patient when a dependent (2000E), and the claim (2200D or
 * 2200E: trace, the payer's claim number when known, type of bill, charge, service dates). The payer's 277 answers each claim by its trace (read277).
 */
export function write276(q: ClaimStatusInquiry, env: InquiryEnvelope): string {
  const { day, time } = momentOf(env.at);
  const body = [
    seg('BHT', '0010', '13', q.reference, ccyymmdd(day), time),
    seg('HL', '1', '', '20', '1'),
    seg('NM1', 'PR', '2', q.payer.name, '', '', '', '', 'PI', q.payer.id),
    seg('HL', '2', '1', '21', '1'),
    seg('NM1', '41', '2', q.submitter.name, '', '', '', '', '46', q.submitter.id),
    seg('HL', '3', '2', '19', '1'),
    seg('NM1', '1P', '2', q.provider.name, '', '', '', '', 'XX', q.provider.npi),
  ];
  let hl = 3;
  q.claims.forEach((c) => {
    const levels = personLevels(c, hl, true);
    hl = levels.hl;
    body.push(
      ...levels.segments,
      seg('TRN', '1', c.trace),
      ...(c.payerClaimNumber ? [seg('REF', '1K', c.payerClaimNumber)] : []),
      ...(c.billType ? [seg('REF', 'BLT', c.billType)] : []),
      seg('AMT', 'T3', money(c.chargeCents)),
      serviceDates(c),
    );
  });
  return inquiryInterchange(
    env,
    { functionalId: 'HR', transactionSet: '276', version: CLAIM_STATUS_276_VERSION },
    body,
  );
}
