import type { IsoDate } from '../../src/domain/formats.ts';
import type { EligibilityInquiry, InquiredPerson } from '../../src/domain/x12/eligibility-270-writer.ts';
import { write271, type EligibilityReply } from '../../src/domain/x12/eligibility-271-writer.ts';
import { segmentsOf } from './core-server.ts';
import { amountToCents } from '../../src/domain/x12/amounts.ts';
import type { ClaimStatusInquiry } from '../../src/domain/x12/claim-status-276-writer.ts';
import { write277, type ClaimStatusReply } from '../../src/domain/x12/claim-status-277-writer.ts';

const day = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` as IsoDate;
const person = (e: string[]): InquiredPerson => ({ lastName: e[3], firstName: e[4], memberId: e[9] || undefined });

/**
 * The questions of a 270 as a test payer reads them, segment by segment with a plain split (not the product's reader):
 * payer, provider, subscriber and dependent, trace and day of service.
 */
export function questionsOf270(x12: string): EligibilityInquiry[] {
  const out: EligibilityInquiry[] = [];
  let payer = { name: '', id: '' };
  let provider = { name: '', npi: '' };
  let q: EligibilityInquiry | undefined;
  for (const e of segmentsOf(x12)) {
    if (e[0] === 'NM1' && e[1] === 'PR') payer = { name: e[3], id: e[9] };
    if (e[0] === 'NM1' && e[1] === '1P') provider = { name: e[3], npi: e[9] };
    if (e[0] === 'HL' && e[3] === '22') {
      q = {
        trace: '',
        traceOriginator: '',
        payer,
        provider,
        subscriber: { lastName: '', firstName: '' },
        serviceDate: '' as IsoDate,
      };
      out.push(q);
    }
    if (!q) continue;
    if (e[0] === 'TRN') [q.trace, q.traceOriginator] = [e[2], e[3]];
    if (e[0] === 'NM1' && e[1] === 'IL') q.subscriber = person(e);
    if (e[0] === 'NM1' && e[1] === '03') q.dependent = person(e);
    if (e[0] === 'DTP' && e[1] === '291') q.serviceDate = day(e[3]);
  }
  return out;
}

/** A plan with cost sharing as the guide's examples give it: $1,500 deductible ($750 left), $25 office copay, 20 %. */
export const ACTIVE_PLAN: Omit<EligibilityReply, 'inquiry'> = {
  plan: { begin: '2026-01-01' as IsoDate, end: '2026-12-31' as IsoDate, groupNumber: 'GRP55501', name: 'KEY GOLD PPO' },
  benefits: [
    { code: '1', coverageLevel: 'IND', serviceTypes: ['30'], planDescription: 'KEY GOLD PPO' },
    { code: 'C', coverageLevel: 'IND', serviceTypes: ['30'], period: '23', amount: 150000, inNetwork: true },
    { code: 'C', coverageLevel: 'IND', serviceTypes: ['30'], period: '29', amount: 75000, inNetwork: true },
    { code: 'G', coverageLevel: 'IND', serviceTypes: ['30'], period: '29', amount: 420050, inNetwork: true },
    { code: 'B', coverageLevel: 'IND', serviceTypes: ['98'], period: '27', amount: 2500, inNetwork: true },
    { code: 'A', coverageLevel: 'IND', serviceTypes: ['98'], percent: 2000, inNetwork: true },
  ],
};

/** A payer's 271 to a 270: each question answered as `decide` says (the active plan above by default). */
export function payerAnswers(
  x12: string,
  decide: (q: EligibilityInquiry) => Omit<EligibilityReply, 'inquiry'> = () => ACTIVE_PLAN,
): string {
  const questions = questionsOf270(x12);
  const isa = segmentsOf(x12)[0];
  return write271(
    questions.map((inquiry) => ({ inquiry, ...decide(inquiry) })),
    { sender: isa[8].trim(), receiver: isa[6].trim(), control: Number(isa[13]) + 500_000, at: new Date() },
    questions[0]?.trace ?? 'NONE',
  );
}

/** A 276 as a test payer reads it (plain split): payer, submitter, provider and each claim with its trace and member. */
export function inquiryOf276(x12: string): ClaimStatusInquiry {
  const q: ClaimStatusInquiry = {
    reference: '',
    payer: { name: '', id: '' },
    submitter: { name: '', id: '' },
    provider: { name: '', npi: '' },
    claims: [],
  };
  let member: InquiredPerson = { lastName: '', firstName: '' };
  for (const e of segmentsOf(x12)) {
    if (e[0] === 'BHT') q.reference = e[3];
    if (e[0] === 'NM1' && e[1] === 'PR') q.payer = { name: e[3], id: e[9] };
    if (e[0] === 'NM1' && e[1] === '41') q.submitter = { name: e[3], id: e[9] };
    if (e[0] === 'NM1' && e[1] === '1P') q.provider = { name: e[3], npi: e[9] };
    if (e[0] === 'NM1' && e[1] === 'IL') member = person(e);
    if (e[0] === 'TRN') q.claims.push({ trace: e[2], chargeCents: 0, serviceFrom: '' as IsoDate, subscriber: member });
    const claim = q.claims.at(-1);
    if (claim && e[0] === 'AMT' && e[1] === 'T3') claim.chargeCents = amountToCents(e[2]) ?? 0;
    if (claim && e[0] === 'DTP' && e[1] === '472')
      [claim.serviceFrom, claim.serviceTo] = e[3].split('-').map((d) => day(d)) as [IsoDate, IsoDate];
  }
  return q;
}

/** A payer's 277 to a 276: each claim's status as `decide` says (finalized and paid by default). */
export function payerStatusAnswers(
  x12: string,
  decide: (trace: string) => Omit<ClaimStatusReply, 'trace'> = () => ({
    category: 'F1',
    status: '88',
    on: '2026-11-20' as IsoDate,
  }),
): string {
  const q = inquiryOf276(x12);
  const isa = segmentsOf(x12)[0];
  return write277(
    q,
    q.claims.map((c) => ({ trace: c.trace, ...decide(c.trace) })),
    { sender: isa[8].trim(), receiver: isa[6].trim(), control: Number(isa[13]) + 500_000, at: new Date() },
  );
}
