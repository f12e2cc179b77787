import type { Batch837P, Claim837P, RelatedCauses } from './claim-837-model.ts';
import type { IsoDate } from '../formats.ts';
import {
  assignment,
  ccyymmdd,
  drugSegments,
  lineAdjudicationSegments,
  money,
  nm1,
  otherPayerSegments,
  seg,
  serviceFacilitySegments,
  write837,
} from './claim-837-writer.ts';

export { MAX_CLAIMS_PER_TRANSACTION } from './claim-837-writer.ts';
import { DATE_ORDER } from './claim-dates.ts';

/** CLM11: up to three related causes (employment, auto accident, other accident), then the auto accident's state. */
const relatedCauses = (r: RelatedCauses | undefined) => {
  if (!r) return '';
  const codes = [r.employment && 'EM', r.autoAccident && 'AA', r.otherAccident && 'OA'].filter(Boolean) as string[];
  return [codes[0], codes[1], codes[2], r.autoAccident ? r.state : ''];
};

/** Loop 2300's dates in the guide's order: onset (431), accident (439) and the others the claim holds. */
const claimDates = (c: Claim837P) => {
  const dates: Array<{ qualifier: string; date: IsoDate; through?: IsoDate }> = [
    ...(c.onsetDate ? [{ qualifier: '431', date: c.onsetDate }] : []),
    ...(c.accidentDate ? [{ qualifier: '439', date: c.accidentDate }] : []),
    ...(c.otherDates ?? []),
  ];
  return dates.sort((a, b) => DATE_ORDER.indexOf(a.qualifier) - DATE_ORDER.indexOf(b.qualifier));
};

/** Loop 2300 onwards of a professional claim (005010X222A1). */
function professionalClaim(c: Claim837P): string[] {
  const out = [
    seg(
      'CLM',
      c.patientControlNumber,
      money(c.totalCharge),
      '',
      '',
      [c.placeOfService, 'B', c.frequency],
      'Y',
      ...assignment(c),
      'Y',
      '',
      relatedCauses(c.relatedCauses),
    ),
  ];
  out.push(
    ...claimDates(c).map((d) =>
      d.through
        ? seg('DTP', d.qualifier, 'RD8', `${ccyymmdd(d.date)}-${ccyymmdd(d.through)}`)
        : seg('DTP', d.qualifier, 'D8', ccyymmdd(d.date)),
    ),
  );
  if (c.patientAmountPaid) out.push(seg('AMT', 'F5', money(c.patientAmountPaid)));
  if (c.priorAuthorization) out.push(seg('REF', 'G1', c.priorAuthorization));
  if (c.frequency !== '1' && c.originalReference) out.push(seg('REF', 'F8', c.originalReference));
  if (c.additionalInformation) out.push(seg('NTE', 'ADD', c.additionalInformation));
  out.push(seg('HI', ...c.diagnoses.map((d, i) => [i === 0 ? 'ABK' : 'ABF', d.replace('.', '')])));
  if (c.referringProvider) out.push(nm1('DN', c.referringProvider, 'XX', c.referringProvider.npi));
  if (c.renderingProvider) out.push(nm1('82', c.renderingProvider, 'XX', c.renderingProvider.npi));
  out.push(...serviceFacilitySegments(c));
  if (c.supervisingProvider) out.push(nm1('DQ', c.supervisingProvider, 'XX', c.supervisingProvider.npi));
  out.push(...otherPayerSegments(c, '837P'));
  c.lines.forEach((l, i) => {
    out.push(seg('LX', String(i + 1)));
    out.push(
      seg(
        'SV1',
        ['HC', l.procedure, ...l.modifiers],
        money(l.charge),
        l.unitCode,
        l.units,
        l.placeOfService && l.placeOfService !== c.placeOfService ? l.placeOfService : '',
        '',
        l.diagnosisPointers.map(String),
        '',
        l.emergency ? 'Y' : '',
      ),
    );
    out.push(seg('DTP', '472', 'D8', ccyymmdd(l.dateOfService)));
    if (l.purchasedService) out.push(seg('PS1', l.purchasedService.providerId, money(l.purchasedService.charge)));
    out.push(...drugSegments(l.drug), ...lineAdjudicationSegments(l));
  });
  return out;
}

export const write837P = (batch: Batch837P) => write837(batch, '005010X222A1', professionalClaim);
