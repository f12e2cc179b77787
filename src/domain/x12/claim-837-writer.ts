import type {
  Address,
  Batch837,
  ClaimCommon837,
  DrugIdentification,
  LineAdjudication837,
  Party,
} from './claim-837-model.ts';

export const MAX_CLAIMS_PER_TRANSACTION = 5000;
import { ccyymmdd, money, seg } from './x12-writing.ts';
import { isaSegment } from './x12-envelope.ts';

export { SEP, ccyymmdd, money, seg } from './x12-writing.ts';
/** CLM07 and CLM08: assignment accepted (A) or not (C), benefits assigned (Y) or not (N). */
export const assignment = (c: ClaimCommon837) => [
  c.acceptAssignment === false ? 'C' : 'A',
  c.benefitsAssigned === false ? 'N' : 'Y',
];
/** Loop 2310C (837P) or 2310E (837I): the service facility, when not the billing provider's address. */
export const serviceFacilitySegments = (c: ClaimCommon837) => {
  const f = c.serviceFacility;
  return f ? [seg('NM1', '77', '2', f.name, '', '', '', '', f.npi ? 'XX' : '', f.npi), ...address(f.address)] : [];
};
export const address = (a: Address) => [seg('N3', a.line1, a.line2), seg('N4', a.city, a.state, a.zip)];
export const nm1 = (code: string, p: Party, qualifier?: string, id?: string) =>
  seg('NM1', code, p.entity === 'person' ? '1' : '2', p.name, p.firstName, '', '', '', qualifier, id);

/** Loop 2410: LIN with the NDC (N4 qualifier, 11 digits without dashes) and CTP with the quantity. */
export const drugSegments = (d: DrugIdentification | undefined) =>
  d ? [seg('LIN', '', 'N4', d.ndc.replace(/\D/g, '')), seg('CTP', '', '', '', d.quantity, d.unit)] : [];

/** A code list in HI: qualifier:code[:date qualifier:date][:amount], 12 to a segment. */
export function hiSegments(items: string[][]): string[] {
  const out: string[] = [];
  for (let i = 0; i < items.length; i += 12) out.push(seg('HI', ...items.slice(i, i + 12)));
  return out;
}

/** CAS segments of a set of adjustments: one per group, up to six reasons each. */
function casSegments(adjustments: Array<{ group: string; reason: string; amount: number }>): string[] {
  const out: string[] = [];
  for (const g of [...new Set(adjustments.map((a) => a.group))]) {
    const pairs = adjustments.filter((a) => a.group === g);
    for (let i = 0; i < pairs.length; i += 6)
      out.push(seg('CAS', g, ...pairs.slice(i, i + 6).flatMap((a) => [a.reason, money(a.amount), ''])));
  }
  return out;
}

/** Loop 2430 after a line: each earlier payer's adjudication of it (SVD, CAS, DTP 573). */
export function lineAdjudicationSegments(l: { adjudications?: LineAdjudication837[] }): string[] {
  return (l.adjudications ?? []).flatMap((a) => [
    seg('SVD', a.payerId, money(a.paid), [a.qualifier, a.code, ...a.modifiers], '', a.units),
    ...casSegments(a.adjustments),
    seg('DTP', '573', 'D8', ccyymmdd(a.date)),
  ]);
}

/**
 * Loops 2320/2330: what each earlier payer paid and adjusted at claim level. CAS holds up to six reasons per group.
 * OI04 (the patient's signature source) is sent on the 837P only: the 837I guide marks it Not Used.
 */
export function otherPayerSegments(c: ClaimCommon837, form: '837P' | '837I'): string[] {
  const out: string[] = [];
  for (const o of c.otherPayers ?? []) {
    out.push(seg('SBR', o.responsibility, o.relationship, o.groupNumber, '', '', '', '', '', o.filingIndicator));
    out.push(...casSegments(o.adjustments));
    if (o.paidAmount !== undefined) out.push(seg('AMT', 'D', money(o.paidAmount)));
    out.push(seg('OI', '', '', 'Y', form === '837P' ? 'P' : '', '', 'Y'));
    out.push(
      nm1('IL', o.subscriber, 'MI', o.subscriber.memberId),
      seg('NM1', 'PR', '2', o.payer.name, '', '', '', '', 'PI', o.payer.payerId),
    );
  }
  return out;
}

