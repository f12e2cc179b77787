import type { Claim837I, Party } from '../x12/claim-837-model.ts';
import { dateParts, formMoney, formText, type PaperExtras, zipText } from './paper-claim.ts';

/**
 * The UB-04 (CMS-1450) field boxes on a 934 × 1210 canvas at 110 units per inch (paper-forms.md §3):
 * left, top and width of each box, how its text is aligned and how long it may be. Times 10 pt.
 */
export const UB04 = { perInch: 110, left: 14, top: 11, fontSize: 10, linesPerPage: 22 } as const;

export type Align = 'left' | 'center' | 'right';
export interface FieldBox {
  left: number;
  top: number;
  width: number;
  align: Align;
  max: number;
}
/** A value in its box; charges lose 14 units at the right edge when right-aligned, other right-aligned boxes 8. */
export interface BoxText extends FieldBox {
  box: string;
  text: string;
  charges?: boolean;
  /** a smaller type than the form's 10 pt, in points: a one-letter box narrower than a wide capital (POA W) */
  size?: number;
}

/** The POA indicator's type: its widest letter (W) fits the 11-unit box. */
const POA_SIZE = 7.5;

const f = (left: number, top: number, width: number, align: Align, max: number): FieldBox => ({
  left,
  top,
  width,
  align,
  max,
});

export const UB04_FIELDS = {
  fl1_1: f(26, 19, 264, 'left', 25),
  fl1_2: f(26, 37, 264, 'left', 25),
  fl1_3: f(26, 57, 264, 'left', 25),
  fl1_4: f(26, 74, 264, 'left', 25),
  fl3a: f(599, 19, 263, 'left', 20),
  fl3b: f(599, 37, 263, 'left', 24),
  fl4: f(862, 37, 57, 'center', 4),
  fl5: f(567, 74, 110, 'left', 10),
  fl6_from: f(675, 74, 77, 'center', 10),
  fl6_through: f(753, 74, 77, 'center', 10),
  fl8b: f(28, 110, 318, 'left', 29),
  fl9a: f(468, 92, 451, 'left', 40),
  fl9b: f(358, 110, 352, 'left', 30),
  fl9c: f(720, 110, 34, 'left', 2),
  fl9d: f(764, 110, 110, 'left', 9),
  fl10: f(15, 147, 99, 'right', 8),
  fl11: f(115, 147, 34, 'center', 1),
  fl12: f(148, 147, 66, 'right', 10),
  fl13: f(214, 147, 32, 'center', 2),
  fl14: f(246, 147, 34, 'center', 1),
  fl15: f(280, 147, 32, 'center', 1),
  fl16: f(312, 147, 34, 'center', 2),
  fl17: f(345, 147, 34, 'right', 2),
  fl56: f(753, 752, 165, 'left', 10),
  fl66: f(15, 990, 11, 'center', 1),
  fl69: f(58, 1010, 80, 'left', 7),
  fl76_npi: f(662, 1028, 113, 'left', 11),
  fl76_last: f(594, 1045, 170, 'left', 16),
  fl76_first: f(790, 1045, 129, 'left', 12),
  line23_code: f(15, 734, 52, 'center', 4),
  line23_page: f(118, 734, 32, 'center', 3),
  line23_of: f(182, 734, 32, 'center', 3),
  line23_date: f(507, 734, 77, 'center', 10),
  line23_total: f(672, 734, 110, 'right', 9),
  line23_noncovered: f(782, 734, 109, 'right', 9),
} as const;

/** FL18–FL28: eleven condition code boxes on one row. */
const CONDITION_LEFTS = [378, 411, 445, 477, 510, 543, 576, 610, 643, 675, 709];
/** FL31–FL34, rows a and b: occurrence code and date boxes. */
const OCCURRENCE = [
  { code: 15, date: 49 },
  { code: 125, date: 159 },
  { code: 235, date: 269 },
  { code: 345, date: 379 },
];
const OCCURRENCE_TOPS = [184, 202];
/** FL39–FL41, rows a–d: value code and amount boxes. */
const VALUE = [
  { code: 489, amount: 523 },
  { code: 631, amount: 666 },
  { code: 775, amount: 808 },
];
const VALUE_TOPS = [240, 258, 275, 294];
/** FL50–FL55 and FL58–FL62, rows a–c (payers and insureds), and FL63 authorizations. */
const PAYER_TOPS = [770, 789, 807];
const INSURED_TOPS = [845, 862, 880];
/**
 * FL67 principal and A–Q: 18 diagnosis boxes on two rows, each followed by its POA box (11 units, a capital's width),
 * which ends where the next diagnosis box begins.
 */
