/**
 * One crosswalk for paper and electronic claims: where each fact a claim holds is printed (the CMS-1500 box or the
 * UB-04 form locator, as the printing grids name them) and where the 837 carries it (loop, segment, element) — the
 * NUCC 1500↔837P and NUBC UB-04↔837I crosswalks, in this product's words. Both writers read one model of the claim;
 * this table is what a test walks over every generated claim to prove a box is printed exactly when its element is
 * sent, and it names the captions the plain-paper forms print.
 */

/** A place in the 837: the loop, the segment with its qualifier (element 01, first component), the element holding the fact. */
export interface X12Place {
  loop: string;
  segment: string;
  qualifier?: string;
  element: number;
  /** the element (or one of its components) says this value: a yes on paper */
  value?: string;
}

/**
 * How a box and its elements go together:
 * - `always`: every claim prints the box and sends one of its places;
 * - `held`: the box is printed exactly when one of its places is sent (a fact some claims hold);
 * - `yes-no`: the box always prints a check, in its YES column (row, col) exactly when a place says its value;
 * - `paper`: the form's own matter (page numbers, the print day, captions' companions), said with why.
 */
export type Pairing =
  | { kind: 'always' }
  | {
      kind: 'held';
      /** printed when the fact is absent, as the form's instructions ask (box 11: NONE) */ absent?: string;
    }
  | { kind: 'yes-no'; yes: [row: number, col: number] }
  | { kind: 'paper'; why: string };

export interface CrosswalkRow {
  box: string;
  fact: string;
  pairing: Pairing;
  x12: X12Place[];
}

const at = (loop: string, segment: string, element: number, qualifier?: string, value?: string): X12Place => ({
  loop,
  segment,
  element,
  ...(qualifier ? { qualifier } : {}),
  ...(value ? { value } : {}),
});
const always = { kind: 'always' } as const;
const held = { kind: 'held' } as const;
const paper = (why: string) => ({ kind: 'paper', why }) as const;

