import { amountToCents, x12DateToUs } from './amounts.ts';
import type { Address, Claim837P, OtherPayer837, Party } from './claim-837-model.ts';
import type { Transaction } from './interchange-reader.ts';
import { components, type Segment } from './segments.ts';
import type { Separators } from './separators.ts';
import { finding, type X12Finding } from './x12-finding.ts';

const party = (e: string[]): Party => ({ name: e[3] ?? '', ...(e[4] ? { firstName: e[4] } : {}), entity: e[2] === '1' ? 'person' : 'organization' });

/** Reads the claims of an 837P transaction back into the model the writer takes. */
export function read837P(tx: Transaction, sep: Separators): { claims: Claim837P[]; findings: X12Finding[] } {
  const findings: X12Finding[] = [];
  const claims: Claim837P[] = [];
  let level = '';
  let billing: Claim837P['billingProvider'] | null = null;
  let subscriber: Claim837P['subscriber'] | null = null;
  let payer: Claim837P['payer'] | null = null;
  let patient: Claim837P['patient'] | undefined;
  let claim: Claim837P | null = null;
  let addressOf: { address?: Address } | null = null;
  let nm1 = '';
  let other: OtherPayer837 | null = null;
  // SBR comes before the subscriber's NM1; its fields wait here until the subscriber exists.
  let pendingSbr: Pick<Claim837P['subscriber'], 'responsibility' | 'relationship' | 'groupNumber' | 'filingIndicator'> | null = null;
  const cents = (s: Segment, i: number) => {
    const c = amountToCents(s.elements[i]);
    if (c === null) findings.push(finding('bad-value', s.position, s.id, `${s.id}${String(i).padStart(2, '0')} "${s.elements[i] ?? ''}" is not an amount.`, i));
    return c ?? 0;
  };
  for (const s of tx.segments) {
    const e = s.elements;
    switch (s.id) {
      case 'HL':
        level = e[3]; claim = null; nm1 = ''; other = null;
        if (level === '20') { billing = null; }
        if (level === '22') { subscriber = null; payer = null; patient = undefined; }
        break;
      case 'PRV': if (level === '20' && e[1] === 'BI') billing = { ...(billing ?? ({} as Claim837P['billingProvider'])), taxonomy: e[3] }; break;
      case 'NM1':
        nm1 = e[1];
        if (other && !claim?.lines.length && (e[1] === 'IL' || e[1] === 'PR')) {
          if (e[1] === 'IL') other.subscriber = { ...party(e), memberId: e[9] };
          else other.payer = { name: e[3], payerId: e[9] };
          addressOf = null;
          break;
        }
        if (e[1] === '85') { billing = { ...(billing ?? {}), ...party(e), npi: e[9], taxId: '', address: { line1: '', city: '', state: '', zip: '' } } as Claim837P['billingProvider']; addressOf = billing; }
        else if (e[1] === 'IL' && subscriber === null) { subscriber = { party: party(e), memberId: e[9], responsibility: 'P', relationship: '', filingIndicator: '' }; addressOf = subscriber; }
        else if (e[1] === 'PR') { payer = { name: e[3], payerId: e[9] }; addressOf = null; }
        else if (e[1] === 'QC') { patient = { party: party(e), relationship: patient?.relationship ?? '', dateOfBirth: '', sex: 'U', address: { line1: '', city: '', state: '', zip: '' } }; addressOf = patient; }
        else if (claim && e[1] === '82') claim.renderingProvider = { ...party(e), npi: e[9] };
        else if (claim && e[1] === 'DN') claim.referringProvider = { ...party(e), npi: e[9] };
        else addressOf = null;
        break;
      case 'N3': if (addressOf) addressOf.address = { ...(addressOf.address ?? { city: '', state: '', zip: '' }), line1: e[1], ...(e[2] ? { line2: e[2] } : {}) } as Address; break;
      case 'N4': if (addressOf) addressOf.address = { ...(addressOf.address ?? { line1: '' }), city: e[1], state: e[2], zip: e[3] } as Address; break;
      case 'REF':
        if (level === '20' && nm1 === '85' && (e[1] === 'EI' || e[1] === 'SY') && billing) billing.taxId = e[2];
        else if (claim && e[1] === 'G1') claim.priorAuthorization = e[2];
        else if (claim && e[1] === 'F8') claim.originalReference = e[2];
        break;
      case 'SBR':
        if (claim) {
          other = { responsibility: e[1] as 'P', relationship: e[2], ...(e[3] ? { groupNumber: e[3] } : {}), filingIndicator: e[9], subscriber: { name: '', entity: 'person', memberId: '' }, payer: { name: '', payerId: '' }, paidAmount: 0, adjustments: [] };
          (claim.otherPayers ??= []).push(other);
          break;
        }
        subscriber = null;
        pendingSbr = { responsibility: e[1] as 'P', relationship: e[2], groupNumber: e[3] || undefined, filingIndicator: e[9] };
        break;
      case 'PAT': patient = { party: { name: '', entity: 'person' }, relationship: e[1], dateOfBirth: '', sex: 'U', address: { line1: '', city: '', state: '', zip: '' } }; break;
      case 'DMG':
        if (nm1 === 'IL' && subscriber) { subscriber.dateOfBirth = x12DateToUs(e[2]); subscriber.sex = e[3] as 'F'; }
        else if (nm1 === 'QC' && patient) { patient.dateOfBirth = x12DateToUs(e[2]) ?? ''; patient.sex = e[3] as 'F'; }
        break;
      case 'CLM': {
        const [pos, , frequency] = components(e[5], sep);
        if (pos && pos.length > 2) findings.push(finding('bad-value', s.position, 'CLM', `CLM05 "${e[5]}" is not a composite made with the component separator "${sep.component}" that the ISA declares; place of service and frequency cannot be read.`, 5));
        if (!billing || !subscriber || !payer) { findings.push(finding('unexpected-segment', s.position, 'CLM', 'CLM appears before its billing provider, subscriber and payer.')); break; }
        claim = {
          patientControlNumber: e[1], totalCharge: cents(s, 2), placeOfService: pos && pos.length <= 2 ? pos : '', frequency: (frequency || '1') as '1', diagnoses: [],
          billingProvider: billing, subscriber, payer, ...(patient ? { patient } : {}), lines: [],
        };
        claims.push(claim);
        break;
      }
      case 'CAS':
        if (other && !claim?.lines.length) for (let i = 2; i <= 17; i += 3) if (e[i]) other.adjustments.push({ group: e[1], reason: e[i], amount: cents(s, i + 1) });
        break;
      case 'AMT': if (other && !claim?.lines.length && e[1] === 'D') other.paidAmount = cents(s, 2); break;
      case 'HI':
        if (claim) for (const v of e.slice(1)) { const [, code] = components(v, sep); if (code) claim.diagnoses.push(code); }
        break;
      case 'SV1': {
        if (!claim) break;
        const [, procedure, ...modifiers] = components(e[1], sep);
        claim.lines.push({ procedure, modifiers: modifiers.filter(Boolean), charge: cents(s, 2), unitCode: e[3] as 'UN', units: e[4], ...(e[5] ? { placeOfService: e[5] } : {}), diagnosisPointers: components(e[7], sep).filter(Boolean).map(Number), dateOfService: '' });
        break;
      }
      case 'DTP': if (claim && e[1] === '472' && claim.lines.length) claim.lines[claim.lines.length - 1].dateOfService = x12DateToUs(e[3].slice(0, 8)) ?? ''; break;
    }
    if (s.id === 'NM1' && e[1] === 'IL' && pendingSbr && subscriber) { Object.assign(subscriber, pendingSbr); pendingSbr = null; }
  }
  return { claims, findings };
}
