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

/** DMG: a person's birth date and gender, only when the birth date is on file (DMG01 and DMG02 go together). */
export const demographics = (p: InquiredPerson) =>
  p.birthDate ? [seg('DMG', 'D8', ccyymmdd(p.birthDate), p.gender)] : [];

/** A person's name, id, birth date and gender, as loop 2100C/2100D write them. */
function personSegments(code: 'IL' | '03', p: InquiredPerson): string[] {
  return [
    seg('NM1', code, '1', p.lastName, p.firstName, '', '', '', p.memberId ? 'MI' : undefined, p.memberId),
    ...demographics(p),
  ];
}

/** Each group of items by a key, in the order the keys first appear. */
function groupBy<T>(items: readonly T[], key: (t: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    groups.set(k, [...(groups.get(k) ?? []), it]);
  }
  return [...groups.values()];
}

/**
 * A 270 eligibility inquiry (005010X279A1) of any number of questions in one transaction set: each payer (2000A), under
 * it each provider asking (2000B), under that each subscriber (2000C) and, for a dependent without their own member id,
 * the dependent (2000D), with the service date and the service types asked about. The payer's 271 answers each person by
 * the trace given here. reference (BHT03) names the whole inquiry; one question's trace serves when there is one.
 */
export function write270(
  inquiries: readonly EligibilityInquiry[],
  env: InquiryEnvelope,
  reference = inquiries[0]?.trace,
): string {
  if (!inquiries.length || !reference) throw new Error('An eligibility inquiry needs at least one question.');
  const { day, time } = momentOf(env.at);
  const body = [seg('BHT', '0022', '13', reference, ccyymmdd(day), time)];
  let hl = 0;
  for (const byPayer of groupBy(inquiries, (q) => q.payer.id)) {
    const payerHl = ++hl;
    const { payer } = byPayer[0];
    body.push(
      seg('HL', String(payerHl), '', '20', '1'),
      seg('NM1', 'PR', '2', payer.name, '', '', '', '', 'PI', payer.id),
    );
    for (const byProvider of groupBy(byPayer, (q) => q.provider.npi)) {
      const providerHl = ++hl;
      const { provider } = byProvider[0];
      body.push(
        seg('HL', String(providerHl), String(payerHl), '21', '1'),
        seg(
          'NM1',
          '1P',
          provider.person ? '1' : '2',
          provider.name,
          provider.firstName,
          '',
          '',
          '',
          'XX',
          provider.npi,
        ),
      );
      for (const q of byProvider) {
        const subscriberHl = ++hl;
        const trace = seg('TRN', '1', q.trace, q.traceOriginator);
        const dates = q.serviceDateEnd
          ? seg('DTP', '291', 'RD8', `${ccyymmdd(q.serviceDate)}-${ccyymmdd(q.serviceDateEnd)}`)
          : seg('DTP', '291', 'D8', ccyymmdd(q.serviceDate));
        const questions = (q.serviceTypes?.length ? q.serviceTypes : ['30']).map((t) => seg('EQ', t));
        body.push(seg('HL', String(subscriberHl), String(providerHl), '22', q.dependent ? '1' : '0'));
        // The trace goes with the person the question is about: the subscriber, or the dependent below.
        if (!q.dependent) body.push(trace, ...personSegments('IL', q.subscriber));
        else
          body.push(
            ...personSegments('IL', q.subscriber),
            seg('HL', String(++hl), String(subscriberHl), '23', '0'),
            trace,
            ...personSegments('03', q.dependent),
          );
        body.push(dates, ...questions);
      }
    }
  }
  return inquiryInterchange(env, { functionalId: 'HS', transactionSet: '270', version: ELIGIBILITY_270_VERSION }, body);
}