/** CMS-1500 (02/12) ↔ 837P (005010X222A1). */
export const CMS1500_CROSSWALK: CrosswalkRow[] = [
  {
    box: 'carrier',
    fact: "the payer's name (and mailing address)",
    pairing: always,
    x12: [at('2010BB', 'NM1', 3, 'PR')],
  },
  { box: '1', fact: 'the kind of coverage', pairing: always, x12: [at('2000B', 'SBR', 9)] },
  { box: '1a', fact: "the insured's member id", pairing: always, x12: [at('2010BA', 'NM1', 9, 'IL')] },
  {
    box: '2',
    fact: "the patient's name",
    pairing: always,
    x12: [at('2010CA', 'NM1', 3, 'QC'), at('2010BA', 'NM1', 3, 'IL')],
  },
  {
    box: '3',
    fact: "the patient's birth date and sex",
    pairing: always,
    x12: [at('2010CA', 'DMG', 2), at('2010BA', 'DMG', 2)],
  },
  { box: '4', fact: "the insured's name", pairing: always, x12: [at('2010BA', 'NM1', 3, 'IL')] },
  { box: '5', fact: "the patient's address", pairing: always, x12: [at('2010CA', 'N3', 1), at('2010BA', 'N3', 1)] },
  {
    box: '6',
    fact: "the patient's relationship to the insured",
    pairing: always,
    x12: [at('2000C', 'PAT', 1), at('2000B', 'SBR', 2)],
  },
  { box: '7', fact: "the insured's address", pairing: held, x12: [at('2010BA', 'N3', 1)] },
  { box: '9', fact: "the other insured's name", pairing: held, x12: [at('2330A', 'NM1', 3, 'IL')] },
  {
    box: '9a',
    fact: "the other insured's group or policy number",
    pairing: held,
    x12: [at('2320', 'SBR', 3), at('2330A', 'NM1', 9, 'IL')],
  },
  { box: '9d', fact: "the other insured's plan (its payer)", pairing: held, x12: [at('2330B', 'NM1', 3, 'PR')] },
  {
    box: '10a',
    fact: 'the condition is related to employment',
    pairing: { kind: 'yes-no', yes: [20, 35] },
    x12: [at('2300', 'CLM', 11, undefined, 'EM')],
  },
  {
    box: '10b',
    fact: 'the condition is related to an auto accident, and its state',
    pairing: { kind: 'yes-no', yes: [22, 35] },
    x12: [at('2300', 'CLM', 11, undefined, 'AA')],
  },
  {
    box: '10c',
    fact: 'the condition is related to another accident',
    pairing: { kind: 'yes-no', yes: [24, 35] },
    x12: [at('2300', 'CLM', 11, undefined, 'OA')],
  },
  {
    box: '11',
    fact: "the insured's group number",
    pairing: { kind: 'held', absent: 'NONE' },
    x12: [at('2000B', 'SBR', 3)],
  },
  { box: '11a', fact: "the insured's birth date and sex", pairing: held, x12: [at('2010BA', 'DMG', 2)] },
  {
    box: '11c',
    fact: "the insured's plan name",
    pairing: paper(
      'the 837 names the plan by its payer (2010BB) and group number; SBR04 carries a group name only when there is no group number',
    ),
    x12: [],
  },
  {
    box: '11d',
    fact: 'another health benefit plan',
    pairing: { kind: 'yes-no', yes: [26, 52] },
    x12: [at('2320', 'SBR', 1)],
  },
  {
    box: '12',
    fact: "the patient's release of information",
    pairing: always,
    x12: [at('2300', 'CLM', 9, undefined, 'Y')],
  },
  {
    box: '13',
    fact: 'the insured assigned the benefits to the provider',
    pairing: held,
    x12: [at('2300', 'CLM', 8, undefined, 'Y')],
  },
  {
    box: '14',
    fact: 'the onset of the current illness or injury (431), or the last menstrual period (484)',
    pairing: held,
    x12: ['431', '484'].map((q) => at('2300', 'DTP', 3, q)),
  },
  {
    box: '15',
    fact: "another date with its qualifier: the accident's day (439), initial treatment, latest visit…",
    pairing: held,
    x12: ['439', '454', '304', '453', '455', '471', '090', '091', '444'].map((q) => at('2300', 'DTP', 3, q)),
  },
  {
    box: '16',
    fact: 'the dates the patient was unable to work',
    pairing: held,
    x12: ['314', '360', '361'].map((q) => at('2300', 'DTP', 3, q)),
  },
  {
    box: '17',
    fact: 'the referring (DN) or supervising (DQ) provider',
    pairing: held,
    x12: [at('2310A', 'NM1', 3, 'DN'), at('2310D', 'NM1', 3, 'DQ')],
  },
  {
    box: '17b',
    fact: "that provider's NPI",
    pairing: held,
    x12: [at('2310A', 'NM1', 9, 'DN'), at('2310D', 'NM1', 9, 'DQ')],
  },
  {
    box: '18',
    fact: 'the hospitalization dates related to the services',
    pairing: held,
    x12: ['435', '096'].map((q) => at('2300', 'DTP', 3, q)),
  },
  { box: '19', fact: 'additional claim information', pairing: held, x12: [at('2300', 'NTE', 2, 'ADD')] },
  {
    box: '20',
    fact: 'an outside lab, and its charges',
    pairing: { kind: 'yes-no', yes: [36, 52] },
    x12: [at('2400', 'PS1', 2)],
  },
  { box: '21', fact: 'the diagnoses (ICD-10)', pairing: always, x12: [at('2300', 'HI', 1, 'ABK')] },
  {
    box: '22',
    fact: "a replacement or void, and the payer's original claim number",
    pairing: held,
    x12: [at('2300', 'REF', 2, 'F8')],
  },
  { box: '23', fact: 'the prior authorization number', pairing: held, x12: [at('2300', 'REF', 2, 'G1')] },
  { box: '24', fact: 'a drug given, by NDC and quantity', pairing: held, x12: [at('2410', 'LIN', 3)] },
  { box: '24A', fact: "each line's dates of service", pairing: always, x12: [at('2400', 'DTP', 3, '472')] },
  { box: '24B', fact: "each line's place of service", pairing: always, x12: [at('2300', 'CLM', 5)] },
  { box: '24C', fact: 'an emergency line', pairing: held, x12: [at('2400', 'SV1', 9, undefined, 'Y')] },
  { box: '24D', fact: "each line's procedure and modifiers", pairing: always, x12: [at('2400', 'SV1', 1)] },
  { box: '24E', fact: "each line's diagnosis pointers", pairing: always, x12: [at('2400', 'SV1', 7)] },
  { box: '24F', fact: "each line's charge", pairing: always, x12: [at('2400', 'SV1', 2)] },
  {
    box: '24G',
    fact: "each line's units, or an anesthesia line's minutes",
    pairing: always,
    x12: [at('2400', 'SV1', 4)],
  },
  { box: '24J', fact: 'the rendering provider', pairing: held, x12: [at('2310B', 'NM1', 9, '82')] },
  { box: '25', fact: "the billing provider's tax id", pairing: always, x12: [at('2010AA', 'REF', 2, 'EI')] },
  { box: '26', fact: "the patient's account number", pairing: always, x12: [at('2300', 'CLM', 1)] },
  {
    box: '27',
    fact: 'the provider accepts assignment',
    pairing: { kind: 'yes-no', yes: [56, 38] },
    x12: [at('2300', 'CLM', 7, undefined, 'A')],
  },
  { box: '28', fact: 'the total charge', pairing: always, x12: [at('2300', 'CLM', 2)] },
  { box: '29', fact: 'what the patient paid', pairing: held, x12: [at('2300', 'AMT', 2, 'F5')] },
  {
    box: '31',
    fact: "the provider's signature on file",
    pairing: always,
    x12: [at('2300', 'CLM', 6, undefined, 'Y')],
  },
  {
    box: '32',
    fact: 'the service facility, apart from the billing provider',
    pairing: held,
    x12: [at('2310C', 'NM1', 3, '77')],
  },
  { box: '32a', fact: "the service facility's NPI", pairing: held, x12: [at('2310C', 'NM1', 9, '77')] },
  {
    box: '33',
    fact: 'the billing provider, its address and phone',
    pairing: always,
    x12: [at('2010AA', 'NM1', 3, '85')],
  },
  { box: '33a', fact: "the billing provider's NPI", pairing: always, x12: [at('2010AA', 'NM1', 9, '85')] },
  { box: 'page', fact: 'PAGE n OF m', pairing: paper('the form holds six lines; the 837 holds fifty'), x12: [] },
];