/**
 * Writes an 837 interchange: one ST–SE per 5,000 claims, hierarchical levels numbered in order,
 * SE01 counted as written, control numbers derived from the interchange's. claimBody writes loop
 * 2300 onwards, which is where professional and institutional claims differ.
 */
export function write837<C extends ClaimCommon837>(
  batch: Batch837<C>,
  implementation: string,
  claimBody: (c: C) => string[],
): string {
  const { interchange: ic } = batch;
  const date = ic.date.toISOString();
  const yymmdd = date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
  const hhmm = date.slice(11, 13) + date.slice(14, 16);
  const control = String(ic.control).padStart(9, '0');
  const out: string[] = [];
  out.push(
    isaSegment({
      sender: ic.senderId,
      receiver: ic.receiverId,
      day: '20' + yymmdd,
      time: hhmm,
      control: ic.control,
      usage: ic.usage,
      senderQualifier: ic.senderQualifier,
      receiverQualifier: ic.receiverQualifier,
    }),
  );
  out.push(seg('GS', 'HC', ic.senderId, ic.receiverId, '20' + yymmdd, hhmm, String(ic.control), 'X', implementation));
  const chunks: C[][] = [];
  for (let i = 0; i < batch.claims.length; i += MAX_CLAIMS_PER_TRANSACTION)
    chunks.push(batch.claims.slice(i, i + MAX_CLAIMS_PER_TRANSACTION));
  chunks.forEach((claims, t) => {
    const stControl = String(t + 1).padStart(4, '0');
    const body: string[] = [
      seg('ST', '837', stControl, implementation),
      seg('BHT', '0019', '00', `${ic.control}-${t + 1}`, '20' + yymmdd, hhmm, 'CH'),
    ];
    body.push(seg('NM1', '41', '2', batch.submitter.name, '', '', '', '', '46', batch.submitter.id));
    body.push(seg('PER', 'IC', batch.submitter.contactName, 'TE', batch.submitter.phone.replace(/\D/g, '')));
    body.push(seg('NM1', '40', '2', batch.receiver.name, '', '', '', '', '46', batch.receiver.id));
    let hl = 0;
    for (const c of claims) {
      const bp = ++hl;
      body.push(seg('HL', String(bp), '', '20', '1'));
      if (c.billingProvider.taxonomy) body.push(seg('PRV', 'BI', 'PXC', c.billingProvider.taxonomy));
      body.push(
        nm1('85', c.billingProvider, 'XX', c.billingProvider.npi),
        ...address(c.billingProvider.address),
        seg('REF', 'EI', c.billingProvider.taxId.replace(/\D/g, '')),
      );
      const sb = ++hl;
      const self = !c.patient;
      body.push(seg('HL', String(sb), String(bp), '22', self ? '0' : '1'));
      body.push(
        seg(
          'SBR',
          c.subscriber.responsibility,
          self ? '18' : '',
          c.subscriber.groupNumber,
          '',
          '',
          '',
          '',
          '',
          c.subscriber.filingIndicator,
        ),
      );
      body.push(nm1('IL', c.subscriber.party, 'MI', c.subscriber.memberId));
      if (c.subscriber.address) body.push(...address(c.subscriber.address));
      if (c.subscriber.dateOfBirth) body.push(seg('DMG', 'D8', ccyymmdd(c.subscriber.dateOfBirth), c.subscriber.sex));
      body.push(seg('NM1', 'PR', '2', c.payer.name, '', '', '', '', 'PI', c.payer.payerId));
      if (c.patient) {
        body.push(
          seg('HL', String(++hl), String(sb), '23', '0'),
          seg('PAT', c.patient.relationship),
          nm1('QC', c.patient.party),
          ...address(c.patient.address),
          seg('DMG', 'D8', ccyymmdd(c.patient.dateOfBirth), c.patient.sex),
        );
      }
      body.push(...claimBody(c));
    }
    body.push(seg('SE', String(body.length + 1), stControl));
    // One at a time: a transaction of 5,000 long claims holds hundreds of thousands of segments, more than a call's arguments.
    for (const s of body) out.push(s);
  });
  out.push(seg('GE', String(chunks.length), String(ic.control)));
  out.push(seg('IEA', '1', control));
  return out.join('\n') + '\n';
}
