import type { IsoDate } from '../formats.ts';
import { ccyymmdd, seg } from './x12-writing.ts';
import { inquiryInterchange, momentOf, type InquiryEnvelope } from './x12-envelope.ts';

export const ELIGIBILITY_270_VERSION = '005010X279A1';

/** A person as an eligibility inquiry names them (loop 2100C or 2100D). */
export interface InquiredPerson {
  lastName: string;
  firstName: string;
  /** the payer's member id (NM109, MI); the dependent of a plan without their own id has none */
  memberId?: string;
  birthDate?: IsoDate;
  /** F, M or U */
  gender?: 'F' | 'M' | 'U';
}

/** One question to one payer: is this person covered for these services on this day (or these days)? */
export interface EligibilityInquiry {
  /** the trace number the answer echoes (TRN02), unique per question; and the id of whoever assigns it (TRN03) */
  trace: string;
  traceOriginator: string;
  payer: { name: string; id: string };
  provider: { name: string; firstName?: string; npi: string; person?: boolean };
  subscriber: InquiredPerson;
  /** the patient when it is not the subscriber and has no member id of their own (loop 2000D) */
  dependent?: InquiredPerson;
  /** the day of service asked about, or a range */
  serviceDate: IsoDate;
  serviceDateEnd?: IsoDate;
  /** service type codes (EQ01); 30 asks for the plan's general coverage */
  serviceTypes?: string[];
}

/** A person's name, id, birth date and gender, as loop 2100C/2100D write them. */
function personSegments(code: 'IL' | '03', p: InquiredPerson): string[] {
  return [
    seg('NM1', code, '1', p.lastName, p.firstName, '', '', '', p.memberId ? 'MI' : undefined, p.memberId),
    ...(p.birthDate || p.gender ? [seg('DMG', 'D8', p.birthDate && ccyymmdd(p.birthDate), p.gender)] : []),
  ];
}

/**
 * A 270 eligibility inquiry (005010X279A1) of one question: the payer (2000A), the provider asking (2000B), the
 * subscriber (2000C) and, for a dependent without their own member id, the dependent (2000D), each with the service
 * date and the service types asked about.
 */
export function write270(q: EligibilityInquiry, env: InquiryEnvelope): string {
  const { day, time } = momentOf(env.at);
  const dates = q.serviceDateEnd
    ? seg('DTP', '291', 'RD8', `${ccyymmdd(q.serviceDate)}-${ccyymmdd(q.serviceDateEnd)}`)
    : seg('DTP', '291', 'D8', ccyymmdd(q.serviceDate));
  const questions = (q.serviceTypes?.length ? q.serviceTypes : ['30']).map((t) => seg('EQ', t));
  const body = [
    seg('BHT', '0022', '13', q.trace, ccyymmdd(day), time),
    seg('HL', '1', '', '20', '1'),
    seg('NM1', 'PR', '2', q.payer.name, '', '', '', '', 'PI', q.payer.id),
    seg('HL', '2', '1', '21', '1'),
    seg(
      'NM1',
      '1P',
      q.provider.person ? '1' : '2',
      q.provider.name,
      q.provider.firstName,
      '',
      '',
      '',
      'XX',
      q.provider.npi,
    ),
    seg('HL', '3', '2', '22', q.dependent ? '1' : '0'),
    // The trace goes with the person the question is about: the subscriber, or the dependent below.
    ...(q.dependent ? [] : [seg('TRN', '1', q.trace, q.traceOriginator)]),
    ...personSegments('IL', q.subscriber),
    ...(q.dependent
      ? [
          seg('HL', '4', '3', '23', '0'),
          seg('TRN', '1', q.trace, q.traceOriginator),
          ...personSegments('03', q.dependent),
        ]
      : []),
    dates,
    ...questions,
  ];
  return inquiryInterchange(env, { functionalId: 'HS', transactionSet: '270', version: ELIGIBILITY_270_VERSION }, body);
}