/** UB-04 (CMS-1450) ↔ 837I (005010X223A2). */
export const UB04_CROSSWALK: CrosswalkRow[] = [
  {
    box: 'FL1',
    fact: 'the billing provider, its address and phone',
    pairing: always,
    x12: [at('2010AA', 'NM1', 3, '85')],
  },
  { box: 'FL3a', fact: "the patient's control number", pairing: always, x12: [at('2300', 'CLM', 1)] },
  { box: 'FL3b', fact: 'the medical record number', pairing: held, x12: [at('2300', 'REF', 2, 'EA')] },
  { box: 'FL4', fact: 'the type of bill', pairing: always, x12: [at('2300', 'CLM', 5)] },
  { box: 'FL5', fact: "the billing provider's tax id", pairing: always, x12: [at('2010AA', 'REF', 2, 'EI')] },
  { box: 'FL6', fact: 'the statement period', pairing: always, x12: [at('2300', 'DTP', 3, '434')] },
  {
    box: 'FL8',
    fact: "the patient's name",
    pairing: always,
    x12: [at('2010CA', 'NM1', 3, 'QC'), at('2010BA', 'NM1', 3, 'IL')],
  },
  { box: 'FL9', fact: "the patient's address", pairing: always, x12: [at('2010CA', 'N3', 1), at('2010BA', 'N3', 1)] },
  {
    box: 'FL10',
    fact: "the patient's birth date",
    pairing: always,
    x12: [at('2010CA', 'DMG', 2), at('2010BA', 'DMG', 2)],
  },
  { box: 'FL11', fact: "the patient's sex", pairing: always, x12: [at('2010CA', 'DMG', 3), at('2010BA', 'DMG', 3)] },
  { box: 'FL12', fact: "a stay's admission day", pairing: held, x12: [at('2300', 'DTP', 3, '435')] },
  { box: 'FL13', fact: "a stay's admission hour", pairing: held, x12: [at('2300', 'DTP', 2, '435', 'DT')] },
  { box: 'FL14', fact: 'the admission type', pairing: held, x12: [at('2300', 'CL1', 1)] },
  { box: 'FL15', fact: 'the admission source', pairing: held, x12: [at('2300', 'CL1', 2)] },
  { box: 'FL16', fact: 'the discharge hour', pairing: held, x12: [at('2300', 'DTP', 3, '096')] },
  { box: 'FL17', fact: "the patient's status", pairing: always, x12: [at('2300', 'CL1', 3)] },
  { box: 'FL18', fact: 'condition codes', pairing: held, x12: [at('2300', 'HI', 1, 'BG')] },
  { box: 'FL31', fact: 'occurrence codes and dates', pairing: held, x12: [at('2300', 'HI', 1, 'BH')] },
  { box: 'FL39', fact: 'value codes and amounts', pairing: held, x12: [at('2300', 'HI', 1, 'BE')] },
  { box: 'FL42', fact: "each line's revenue code", pairing: always, x12: [at('2400', 'SV2', 1)] },
  {
    box: 'FL43',
    fact: "each line's description",
    pairing: paper("the revenue code's name, for a person; the 837 sends the code"),
    x12: [],
  },
  { box: 'FL44', fact: "a line's HCPCS code and modifiers", pairing: held, x12: [at('2400', 'SV2', 2)] },
  { box: 'FL45', fact: "each line's service date", pairing: always, x12: [at('2400', 'DTP', 3, '472')] },
  { box: 'FL46', fact: "each line's units", pairing: always, x12: [at('2400', 'SV2', 5)] },
  { box: 'FL47', fact: "each line's charge", pairing: always, x12: [at('2400', 'SV2', 3)] },
  {
    box: 'line23',
    fact: "PAGE n OF m, the form's creation day and the total",
    pairing: paper("the page and the print day are the paper's; the total is CLM02 (FL47 and box 28 say it too)"),
    x12: [],
  },
  {
    box: 'FL50',
    fact: 'the payer, and the other coverage',
    pairing: always,
    x12: [at('2010BB', 'NM1', 3, 'PR')],
  },
  { box: 'FL51', fact: "the payer's id", pairing: always, x12: [at('2010BB', 'NM1', 9, 'PR')] },
  {
    box: 'FL52',
    fact: "the patient's release of information",
    pairing: always,
    x12: [at('2300', 'CLM', 9, undefined, 'Y')],
  },
  { box: 'FL53', fact: 'the assignment of benefits (Y or N)', pairing: always, x12: [at('2300', 'CLM', 8)] },
  { box: 'FL56', fact: "the billing provider's NPI", pairing: always, x12: [at('2010AA', 'NM1', 9, '85')] },
  { box: 'FL58', fact: "the insured's name", pairing: always, x12: [at('2010BA', 'NM1', 3, 'IL')] },
  {
    box: 'FL59',
    fact: "the patient's relationship to the insured",
    pairing: always,
    x12: [at('2000C', 'PAT', 1), at('2000B', 'SBR', 2)],
  },
  { box: 'FL60', fact: "the insured's member id", pairing: always, x12: [at('2010BA', 'NM1', 9, 'IL')] },
  {
    box: 'FL61',
    fact: "the insured's plan name",
    pairing: paper(
      'the 837 names the plan by its payer (2010BB) and group number; SBR04 carries a group name only when there is no group number',
    ),
    x12: [],
  },
  { box: 'FL62', fact: "the insured's group number", pairing: held, x12: [at('2000B', 'SBR', 3)] },
  { box: 'FL63', fact: 'the treatment authorization code', pairing: held, x12: [at('2300', 'REF', 2, 'G1')] },
  { box: 'FL66', fact: 'ICD-10 diagnoses', pairing: always, x12: [at('2300', 'HI', 1, 'ABK')] },
  {
    box: 'FL67',
    fact: 'the principal and other diagnoses, each with its POA',
    pairing: always,
    x12: [at('2300', 'HI', 1, 'ABK')],
  },
  { box: 'FL69', fact: 'the admitting diagnosis', pairing: held, x12: [at('2300', 'HI', 1, 'ABJ')] },
  { box: 'FL76', fact: 'the attending provider', pairing: held, x12: [at('2310A', 'NM1', 3, '71')] },
];
