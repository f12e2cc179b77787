import type { IsoDate } from '../formats.ts';
import { amountToCents, x12DateToIso } from './amounts.ts';
import {
  ACTIVE_CODES,
  BENEFIT_INFORMATION,
  COVERAGE_LEVEL,
  FOLLOW_UP,
  INACTIVE_CODES,
  REJECT_REASON,
  SERVICE_TYPE,
  TIME_PERIOD,
  inWords,
} from './eligibility-codes.ts';
import type { Transaction } from './interchange-reader.ts';
import type { Segment } from './segments.ts';
import type { Separators } from './separators.ts';

/** A reason the payer could not answer (AAA), at the level it names, with what it asks the provider to do. */
export interface EligibilityRejection {
  level: 'payer' | 'provider' | 'subscriber' | 'dependent';
  code: string;
  words: string;
  followUp?: string;
}

/** One benefit line (EB, loop 2110C/D) in words, amounts in cents and percentages in basis points. */
export interface Benefit {
  code: string;
  words: string;
  coverageLevel?: string;
  serviceTypes: Array<{ code: string; words: string }>;
  insuranceType?: string;
  planDescription?: string;
  period?: string;
  /** EB07 in cents */
  amount?: number;
  /** EB08 in basis points (0.2 → 2000, 20 %) */
  percent?: number;
  quantity?: string;
  /** EB12: Y in the plan's network, N out of it, W either; undefined when not said */
  inNetwork?: boolean;
  authorizationRequired?: boolean;
  messages: string[];
}

/** A payer's answer to one eligibility question (a 271 transaction set's subscriber or dependent). */
export interface EligibilityAnswer {
  trace?: string;
  payer: { name?: string; id?: string };
  member: { lastName?: string; firstName?: string; memberId?: string; birthDate?: IsoDate };
  /** active, inactive, or not said (only rejections, or benefits without a coverage line) */
  coverage: 'active' | 'inactive' | 'unknown';
  plan: { begin?: IsoDate; end?: IsoDate; name?: string; groupNumber?: string };
  benefits: Benefit[];
  rejections: EligibilityRejection[];
}

const LEVEL_OF_HL: Record<string, EligibilityRejection['level']> = {
  '20': 'payer',
  '21': 'provider',
  '22': 'subscriber',
  '23': 'dependent',
};

/** Basis points from X12's decimal rate ("0.2", ".25", "1"), without floating point. */
function basisPoints(value: string | undefined): number | undefined {
  if (!value || !/^\d*(\.\d{0,6})?$/.test(value) || value === '.') return undefined;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole || '0') * 10_000 + Number((fraction + '0000').slice(0, 4));
}

/** The plan dates a DTP gives (346 plan begin, 347 plan end, 291/307 plan or eligibility, as one day or a range). */
function planDates(plan: EligibilityAnswer['plan'], qualifier: string, format: string, value: string) {
  const [from, to] = format === 'RD8' ? value.split('-') : [value, undefined];
  if (qualifier === '346') plan.begin = x12DateToIso(from);
  else if (qualifier === '347') plan.end = x12DateToIso(from);
  else if (qualifier === '291' || qualifier === '307' || qualifier === '356') {
    plan.begin ??= x12DateToIso(from);
    if (to) plan.end ??= x12DateToIso(to);
  }
}

/**
 * One person's answer of a 271 (005010X279A1), from the payer's and provider's segments and the person's own, read into what a biller needs at a glance: whether the coverage is active,
 * the plan's dates, each benefit in words (deductible, out-of-pocket, copay, coinsurance by service type, in or out of
 * network, with their amounts and periods) and every rejection with what the payer asks. The answer is about the
 * dependent when the 271 has one (loop 2000D), else the subscriber; benefit lines inside a related-entity loop (LS/LE,
 * another payer or a provider named for a benefit) stay with the benefit they follow.
 */
