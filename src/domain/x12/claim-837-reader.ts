import { amountToCents, x12DateToIso } from './amounts.ts';
import { NO_DAY } from '../formats.ts';
import type {
  Address,
  ClaimCommon837,
  DrugIdentification,
  LineAdjudication837,
  OtherPayer837,
  Party,
} from './claim-837-model.ts';
import type { Transaction } from './interchange-reader.ts';
import { components, type Segment } from './segments.ts';
import type { Separators } from './separators.ts';
import { finding, type X12Finding } from './x12-finding.ts';

export const party = (e: string[]): Party => ({
  name: e[3] ?? '',
  ...(e[4] ? { firstName: e[4] } : {}),
  entity: e[2] === '1' ? 'person' : 'organization',
});

export interface ReadContext {
  sep: Separators;
  findings: X12Finding[];
  cents(s: Segment, i: number): number;
}

/** Where professional and institutional claims differ: loop 2300 onwards. */
export interface ClaimKind<C extends ClaimCommon837 & { lines: unknown[] }> {
  /** at CLM: the claim built from the shared parties, or null when it cannot be read */
  start(s: Segment, common: ClaimCommon837, ctx: ReadContext): C | null;
  /** a segment inside the claim that the shared walker does not know; true when used */
  segment(s: Segment, claim: C, ctx: ReadContext): boolean;
}

/** Loop 2410 on the last line: LIN (N4 NDC) then CTP (quantity and unit). */
export function readDrug(s: Segment, lines: Array<{ drug?: DrugIdentification }>): boolean {
  const line = lines[lines.length - 1];
  if (!line) return false;
  if (s.id === 'LIN' && s.elements[2] === 'N4') {
    line.drug = { ndc: s.elements[3] ?? '', quantity: '', unit: 'UN' };
    return true;
  }
  if (s.id === 'CTP' && line.drug) {
    line.drug.quantity = s.elements[4] ?? '';
    line.drug.unit = (s.elements[5]?.split(/[^A-Z0-9]/)[0] || 'UN') as 'UN';
    return true;
  }
  return false;
}

/**
 * Loop 2430 on the last line: SVD opens an earlier payer's adjudication, its CAS and DTP 573 follow.
 * Answers whether the segment was one of them.
 */
export function readLineAdjudication(
  s: Segment,
  lines: Array<{ adjudications?: LineAdjudication837[] }>,
  { sep, cents }: ReadContext,
): boolean {
  const line = lines[lines.length - 1];
  if (!line) return false;
  const e = s.elements;
  if (s.id === 'SVD') {
    const [qualifier, code, ...modifiers] = components(e[3], sep);
    (line.adjudications ??= []).push({
      payerId: e[1] ?? '',
      paid: cents(s, 2),
      qualifier: qualifier === 'NU' ? 'NU' : 'HC',
      code: code ?? '',
      modifiers: modifiers.filter(Boolean),
      units: e[5] ?? '',
      adjustments: [],
      date: NO_DAY,
    });
    return true;
  }
  const open = line.adjudications?.[line.adjudications.length - 1];
  if (!open) return false;
  if (s.id === 'CAS') {
    for (let i = 2; i <= 17; i += 3)
      if (e[i]) open.adjustments.push({ group: e[1], reason: e[i], amount: cents(s, i + 1) });
    return true;
  }
  if (s.id === 'DTP' && e[1] === '573') {
    open.date = x12DateToIso((e[3] ?? '').slice(0, 8)) ?? NO_DAY;
    return true;
  }
  return false;
}

/** Elements the 5010 guides require whenever these segments are sent (by position). */
const REQUIRED: Record<string, number[]> = {
  HL: [1, 3, 4],
  NM1: [1, 2],
  SBR: [1, 9],
  CLM: [1, 2, 5],
  SV1: [1, 2, 3, 4],
  SV2: [1, 3],
  LX: [1],
  N3: [1],
  N4: [1],
  DTP: [1, 2, 3],
  HI: [1],
};

