import type { Batch837I, Claim837I, Diagnosis837I } from './claim-837-model.ts';
import {
  assignment,
  ccyymmdd,
  drugSegments,
  hiSegments,
  lineAdjudicationSegments,
  money,
  nm1,
  otherPayerSegments,
  seg,
  serviceFacilitySegments,
  write837,
} from './claim-837-writer.ts';

const dx = (qualifier: string, d: Diagnosis837I) => [
  qualifier,
  d.code.replace('.', ''),
  '',
  '',
  '',
  '',
  '',
  '',
  d.presentOnAdmission ?? '',
];

/** Loop 2300 onwards of an institutional claim (005010X223A2): type of bill, statement dates, CL1, principal/admitting/other diagnoses with POA, SV2 lines. */
function institutionalClaim(c: Claim837I): string[] {
  // CLM06 (provider signature on file) is "Not Used" in the 837I (005010X223A2): only the 837P carries it.
  const out = [
    seg(
      'CLM',
      c.patientControlNumber,
      money(c.totalCharge),
      '',
      '',
      [c.facilityCode, 'A', c.frequency],
      '',
      ...assignment(c),
      'Y',
    ),
  ];
  const hh = (h: number) => String(h).padStart(2, '0');
  // The guide's order: discharge hour, statement dates, admission date and hour (inpatient stays).
  if (c.dischargeHour !== undefined) out.push(seg('DTP', '096', 'TM', `${hh(c.dischargeHour)}00`));
  out.push(seg('DTP', '434', 'RD8', `${ccyymmdd(c.statementFrom)}-${ccyymmdd(c.statementTo)}`));
  if (c.admission)
    out.push(
      c.admission.hour === undefined
        ? seg('DTP', '435', 'D8', ccyymmdd(c.admission.date))
        : seg('DTP', '435', 'DT', `${ccyymmdd(c.admission.date)}${hh(c.admission.hour)}00`),
    );
  out.push(seg('CL1', c.admissionType, c.admissionSource, c.patientStatus));
  if (c.priorAuthorization) out.push(seg('REF', 'G1', c.priorAuthorization));
  if (c.frequency !== '1' && c.originalReference) out.push(seg('REF', 'F8', c.originalReference));
  if (c.medicalRecordNumber) out.push(seg('REF', 'EA', c.medicalRecordNumber));
  out.push(seg('HI', dx('ABK', c.principalDiagnosis)));
  if (c.admittingDiagnosis) out.push(seg('HI', ['ABJ', c.admittingDiagnosis.replace('.', '')]));
  for (let i = 0; i < c.otherDiagnoses.length; i += 12)
    out.push(seg('HI', ...c.otherDiagnoses.slice(i, i + 12).map((d) => dx('ABF', d))));
  out.push(...hiSegments((c.occurrenceCodes ?? []).map((o) => ['BH', o.code, 'D8', ccyymmdd(o.date)])));
  out.push(...hiSegments((c.valueCodes ?? []).map((v) => ['BE', v.code, '', '', money(v.amount)])));
  out.push(...hiSegments((c.conditionCodes ?? []).map((code) => ['BG', code])));
  if (c.attendingProvider)
    out.push(nm1('71', c.attendingProvider, c.attendingProvider.npi ? 'XX' : undefined, c.attendingProvider.npi));
  out.push(...serviceFacilitySegments(c));
  out.push(...otherPayerSegments(c, '837I'));
  c.lines.forEach((l, i) => {
    out.push(seg('LX', String(i + 1)));
    out.push(
      seg(
        'SV2',
        l.revenueCode,
        l.procedure ? ['HC', l.procedure, ...l.modifiers] : '',
        money(l.charge),
        l.unitCode,
        l.units,
      ),
    );
    if (l.dateOfService) out.push(seg('DTP', '472', 'D8', ccyymmdd(l.dateOfService)));
    out.push(...drugSegments(l.drug), ...lineAdjudicationSegments(l));
  });
  return out;
}

export const write837I = (batch: Batch837I) => write837(batch, '005010X223A2', institutionalClaim);
