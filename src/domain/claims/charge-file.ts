import type { Claim837P, ServiceLine837 } from '../x12/claim-837-model.ts';
import type { ClaimFileCheck, IntakeFinding } from '../x12/intake/claim-file-check.ts';
import { isCalendarDay, isNpi, type IsoDate } from '../formats.ts';
import { centsFromEntry } from '../money-input.ts';
import { problem } from '../errors/domain-error.ts';
import { x12Text } from '../x12/x12-writing.ts';

/**
 * A practice's charge export (one row a service line, CSV or XLSX) read as the claims it holds: the rows of one claim
 * number are one claim, each row a line. What each column holds is found by its header — the client's own mapping
 * when the billing company kept one, else the names practice systems use — and every cell a claim needs is checked,
 * its finding naming the row and the column, the way a person fixes the export.
 */
export const CHARGE_FIELDS = [
  'claim_number',
  'patient_last_name',
  'patient_first_name',
  'patient_birth_date',
  'patient_sex',
  'member_id',
  'group_number',
  'payer_id',
  'payer_name',
  'billing_npi',
  'rendering_npi',
  'referring_npi',
  'facility_npi',
  'date_of_service',
  'procedure',
  'modifiers',
  'diagnoses',
  'units',
  'charge',
  'place_of_service',
  'prior_authorization',
] as const;
export type ChargeField = (typeof CHARGE_FIELDS)[number];
/** A client's columns by what they hold: the header of each (case and spacing aside). */
export type ChargeColumns = Partial<Record<ChargeField, string>>;

/** The headers practice systems write for each fact (compared without case, spaces, dots, dashes or underscores). */
const KNOWN: Record<ChargeField, string[]> = {
  claim_number: [
    'claim number',
    'claim',
    'claim id',
    'encounter',
    'encounter id',
    'visit id',
    'patient account number',
  ],
  patient_last_name: ['patient last name', 'last name', 'pt last name'],
  patient_first_name: ['patient first name', 'first name', 'pt first name'],
  patient_birth_date: ['patient birth date', 'birth date', 'date of birth', 'dob', 'patient dob'],
  patient_sex: ['patient sex', 'sex', 'gender'],
  member_id: ['member id', 'subscriber id', 'insured id', 'policy number'],
  group_number: ['group number', 'group'],
  payer_id: ['payer id', 'payor id'],
  payer_name: ['payer name', 'payer', 'insurance', 'insurance name'],
  billing_npi: ['billing npi', 'group npi', 'clinic npi'],
  rendering_npi: ['rendering npi', 'provider npi', 'rendering provider npi'],
  referring_npi: ['referring npi', 'referring provider npi'],
  facility_npi: ['facility npi', 'service facility npi'],
  date_of_service: ['date of service', 'dos', 'service date', 'from date'],
  procedure: ['procedure', 'procedure code', 'cpt', 'cpt code', 'hcpcs', 'cpt hcpcs'],
  modifiers: ['modifiers', 'modifier'],
  diagnoses: ['diagnoses', 'diagnosis codes', 'diagnosis', 'dx', 'icd 10', 'icd10'],
  units: ['units', 'unit', 'quantity', 'qty', 'days or units'],
  charge: ['charge', 'charges', 'charge amount', 'amount', 'fee'],
  place_of_service: ['place of service', 'pos'],
  prior_authorization: ['prior authorization', 'prior auth', 'authorization'],
};
const REQUIRED: ChargeField[] = [
  'claim_number',
  'patient_last_name',
  'patient_first_name',
  'patient_birth_date',
  'member_id',
  'payer_id',
  'billing_npi',
  'date_of_service',
  'procedure',
  'charge',
];
const key = (h: string) => h.toLowerCase().replace(/[\s._\-/]+/g, '');