/** Reads the claims of an 837 transaction back into the model the writers take. */
export function read837<C extends ClaimCommon837 & { lines: unknown[] }>(
  tx: Transaction,
  sep: Separators,
  kind: ClaimKind<C>,
): { claims: C[]; findings: X12Finding[] } {
  const findings: X12Finding[] = [];
  const claims: C[] = [];
  let level = '';
  let billing: ClaimCommon837['billingProvider'] | null = null;
  let subscriber: ClaimCommon837['subscriber'] | null = null;
  let payer: ClaimCommon837['payer'] | null = null;
  let patient: ClaimCommon837['patient'] | undefined;
  let claim: C | null = null;
  let addressOf: { address?: Address } | null = null;
  let nm1 = '';
  let other: OtherPayer837 | null = null;
  // SBR comes before the subscriber's NM1; its fields wait here until the subscriber exists.
  let pendingSbr: Pick<
    ClaimCommon837['subscriber'],
    'responsibility' | 'relationship' | 'groupNumber' | 'filingIndicator'
  > | null = null;
  const cents = (s: Segment, i: number) => {
    const c = amountToCents(s.elements[i]);
    if (c === null)
      findings.push(
        finding(
          'bad-value',
          s.position,
          s.id,
          `${s.id}${String(i).padStart(2, '0')} "${s.elements[i] ?? ''}" is not an amount.`,
          i,
        ),
      );
    return c ?? 0;
  };
  const ctx: ReadContext = { sep, findings, cents };
  // An address is N3 then N4; an N3 after its N4 is out of order.
  let addressHasN4 = false;
  for (const s of tx.segments) {
    const e = s.elements;
    for (const i of REQUIRED[s.id] ?? []) {
      if (!e[i])
        findings.push(
          finding(
            'missing-element',
            s.position,
            s.id,
            `${s.id}${String(i).padStart(2, '0')} is required and missing.`,
            i,
          ),
        );
    }
    if (s.id === 'N3' && addressHasN4)
      findings.push(
        finding(
          'unexpected-segment',
          s.position,
          'N3',
          'N3 (street) comes after N4 (city, state, zip) of the same address; N3 must come first.',
        ),
      );
    if (s.id === 'N4') addressHasN4 = true;
    else if (s.id !== 'N3') addressHasN4 = false;
    switch (s.id) {
      case 'HL':
        level = e[3];
        claim = null;
        nm1 = '';
        other = null;
        if (level === '20') {
          billing = null;
        }
        if (level === '22') {
          subscriber = null;
          payer = null;
          patient = undefined;
        }
        break;
      case 'PRV':
        if (level === '20' && e[1] === 'BI')
          billing = { ...(billing ?? ({} as ClaimCommon837['billingProvider'])), taxonomy: e[3] };
        break;
      case 'NM1':
        nm1 = e[1];
        if (other && !claim?.lines.length && (e[1] === 'IL' || e[1] === 'PR')) {
          if (e[1] === 'IL') other.subscriber = { ...party(e), memberId: e[9] };
          else other.payer = { name: e[3], payerId: e[9] };
          addressOf = null;
          break;
        }
        if (e[1] === '85') {
          billing = {
            ...(billing ?? {}),
            ...party(e),
            npi: e[9],
            taxId: '',
            address: { line1: '', city: '', state: '', zip: '' },
          } as ClaimCommon837['billingProvider'];
          addressOf = billing;
        } else if (e[1] === 'IL' && subscriber === null) {
          subscriber = { party: party(e), memberId: e[9], responsibility: 'P', relationship: '', filingIndicator: '' };
          addressOf = subscriber;
        } else if (e[1] === 'PR') {
          payer = { name: e[3], payerId: e[9] };
          addressOf = null;
        } else if (e[1] === '77' && claim) {
          claim.serviceFacility = {
            name: e[3],
            ...(e[9] ? { npi: e[9] } : {}),
            address: { line1: '', city: '', state: '', zip: '' },
          };
          addressOf = claim.serviceFacility;
        } else if (e[1] === 'QC') {
          patient = {
            party: party(e),
            relationship: patient?.relationship ?? '',
            dateOfBirth: NO_DAY,
            sex: 'U',
            address: { line1: '', city: '', state: '', zip: '' },
          };
          addressOf = patient;
        } else {
          addressOf = null;
          if (claim) kind.segment(s, claim, ctx);
        }
        break;
      case 'N3':
        if (addressOf)
          addressOf.address = {
            ...(addressOf.address ?? { city: '', state: '', zip: '' }),
            line1: e[1],
            ...(e[2] ? { line2: e[2] } : {}),
          } as Address;
        break;
      case 'N4':
        if (addressOf)
          addressOf.address = {
            ...(addressOf.address ?? { line1: '' }),
            city: e[1],
            state: e[2],
            zip: e[3],
          } as Address;
        break;
      case 'REF':
        if (level === '20' && nm1 === '85' && (e[1] === 'EI' || e[1] === 'SY') && billing) billing.taxId = e[2];
        else if (claim && e[1] === 'G1') claim.priorAuthorization = e[2];
        else if (claim && e[1] === 'F8') claim.originalReference = e[2];
        else if (claim && !other && !claim.lines.length) kind.segment(s, claim, ctx);
        break;
      case 'SBR':
        if (claim) {
          other = {
            responsibility: e[1] as 'P',
            relationship: e[2],
            ...(e[3] ? { groupNumber: e[3] } : {}),
            filingIndicator: e[9],
            subscriber: { name: '', entity: 'person', memberId: '' },
            payer: { name: '', payerId: '' },
            adjustments: [],
          };
          (claim.otherPayers ??= []).push(other);
          break;
        }
        subscriber = null;
        pendingSbr = {
          responsibility: e[1] as 'P',
          relationship: e[2],
          groupNumber: e[3] || undefined,
          filingIndicator: e[9],
        };
        break;
      case 'PAT':
        patient = {
          party: { name: '', entity: 'person' },
          relationship: e[1],
          dateOfBirth: NO_DAY,
          sex: 'U',
          address: { line1: '', city: '', state: '', zip: '' },
        };
        break;
      case 'DMG':
        if (nm1 === 'IL' && subscriber) {
          subscriber.dateOfBirth = x12DateToIso(e[2]);
          subscriber.sex = e[3] as 'F';
        } else if (nm1 === 'QC' && patient) {
          patient.dateOfBirth = x12DateToIso(e[2]) ?? NO_DAY;
          patient.sex = e[3] as 'F';
        }
        break;
      case 'CLM': {
        if (!billing || !subscriber || !payer) {
          findings.push(
            finding(
              'unexpected-segment',
              s.position,
              'CLM',
              'CLM appears before its billing provider, subscriber and payer.',
            ),
          );
          break;
        }
        const [first, , frequency] = components(e[5], sep);
        if (first && first.length > 2)
          findings.push(
            finding(
              'bad-value',
              s.position,
              'CLM',
              `CLM05 "${e[5]}" is not a composite made with the component separator "${sep.component}" that the ISA declares; place of service or type of bill and frequency cannot be read.`,
              5,
            ),
          );
        const common: ClaimCommon837 = {
          patientControlNumber: e[1],
          totalCharge: cents(s, 2),
          frequency: (frequency || '1') as '1',
          billingProvider: billing,
          subscriber,
          payer,
          ...(patient ? { patient } : {}),
          ...(e[7] === 'C' ? { acceptAssignment: false as const } : {}),
          ...(e[8] === 'N' ? { benefitsAssigned: false as const } : {}),
        };
        claim = kind.start(s, common, ctx);
        if (claim) claims.push(claim);
        break;
      }
      case 'CAS':
        if (other && !claim?.lines.length) {
          for (let i = 2; i <= 17; i += 3)
            if (e[i]) other.adjustments.push({ group: e[1], reason: e[i], amount: cents(s, i + 1) });
        } else if (claim) readLineAdjudication(s, claim.lines as Array<{ adjudications?: LineAdjudication837[] }>, ctx);
        break;
      case 'SVD':
        if (claim) readLineAdjudication(s, claim.lines as Array<{ adjudications?: LineAdjudication837[] }>, ctx);
        break;
      case 'AMT':
        if (other && !claim?.lines.length && e[1] === 'D') other.paidAmount = cents(s, 2);
        else if (claim && !other && !claim.lines.length && e[1] === 'F5')
          (claim as { patientAmountPaid?: number }).patientAmountPaid = cents(s, 2);
        break;
      default:
        if (
          claim &&
          !(
            s.id === 'DTP' &&
            e[1] === '573' &&
            readLineAdjudication(s, claim.lines as Array<{ adjudications?: LineAdjudication837[] }>, ctx)
          )
        )
          kind.segment(s, claim, ctx);
    }
    if (s.id === 'NM1' && e[1] === 'IL' && pendingSbr && subscriber) {
      Object.assign(subscriber, pendingSbr);
      pendingSbr = null;
    }
  }
  return { claims, findings };
}
