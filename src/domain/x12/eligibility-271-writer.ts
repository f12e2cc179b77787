import type { IsoDate } from '../formats.ts';
import type { EligibilityInquiry, InquiredPerson } from './eligibility-270-writer.ts';
import { ELIGIBILITY_270_VERSION } from './eligibility-270-writer.ts';
import { inquiryInterchange, momentOf, type InquiryEnvelope } from './x12-envelope.ts';
import { ccyymmdd, money, repeats, seg } from './x12-writing.ts';

/** One benefit line as a payer writes it (EB): codes as the guide lists them, amounts in cents, rates in basis points. */
export interface BenefitLine {
  /** EB01: 1 active, 6 inactive, C deductible, G out-of-pocket, B copay, A coinsurance, … */
  code: string;
  /** EB02: IND, FAM, … */
  coverageLevel?: string;
  serviceTypes?: string[];
  planDescription?: string;
  /** EB06: 23 calendar year, 29 remaining, 27 visit, … */
  period?: string;
  amount?: number;
  /** basis points: 2000 is 20 % */
  percent?: number;
  inNetwork?: boolean;
  message?: string;
}

/** A payer's answer to one question of a 270: the benefits it found, or why it could not answer (AAA). */
export interface EligibilityReply {
  inquiry: EligibilityInquiry;
  plan?: { begin?: IsoDate; end?: IsoDate; groupNumber?: string; name?: string };
  benefits?: BenefitLine[];
  /** the person's own AAA: reject reason (e.g. 75 not found, 72 invalid member id) and follow-up (C, N, R, …) */
  rejection?: { code: string; followUp: string };
}

/** X12's decimal rate from basis points (2000 → 0.2), without floating point. */
const rate = (bp: number) => {
  const whole = Math.floor(bp / 10_000);
  const fraction = String(bp % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole || ''}.${fraction}` : String(whole);
};

const person = (code: 'IL' | '03', p: InquiredPerson) => [
  seg('NM1', code, '1', p.lastName, p.firstName, '', '', '', p.memberId ? 'MI' : undefined, p.memberId),
  ...(p.birthDate || p.gender ? [seg('DMG', 'D8', p.birthDate && ccyymmdd(p.birthDate), p.gender)] : []),
];

/** The person's own segments of a reply: the trace echoed (TRN*2), name, rejection or plan, dates and benefits. */
function replySegments(r: EligibilityReply, code: 'IL' | '03', p: InquiredPerson): string[] {
  const q = r.inquiry;
  const out = [seg('TRN', '2', q.trace, q.traceOriginator), ...person(code, p).slice(0, 1)];
  if (r.plan?.groupNumber) out.push(seg('REF', '6P', r.plan.groupNumber, r.plan.name));
  if (r.rejection) out.push(seg('AAA', 'N', '', r.rejection.code, r.rejection.followUp));
  out.push(...person(code, p).slice(1));
  if (r.plan?.begin) out.push(seg('DTP', '346', 'D8', ccyymmdd(r.plan.begin)));
  if (r.plan?.end) out.push(seg('DTP', '347', 'D8', ccyymmdd(r.plan.end)));
  for (const b of r.rejection ? [] : (r.benefits ?? [])) {
    out.push(
      seg(
        'EB',
        b.code,
        b.coverageLevel,
        repeats(b.serviceTypes ?? []),
        '',
        b.planDescription,
        b.period,
        b.amount === undefined ? undefined : money(b.amount),
        b.percent === undefined ? undefined : rate(b.percent),
        '',
        '',
        '',
        b.inNetwork === undefined ? undefined : b.inNetwork ? 'Y' : 'N',
      ),
    );
    if (b.message) out.push(seg('MSG', b.message));
  }
  return out;
}

/**
 * A 271 eligibility answer (005010X279A1) to the questions of a 270, as a payer or clearing house writes it: each
 * payer, provider and person in the order asked, each person's trace echoed, benefits or a rejection. The product
 * writes one only where it plays the payer: the demo's history and the tests' CORE server.
 */
export function write271(replies: readonly EligibilityReply[], env: InquiryEnvelope, reference: string): string {
  const { day, time } = momentOf(env.at);
  const body = [seg('BHT', '0022', '11', reference, ccyymmdd(day), time)];
  let hl = 0;
  let payerHl = 0;
  let providerHl = 0;
  let payerId: string | undefined;
  let npi: string | undefined;
  for (const r of replies) {
    const q = r.inquiry;
    if (q.payer.id !== payerId) {
      payerHl = ++hl;
      [payerId, npi] = [q.payer.id, undefined];
      body.push(
        seg('HL', String(payerHl), '', '20', '1'),
        seg('NM1', 'PR', '2', q.payer.name, '', '', '', '', 'PI', q.payer.id),
      );
    }
    if (q.provider.npi !== npi) {
      providerHl = ++hl;
      npi = q.provider.npi;
      body.push(
        seg('HL', String(providerHl), String(payerHl), '21', '1'),
        seg('NM1', '1P', q.provider.person ? '1' : '2', q.provider.name, q.provider.firstName, '', '', '', 'XX', npi),
      );
    }
    const subscriberHl = ++hl;
    body.push(seg('HL', String(subscriberHl), String(providerHl), '22', q.dependent ? '1' : '0'));
    if (!q.dependent) body.push(...replySegments(r, 'IL', q.subscriber));
    else
      body.push(
        ...person('IL', q.subscriber),
        seg('HL', String(++hl), String(subscriberHl), '23', '0'),
        ...replySegments(r, '03', q.dependent),
      );
  }
  return inquiryInterchange(env, { functionalId: 'HB', transactionSet: '271', version: ELIGIBILITY_270_VERSION }, body);
}