/** Where each fact is in the header row: the client's mapping where it names a column the file has, else a known name. */
export function columnsOf(header: string[], mapping: ChargeColumns = {}): Partial<Record<ChargeField, number>> {
  const at = new Map(header.map((h, i) => [key(h), i] as const));
  const out: Partial<Record<ChargeField, number>> = {};
  for (const f of CHARGE_FIELDS) {
    const mapped = mapping[f];
    const i = mapped ? at.get(key(mapped)) : KNOWN[f].map((k) => at.get(key(k))).find((x) => x !== undefined);
    if (i !== undefined) out[f] = i;
  }
  return out;
}

/** Whether a client's mapping fits a file: every column it names is in the header. */
export const mappingFits = (header: string[], mapping: ChargeColumns) => {
  const have = new Set(header.map(key));
  const named = Object.values(mapping).filter((h): h is string => !!h);
  return named.length > 0 && named.every((h) => have.has(key(h)));
};

/** A day as exports write it: yyyy-mm-dd, mm/dd/yyyy or m/d/yyyy. */
function dayOf(text: string): IsoDate | null {
  const t = text.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t) ?? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (!m) return null;
  const [y, mo, d] = t.includes('-') ? [m[1], m[2], m[3]] : [m[3], m[1], m[2]];
  if (!isCalendarDay(Number(y), Number(mo), Number(d))) return null;
  return `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}` as IsoDate;
}

const list = (text: string) =>
  text
    .split(/[,;|\s]+/)
    .map((x) => x.trim().toUpperCase())
    .filter(Boolean);

