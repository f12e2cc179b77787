import { x12DateToIso } from './amounts.ts';
import type { IsoDate } from '../formats.ts';
import type { Transaction } from './interchange-reader.ts';
import type { EligibilityInquiry, InquiredPerson } from './eligibility-270-writer.ts';

/**
 * The questions of a 270 eligibility inquiry (005010X279A1): one per person asked about, the subscriber (2000C) or the
 * dependent under them (2000D), each with the payer and provider above it, its trace, service day or days and the
 * service types asked. What a payer reads to answer with a 271 (the demo's clearing house does).
 */
export function read270(tx: Transaction): EligibilityInquiry[] {
  const out: EligibilityInquiry[] = [];
  let payer = { name: '', id: '' };
  let provider: EligibilityInquiry['provider'] = { name: '', npi: '' };
  let level = '';
  let trace: string[] | undefined;
  let subscriber: InquiredPerson | undefined;
  let asked: EligibilityInquiry | undefined;
  for (const { id, elements: e } of tx.segments) {
    if (id === 'HL') {
      level = e[3] ?? '';
      trace = undefined;
      asked = undefined;
    } else if (id === 'NM1' && level === '20') payer = { name: e[3] ?? '', id: e[9] ?? '' };
    else if (id === 'NM1' && level === '21')
      provider = { name: e[3] ?? '', npi: e[9] ?? '', ...(e[2] === '1' ? { person: true, firstName: e[4] } : {}) };
    else if (id === 'TRN') trace = e;
    else if (id === 'NM1' && (level === '22' || level === '23')) {
      const who: InquiredPerson = { lastName: e[3] ?? '', firstName: e[4] ?? '', ...(e[9] ? { memberId: e[9] } : {}) };
      if (level === '22') subscriber = who;
      // The question is the one whose level holds the trace: the subscriber's, or the dependent's below.
      if (!trace || !subscriber) continue;
      asked = {
        trace: trace[2] ?? '',
        traceOriginator: trace[3] ?? '',
        payer,
        provider,
        subscriber,
        ...(level === '23' ? { dependent: who } : {}),
        serviceDate: '' as IsoDate,
      };
      out.push(asked);
    } else if (id === 'DMG' && (level === '22' || level === '23')) {
      const who = level === '23' ? asked?.dependent : subscriber;
      if (!who) continue;
      if (e[2]) who.birthDate = x12DateToIso(e[2]);
      if (e[3]) who.gender = e[3] as InquiredPerson['gender'];
    } else if (id === 'DTP' && e[1] === '291' && asked) {
      const [from, to] = (e[3] ?? '').split('-');
      asked.serviceDate = x12DateToIso(from) ?? asked.serviceDate;
      if (to) asked.serviceDateEnd = x12DateToIso(to);
    } else if (id === 'EQ' && asked) asked.serviceTypes = [...(asked.serviceTypes ?? []), e[1]];
  }
  return out;
}
