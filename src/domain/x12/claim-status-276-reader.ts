import { amountToCents, x12DateToIso } from './amounts.ts';
import type { IsoDate } from '../formats.ts';
import type { Transaction } from './interchange-reader.ts';
import type { ClaimStatusInquiry, ClaimStatusQuestion } from './claim-status-276-writer.ts';
import type { InquiredPerson } from './eligibility-270-writer.ts';

/** A person of loop 2100D/2100E: NM1 (last, first, member id), with the DMG before it when there is one. */
const person = (nm1: string[], dmg?: string[]): InquiredPerson => ({
  lastName: nm1[3] ?? '',
  firstName: nm1[4] ?? '',
  ...(nm1[9] ? { memberId: nm1[9] } : {}),
  ...(dmg?.[2] ? { birthDate: x12DateToIso(dmg[2]) } : {}),
  ...(dmg?.[3] ? { gender: dmg[3] as InquiredPerson['gender'] } : {}),
});

/**
 * The questions of a 276 claim status inquiry (005010X212), one per provider asked about (loop 2000C), each with its
 * claims (2200D/2200E: trace, payer's claim number, type of bill, charge, service dates) and the people they are of.
 * What a payer reads to answer with a 277 (the demo's clearing house does). Service dates or charges it cannot read
 * are left out of the claim rather than guessed.
 */
export function read276(tx: Transaction): ClaimStatusInquiry[] {
  const out: ClaimStatusInquiry[] = [];
  let reference = '';
  let payer = { name: '', id: '' };
  let submitter = { name: '', id: '' };
  let level = '';
  let dmg: string[] | undefined;
  let subscriber: InquiredPerson | undefined;
  let patient: InquiredPerson | undefined;
  let claim: ClaimStatusQuestion | undefined;
  for (const { id, elements: e } of tx.segments) {
    if (id === 'BHT') reference = e[3] ?? '';
    else if (id === 'HL') {
      level = e[3] ?? '';
      dmg = undefined;
      claim = undefined;
      if (level === '22') patient = undefined;
    } else if (id === 'DMG') dmg = e;
    else if (id === 'NM1') {
      if (level === '20') payer = { name: e[3] ?? '', id: e[9] ?? '' };
      else if (level === '21') submitter = { name: e[3] ?? '', id: e[9] ?? '' };
      else if (level === '19')
        out.push({ reference, payer, submitter, provider: { name: e[3] ?? '', npi: e[9] ?? '' }, claims: [] });
      else if (level === '22') subscriber = person(e, dmg);
      else if (level === '23') patient = person(e, dmg);
    } else if (id === 'TRN' && subscriber && out.length) {
      claim = {
        trace: e[2] ?? '',
        chargeCents: 0,
        serviceFrom: '' as IsoDate,
        subscriber,
        ...(patient ? { patient } : {}),
      };
      out[out.length - 1].claims.push(claim);
    } else if (!claim) continue;
    else if (id === 'REF' && e[1] === '1K') claim.payerClaimNumber = e[2];
    else if (id === 'REF' && e[1] === 'BLT') claim.billType = e[2];
    else if (id === 'AMT' && e[1] === 'T3') claim.chargeCents = amountToCents(e[2]) ?? 0;
    else if (id === 'DTP' && e[1] === '472') {
      const [from, to] = (e[3] ?? '').split('-');
      claim.serviceFrom = x12DateToIso(from) ?? claim.serviceFrom;
      const end = to ? x12DateToIso(to) : undefined;
      if (end && end !== claim.serviceFrom) claim.serviceTo = end;
    }
  }
  return out;
}