/** The rows of a charge export (its header first) as the claims they hold and what is wrong with each. */
export function chargeClaims(
  rows: string[][],
  mapping: ChargeColumns = {},
): { claims: Claim837P[]; checked: ClaimFileCheck } {
  const [header = [], ...body] = rows;
  const columns = columnsOf(header, mapping);
  const checked: ClaimFileCheck = { claims: [], findings: [] };
  const missingColumns = REQUIRED.filter((f) => columns[f] === undefined);
  for (const f of missingColumns)
    checked.findings.push({
      problem: problem('intake_column_missing', { column: KNOWN[f][0] }),
      position: 1,
      // A charge file has no loops or segments: the message names the row and the column.
      segment: '',
      loop: '',
    });
  if (missingColumns.length) return { claims: [], checked };
  const headerOf = (f: ChargeField) => header[columns[f]!] ?? f;
  const byClaim = new Map<string, Array<{ row: string[]; position: number }>>();
  body.forEach((row, i) => {
    if (row.every((c) => !c.trim())) return;
    const n = (row[columns.claim_number!] ?? '').trim();
    if (!byClaim.has(n)) byClaim.set(n, []);
    byClaim.get(n)!.push({ row, position: i + 2 });
  });
  const claims: Claim837P[] = [];
  for (const [control, lines] of byClaim) {
    const findings: IntakeFinding[] = [];
    const cell = (l: { row: string[] }, f: ChargeField) =>
      columns[f] === undefined ? '' : (l.row[columns[f]!] ?? '').trim();
    const flag = (position: number, f: ChargeField, code: 'intake_cell_required' | 'intake_cell_invalid', value = '') =>
      findings.push({
        problem: problem(code, { row: position, column: headerOf(f), value }),
        position,
        segment: '',
        loop: '',
        claim: control,
      });
    const first = lines[0];
    if (!control) flag(first.position, 'claim_number', 'intake_cell_required');
    // The claim's own facts, from its first row; each line's from its row.
    for (const f of ['patient_last_name', 'patient_first_name', 'member_id', 'payer_id'] as const)
      if (!cell(first, f)) flag(first.position, f, 'intake_cell_required');
    const birth = dayOf(cell(first, 'patient_birth_date'));
    if (!birth) flag(first.position, 'patient_birth_date', 'intake_cell_invalid', cell(first, 'patient_birth_date'));
    for (const f of ['billing_npi', 'rendering_npi', 'referring_npi', 'facility_npi'] as const) {
      const v = cell(first, f);
      if ((v || f === 'billing_npi') && !isNpi(v)) flag(first.position, f, 'intake_cell_invalid', v);
    }
    const diagnoses: string[] = [];
    const built: ServiceLine837[] = lines.map((l) => {
      const day = dayOf(cell(l, 'date_of_service'));
      if (!day) flag(l.position, 'date_of_service', 'intake_cell_invalid', cell(l, 'date_of_service'));
      const charge = centsFromEntry(cell(l, 'charge').replace(/^\$/, ''));
      if (charge === null || charge <= 0) flag(l.position, 'charge', 'intake_cell_invalid', cell(l, 'charge'));
      const units = cell(l, 'units') || '1';
      if (!/^\d{1,4}(\.\d{1,3})?$/.test(units) || Number(units) <= 0)
        flag(l.position, 'units', 'intake_cell_invalid', units);
      const procedure = cell(l, 'procedure').toUpperCase();
      if (!/^[A-Z0-9]{5}$/.test(procedure)) flag(l.position, 'procedure', 'intake_cell_invalid', procedure);
      const codes = list(cell(l, 'diagnoses')).map((c) => c.replace('.', ''));
      for (const c of codes) if (!diagnoses.includes(c)) diagnoses.push(c);
      const pos = cell(l, 'place_of_service');
      return {
        procedure,
        modifiers: list(cell(l, 'modifiers')).slice(0, 4),
        charge: charge ?? 0,
        units,
        unitCode: 'UN',
        ...(pos ? { placeOfService: pos.padStart(2, '0') } : {}),
        diagnosisPointers: codes.map((c) => diagnoses.indexOf(c) + 1).slice(0, 4),
        dateOfService: (day ?? '') as IsoDate,
      };
    });
    if (!diagnoses.length) flag(first.position, 'diagnoses', 'intake_cell_required');
    const place = built.find((l) => l.placeOfService)?.placeOfService ?? '11';
    const npi = (f: ChargeField) => cell(first, f);
    const person = (n: string) => ({ name: '', entity: 'person' as const, npi: n });
    claims.push({
      patientControlNumber: control,
      totalCharge: built.reduce((a, l) => a + l.charge, 0),
      placeOfService: place,
      frequency: '1',
      ...(cell(first, 'prior_authorization')
        ? { priorAuthorization: x12Text(cell(first, 'prior_authorization')) }
        : {}),
      diagnoses,
      billingProvider: {
        name: npi('billing_npi'),
        entity: 'organization',
        npi: npi('billing_npi'),
        taxId: '',
        address: { line1: '', city: '', state: '', zip: '' },
      },
      subscriber: {
        party: {
          name: x12Text(cell(first, 'patient_last_name')),
          firstName: x12Text(cell(first, 'patient_first_name')),
          entity: 'person',
        },
        memberId: cell(first, 'member_id'),
        responsibility: 'P',
        relationship: '18',
        ...(cell(first, 'group_number') ? { groupNumber: cell(first, 'group_number') } : {}),
        filingIndicator: 'CI',
        ...(birth ? { dateOfBirth: birth } : {}),
        sex: (['F', 'M'].includes(cell(first, 'patient_sex').toUpperCase().slice(0, 1))
          ? cell(first, 'patient_sex').toUpperCase().slice(0, 1)
          : 'U') as 'F' | 'M' | 'U',
      },
      payer: { name: x12Text(cell(first, 'payer_name') || cell(first, 'payer_id')), payerId: cell(first, 'payer_id') },
      ...(npi('rendering_npi') ? { renderingProvider: person(npi('rendering_npi')) } : {}),
      ...(npi('referring_npi') ? { referringProvider: person(npi('referring_npi')) } : {}),
      ...(npi('facility_npi')
        ? {
            serviceFacility: {
              name: npi('facility_npi'),
              npi: npi('facility_npi'),
              address: { line1: '', city: '', state: '', zip: '' },
            },
          }
        : {}),
      lines: built,
    });
    checked.claims.push({ control, position: first.position, findings });
  }
  // A claim number is one claim: the rows that share it are its lines, so a number cannot repeat here.
  return { claims, checked };
}