const DX_ROW: Array<[code: number, poa: number]> = [
  [28, 104],
  [115, 192],
  [203, 279],
  [290, 370],
  [381, 457],
  [468, 545],
  [556, 632],
  [643, 721],
  [732, 810],
];
const DX = [...DX_ROW, ...DX_ROW];
/** Service line columns FL42–FL48 and the tops of lines 1–22. */
const LINE = {
  revenue: f(15, 0, 52, 'center', 4),
  description: f(67, 0, 274, 'left', 25),
  hcpcs: f(342, 0, 164, 'center', 24),
  date: f(507, 0, 77, 'right', 10),
  units: f(585, 0, 86, 'right', 7),
  charge: f(672, 0, 110, 'right', 9),
  noncovered: f(782, 0, 109, 'right', 9),
};
export const UB04_LINE_TOPS = [
  332, 349, 368, 385, 404, 422, 440, 459, 477, 495, 514, 532, 550, 569, 587, 605, 624, 642, 660, 679, 697, 715,
];

/** What each form locator is called, drawn above its box on the full form. */
export const UB04_CAPTIONS: Record<string, string> = {
  FL1: '1 BILLING PROVIDER',
  FL3a: '3a PAT. CNTL #',
  FL3b: '3b MED. REC. #',
  FL4: '4 BILL TYPE',
  FL5: '5 FED. TAX NO.',
  FL6: '6 STATEMENT COVERS PERIOD FROM / THROUGH',
  FL8: '8 PATIENT NAME',
  FL9: '9 PATIENT ADDRESS',
  FL10: '10 BIRTHDATE',
  FL11: '11 SEX',
  FL12: '12 ADMIT DATE',
  FL13: '13 HR',
  FL14: '14 TYPE',
  FL15: '15 SRC',
  FL16: '16 DHR',
  FL17: '17 STAT',
  FL18: '18-28 CONDITION CODES',
  FL31: '31-34 OCCURRENCE CODE / DATE',
  FL39: '39-41 VALUE CODES / AMOUNT',
  FL42: '42 REV. CD.  43 DESCRIPTION  44 HCPCS / RATE  45 SERV. DATE  46 SERV. UNITS  47 TOTAL CHARGES  48 NON-COVERED',
  line23: 'PAGE',
  line23of: 'OF',
  line23date: 'CREATION DATE',
  line23totals: 'TOTALS',
  FL50: '50 PAYER NAME  51 HEALTH PLAN ID  52 REL. INFO  53 ASG. BEN.  54 PRIOR PAYMENTS  55 EST. AMOUNT DUE',
  FL56: '56 NPI',
  FL58: "58 INSURED'S NAME  59 P.REL  60 INSURED'S UNIQUE ID  61 GROUP NAME  62 INSURANCE GROUP NO.",
  FL63: '63 TREATMENT AUTHORIZATION CODES',
  FL66: '66',
  FL67: '67 PRINCIPAL AND OTHER DIAGNOSIS CODES',
  FL69: '69 ADM DX',
  FL76: '76 ATTENDING NPI / LAST / FIRST',
};

const mmddyyyy = (us: string | undefined | null) => {
  const d = dateParts(us);
  return d ? `${d.mm}${d.dd}${d.yyyy}` : '';
};
const mmddyy = (us: string | undefined | null) => {
  const d = dateParts(us);
  return d ? `${d.mm}${d.dd}${d.yy}` : '';
};
const nameOf = (p: Party | undefined) =>
  p ? (p.entity === 'person' && p.firstName ? `${p.name}, ${p.firstName}` : p.name) : '';

