/** Programs whose patients stay overnight under inpatient care: their claims are inpatient bills. */
const INPATIENT_PROGRAMS = new Set(['INP', 'DTX', 'RES']);

/**
 * The type of bill (UB-04 FL4, 837I CLM05) of a stay's claim, from the stay and not from the facility
 * alone: an inpatient program is billed as an inpatient bill (hospital 011x unless the facility is itself
 * an inpatient kind: 021x skilled nursing, 018x swing beds); an outpatient program (partial hospitalization,
 * intensive outpatient, observation) as the facility's outpatient bill (013x for a hospital). A clinic's
 * classification (073x) never bills a stay. Frequency 1: admit through discharge.
 */
export function typeOfBillForStay(
  program: string | null | undefined,
  facilityClassification: string | number | null | undefined,
): string {
  const fac = String(facilityClassification ?? '11')
    .padStart(2, '1')
    .slice(0, 2);
  const [type, kind] = fac;
  const inpatient = INPATIENT_PROGRAMS.has(String(program ?? 'INP'));
  const classification = inpatient
    ? ['1', '2', '8'].includes(kind) && ['1', '2', '4', '6'].includes(type)
      ? fac
      : '11'
    : ['1', '2', '4'].includes(type)
      ? `${type}3`
      : '13';
  return `0${classification}1`;
}