function readOne(segments: Segment[], sep: Separators): EligibilityAnswer {
  const answer: EligibilityAnswer = {
    payer: {},
    member: {},
    coverage: 'unknown',
    plan: {},
    benefits: [],
    rejections: [],
  };
  let level: EligibilityRejection['level'] = 'payer';
  let benefit: Benefit | undefined;
  let inRelatedEntity = false;
  const memberLevel = segments.some((s) => s.id === 'HL' && s.elements[3] === '23') ? 'dependent' : 'subscriber';
  for (const { id, elements: e } of segments) {
    if (id === 'HL') {
      level = LEVEL_OF_HL[e[3]] ?? level;
      benefit = undefined;
      continue;
    }
    if (id === 'LS') inRelatedEntity = true;
    if (id === 'LE') inRelatedEntity = false;
    if (inRelatedEntity) continue;
    if (id === 'AAA' && e[1] === 'N')
      answer.rejections.push({
        level,
        code: e[3],
        words: inWords(REJECT_REASON, e[3]) ?? 'Not said',
        followUp: inWords(FOLLOW_UP, e[4]),
      });
    if (id === 'NM1' && e[1] === 'PR') answer.payer = { name: e[3] || undefined, id: e[9] || undefined };
    if (level !== memberLevel) continue;
    switch (id) {
      case 'TRN':
        answer.trace ??= e[2];
        break;
      case 'NM1':
        answer.member = { ...answer.member, lastName: e[3], firstName: e[4] || undefined, memberId: e[9] || undefined };
        break;
      case 'DMG':
        answer.member.birthDate = x12DateToIso(e[2]);
        break;
      case 'REF':
        if (e[1] === '6P' || e[1] === '18') {
          answer.plan.groupNumber = e[2];
          if (e[3]) answer.plan.name ??= e[3];
        }
        break;
      case 'DTP':
        // A DTP after an EB dates that benefit, not the plan.
        if (!benefit) planDates(answer.plan, e[1], e[2], e[3]);
        break;
      case 'EB': {
        benefit = {
          code: e[1],
          words: inWords(BENEFIT_INFORMATION, e[1]) ?? '',
          coverageLevel: inWords(COVERAGE_LEVEL, e[2]),
          serviceTypes: (e[3] ?? '')
            .split(sep.repetition ?? '^')
            .filter(Boolean)
            .map((code) => ({ code, words: inWords(SERVICE_TYPE, code)! })),
          insuranceType: e[4] || undefined,
          planDescription: e[5] || undefined,
          period: inWords(TIME_PERIOD, e[6]),
          amount: e[7] ? (amountToCents(e[7]) ?? undefined) : undefined,
          percent: basisPoints(e[8]),
          quantity: e[10] || undefined,
          authorizationRequired: e[11] === 'Y' ? true : e[11] === 'N' ? false : undefined,
          inNetwork: e[12] === 'Y' ? true : e[12] === 'N' ? false : undefined,
          messages: [],
        };
        answer.benefits.push(benefit);
        if (ACTIVE_CODES.has(e[1])) {
          answer.coverage = 'active';
          if (e[5]) answer.plan.name ??= e[5];
        } else if (INACTIVE_CODES.has(e[1]) && answer.coverage !== 'active') answer.coverage = 'inactive';
        break;
      }
      case 'MSG':
        benefit?.messages.push(e[1]);
        break;
    }
  }
  return answer;
}

/**
 * Every answer of a 271 transaction set, one per subscriber loop (2000C with its dependent): a real-time answer holds
 * one, a batch answer one per person asked about, under one or more payers (2000A) and providers (2000B). A payer's own
 * rejection (it cannot answer at all, with no person under it) is an answer of its own, with no trace.
 */
export function read271(t: Transaction, sep: Separators): EligibilityAnswer[] {
  const answers: EligibilityAnswer[] = [];
  let payer: Segment[] = [];
  let provider: Segment[] = [];
  let person: Segment[] | undefined;
  // whether the payer loop open now has had a person under it (else its own rejection is an answer)
  let asked = true;
  const close = () => {
    if (person) answers.push(readOne([...payer, ...provider, ...person], sep));
    person = undefined;
  };
  for (const s of t.segments) {
    if (s.id === 'SE') break;
    const level = s.id === 'HL' ? s.elements[3] : undefined;
    if (level === '20' || level === '21') {
      close();
      if (level === '20' && !asked) answers.push(readOne([...payer, ...provider], sep));
      if (level === '20') [payer, provider, asked] = [[], [], false];
      else provider = [];
    }
    if (level === '22') {
      close();
      person = [];
      asked = true;
    }
    if (person) person.push(s);
    else if (!level || level === '20' || level === '21') (provider.length || level === '21' ? provider : payer).push(s);
  }
  close();
  if (!asked) answers.push(readOne([...payer, ...provider], sep));
  return answers;
}

/**
 * The money that matters before a visit, from the benefits: in network, for the individual, for the service type
 * asked about, or else the plan's general lines (service type 30), which hold for every service without its own.
 */
export function costShare(a: EligibilityAnswer, serviceType = '30') {
  const line = (code: string, period: string | undefined, type: string) =>
    a.benefits.find(
      (b) =>
        b.code === code &&
        b.inNetwork !== false &&
        (b.coverageLevel === undefined || b.coverageLevel === COVERAGE_LEVEL.IND) &&
        (period === undefined || b.period === TIME_PERIOD[period]) &&
        (b.serviceTypes.length === 0 || b.serviceTypes.some((s) => s.code === type)),
    );
  const of = (code: string, period?: string) => line(code, period, serviceType) ?? line(code, period, '30');
  return {
    deductible: of('C', '23')?.amount ?? of('C', '22')?.amount,
    deductibleRemaining: of('C', '29')?.amount,
    outOfPocket: of('G', '23')?.amount ?? of('G', '22')?.amount,
    outOfPocketRemaining: of('G', '29')?.amount,
    copay: of('B')?.amount,
    coinsurance: of('A')?.percent,
  };
}