/**
 * One UB-04 per 22 service lines, the header on every page; line 23 carries PAGE n OF m, the
 * creation date, and the total of every line on the last page ("CONTINUED" before it).
 */
export function ub04Pages(c: Claim837I, x: PaperExtras, lineDescriptions: string[] = []): BoxText[][] {
  const count = Math.max(1, Math.ceil(c.lines.length / UB04.linesPerPage));
  const pages: BoxText[][] = [];
  for (let p = 0; p < count; p++) {
    const out: BoxText[] = [];
    const put = (box: string, at: FieldBox, value: unknown, extra: Partial<BoxText> = {}) => {
      const text = formText(value, at.max, false);
      if (text.trim()) out.push({ ...at, box, text, ...extra });
    };
    const bp = c.billingProvider;
    put('FL1', UB04_FIELDS.fl1_1, nameOf(bp));
    put('FL1', UB04_FIELDS.fl1_2, bp.address.line1);
    put('FL1', UB04_FIELDS.fl1_3, `${bp.address.city}, ${bp.address.state}, ${zipText(bp.address.zip)}`);
    if (x.billingPhone)
      put('FL1', UB04_FIELDS.fl1_4, x.billingPhone.replace(/\D/g, '').replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3'));
    put('FL3a', UB04_FIELDS.fl3a, c.patientControlNumber || x.claimCode);
    put('FL3b', UB04_FIELDS.fl3b, c.medicalRecordNumber ?? '');
    put('FL4', UB04_FIELDS.fl4, `0${c.facilityCode}${c.frequency}`);
    put('FL5', UB04_FIELDS.fl5, bp.taxId);
    put('FL6', UB04_FIELDS.fl6_from, mmddyy(c.statementFrom));
    put('FL6', UB04_FIELDS.fl6_through, mmddyy(c.statementTo));
    const patient = c.patient;
    put('FL8', UB04_FIELDS.fl8b, nameOf(patient?.party ?? c.subscriber.party));
    const home = patient?.address ?? c.subscriber.address;
    if (home) {
      put('FL9', UB04_FIELDS.fl9a, home.line1);
      put('FL9', UB04_FIELDS.fl9b, home.city);
      put('FL9', UB04_FIELDS.fl9c, home.state);
      put('FL9', UB04_FIELDS.fl9d, zipText(home.zip));
    }
    put('FL10', UB04_FIELDS.fl10, mmddyyyy(patient?.dateOfBirth ?? c.subscriber.dateOfBirth));
    put('FL11', UB04_FIELDS.fl11, patient?.sex ?? c.subscriber.sex ?? 'U');
    // FL12 is a stay's admission day (DTP*435); an outpatient claim has none.
    if (c.admission) put('FL12', UB04_FIELDS.fl12, mmddyy(c.admission.date));
    if (c.admission?.hour !== undefined) put('FL13', UB04_FIELDS.fl13, String(c.admission.hour).padStart(2, '0'));
    if (c.dischargeHour !== undefined) put('FL16', UB04_FIELDS.fl16, String(c.dischargeHour).padStart(2, '0'));
    put('FL14', UB04_FIELDS.fl14, c.admissionType ?? '');
    put('FL15', UB04_FIELDS.fl15, c.admissionSource ?? '');
    put('FL17', UB04_FIELDS.fl17, c.patientStatus);
    (c.conditionCodes ?? [])
      .slice(0, 11)
      .forEach((code, i) => put('FL18', f(CONDITION_LEFTS[i], 147, 34, 'center', 2), code));
    (c.occurrenceCodes ?? []).slice(0, 8).forEach((o, i) => {
      const at = OCCURRENCE[i % 4];
      const top = OCCURRENCE_TOPS[Math.floor(i / 4)];
      put('FL31', f(at.code, top, 32, 'center', 2), o.code);
      put('FL31', f(at.date, top, 77, 'right', 10), mmddyy(o.date));
    });
    (c.valueCodes ?? []).slice(0, 12).forEach((v, i) => {
      const at = VALUE[i % 3];
      const top = VALUE_TOPS[Math.floor(i / 3)];
      put('FL39', f(at.code, top, 32, 'center', 2), v.code);
      put('FL39', f(at.amount, top, 110, 'right', 9), formMoney(v.amount, 1, 1), { charges: true });
    });
    const lines = c.lines.slice(p * UB04.linesPerPage, (p + 1) * UB04.linesPerPage);
    lines.forEach((l, i) => {
      const top = UB04_LINE_TOPS[i];
      const at = (b: FieldBox) => ({ ...b, top });
      put('FL42', at(LINE.revenue), l.revenueCode.padStart(4, '0'));
      put('FL43', at(LINE.description), lineDescriptions[p * UB04.linesPerPage + i] ?? '');
      put('FL44', at(LINE.hcpcs), [l.procedure ?? '', ...l.modifiers].join(' ').trim());
      put('FL45', at(LINE.date), mmddyy(l.dateOfService));
      put('FL46', at(LINE.units), l.units.replace(/\.0+$/, ''));
      put('FL47', at(LINE.charge), formMoney(l.charge, 1, 2), { charges: true });
    });
    put('line23', UB04_FIELDS.line23_code, '0001');
    put('line23', UB04_FIELDS.line23_page, String(p + 1));
    put('line23', UB04_FIELDS.line23_of, String(count));
    put('line23', UB04_FIELDS.line23_date, mmddyy(x.printedOn));
    if (p === count - 1) put('line23', UB04_FIELDS.line23_total, formMoney(c.totalCharge, 1, 2), { charges: true });
    else put('line23', { ...UB04_FIELDS.line23_total, max: 10 }, 'CONTINUED', { charges: true });
    put('FL50', f(15, PAYER_TOPS[0], 252, 'left', 23), c.payer.name);
    put('FL51', f(269, PAYER_TOPS[0], 164, 'left', 15), c.payer.payerId);
    put('FL52', f(434, PAYER_TOPS[0], 22, 'left', 1), 'Y');
    put('FL53', f(468, PAYER_TOPS[0], 20, 'left', 1), c.benefitsAssigned === false ? 'N' : 'Y');
    // Row B: the other coverage the 837I discloses (loop 2330B).
    const other = c.otherPayers?.[0];
    if (other) put('FL50', f(15, PAYER_TOPS[1], 252, 'left', 23), other.payer.name);
    put('FL56', UB04_FIELDS.fl56, bp.npi);
    put('FL58', f(15, INSURED_TOPS[0], 286, 'left', 25), nameOf(c.subscriber.party));
    put('FL59', f(301, INSURED_TOPS[0], 32, 'left', 2), patient ? patient.relationship : '18');
    put('FL60', f(333, INSURED_TOPS[0], 220, 'left', 20), c.subscriber.memberId);
    put('FL61', f(555, INSURED_TOPS[0], 165, 'left', 14), x.planName ?? '');
    put('FL62', f(720, INSURED_TOPS[0], 199, 'left', 17), c.subscriber.groupNumber ?? '');
    put('FL63', f(15, 917, 341, 'left', 30), c.priorAuthorization ?? '');
    put('FL66', UB04_FIELDS.fl66, '0');
    [c.principalDiagnosis, ...c.otherDiagnoses].slice(0, 18).forEach((d, i) => {
      const top = i < 9 ? 972 : 990;
      const [codeLeft, poaLeft] = DX[i];
      put('FL67', f(codeLeft, top, poaLeft - codeLeft, 'left', 7), d.code);
      if (d.presentOnAdmission) put('FL67', f(poaLeft, top, 11, 'center', 1), d.presentOnAdmission, { size: POA_SIZE });
    });
    put('FL69', UB04_FIELDS.fl69, c.admittingDiagnosis ?? '');
    if (c.attendingProvider) {
      put('FL76', UB04_FIELDS.fl76_npi, c.attendingProvider.npi ?? '');
      put('FL76', UB04_FIELDS.fl76_last, c.attendingProvider.name);
      put('FL76', UB04_FIELDS.fl76_first, c.attendingProvider.firstName ?? '');
    }
    pages.push(out);
  }
  return pages;
}
