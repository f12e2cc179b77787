import type { Batch837P, Claim837P } from './claim-837-model.ts';
import {
  ccyymmdd,
  drugSegments,
  lineAdjudicationSegments,
  money,
  nm1,
  otherPayerSegments,
  seg,
  write837,
} from './claim-837-writer.ts';

export { MAX_CLAIMS_PER_TRANSACTION } from './claim-837-writer.ts';

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
      'A',
      'Y',
      'Y',
    ),
  ];
  if (c.patientAmountPaid) out.push(seg('AMT', 'F5', money(c.patientAmountPaid)));
  if (c.priorAuthorization) out.push(seg('REF', 'G1', c.priorAuthorization));
  if (c.frequency !== '1' && c.originalReference) out.push(seg('REF', 'F8', c.originalReference));
  out.push(seg('HI', ...c.diagnoses.map((d, i) => [i === 0 ? 'ABK' : 'ABF', d.replace('.', '')])));
  if (c.referringProvider) out.push(nm1('DN', c.referringProvider, 'XX', c.referringProvider.npi));
  if (c.renderingProvider) out.push(nm1('82', c.renderingProvider, 'XX', c.renderingProvider.npi));
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
      ),
    );
    out.push(seg('DTP', '472', 'D8', ccyymmdd(l.dateOfService)));
    out.push(...drugSegments(l.drug), ...lineAdjudicationSegments(l));
  });
  return out;
}

export const write837P = (batch: Batch837P) => write837(batch, '005010X222A1', professionalClaim);
