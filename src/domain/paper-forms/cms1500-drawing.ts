/**
 * The CMS-1500 drawn for plain paper, on the same grid as its data (cms1500.ts): each box a frame of lines with its
 * caption in small type in the row above its first value. The NUCC grid leaves that row empty for every box, and a
 * box's edge falls in a column its neighbour leaves blank, so no line runs through a value or a caption and no
 * caption sits on a value (tests/claims/paper-forms checks both on the printed PDF).
 * Rows and columns are the grid's, counted from 1; a horizontal line lies just under its row's text, a vertical one
 * just left of its column.
 */

/** What each box is called, printed in the top of its box on the full form (plain paper). */
export const CMS1500_CAPTIONS: Record<string, string> = {
  carrier: 'CARRIER',
  '1': '1 MEDICARE MEDICAID TRICARE CHAMPVA GROUP FECA OTHER',
  '1a': "1a INSURED'S I.D. NUMBER",
  '2': "2 PATIENT'S NAME",
  '3': "3 PATIENT'S BIRTH DATE / SEX",
  '4': "4 INSURED'S NAME",
  '5': "5 PATIENT'S ADDRESS",
  '6': '6 PATIENT RELATIONSHIP TO INSURED',
  '7': "7 INSURED'S ADDRESS",
  '9': "9 OTHER INSURED'S NAME",
  '9a': "9a OTHER INSURED'S POLICY OR GROUP",
  '9d': '9d INSURANCE PLAN NAME',
  '10a': '10a EMPLOYMENT?',
  '10b': '10b AUTO ACCIDENT?',
  '10c': '10c OTHER ACCIDENT?',
  '11': "11 INSURED'S POLICY GROUP OR FECA NUMBER",
  '11a': "11a INSURED'S DATE OF BIRTH / SEX",
  '11c': '11c INSURANCE PLAN NAME',
  '11d': '11d ANOTHER HEALTH BENEFIT PLAN?',
  '12': "12 PATIENT'S SIGNATURE",
  '13': "13 INSURED'S SIGNATURE",
  '14': '14 DATE OF CURRENT ILLNESS',
  '15': '15 OTHER DATE',
  '16': '16 UNABLE TO WORK FROM / TO',
  '17': '17 REFERRING PROVIDER',
  '17b': '17b NPI',
  '18': '18 HOSPITALIZED FROM / TO',
  '19': '19 ADDITIONAL CLAIM INFORMATION',
  '20': '20 OUTSIDE LAB? $ CHARGES',
  '21': '21 DIAGNOSIS (ICD IND.)',
  '22': '22 RESUBMISSION CODE / ORIGINAL REF. NO.',
  '23': '23 PRIOR AUTHORIZATION NUMBER',
  '24': '24 A DATES OF SERVICE  B POS  D PROCEDURE MODIFIER  E DX PTR  F $ CHARGES  G UNITS  J RENDERING NPI',
  '25': '25 FEDERAL TAX I.D. NUMBER  SSN EIN',
  '26': "26 PATIENT'S ACCOUNT NO.",
  '27': '27 ACCEPT ASSIGNMENT?',
  '28': '28 TOTAL CHARGE',
  '29': '29 AMOUNT PAID',
  '31': '31 SIGNATURE OF PHYSICIAN',
  '32': '32 SERVICE FACILITY LOCATION',
  '33': '33 BILLING PROVIDER INFO & PH #',
  page: '',
};

/** Where each caption is printed: its row (empty in the box's columns) and the box's first column. */
export const CMS1500_CAPTION_AT: Record<string, [row: number, col: number]> = {
  carrier: [1, 41],
  '1': [7, 1],
  '1a': [7, 50],
  '2': [9, 1],
  '3': [9, 31],
  '4': [9, 50],
  '5': [11, 1],
  '6': [11, 33],
  '7': [11, 50],
  '9': [17, 1],
  '11': [17, 50],
  '9a': [19, 1],
  '10a': [19, 33],
  '11a': [19, 50],
  '10b': [21, 33],
  '10c': [23, 33],
  '11c': [23, 50],
  '9d': [25, 1],
  '11d': [25, 50],
  '12': [28, 1],
  '13': [28, 50],
  '14': [31, 1],
  '15': [31, 31],
  '16': [31, 54],
  '17': [33, 1],
  '17b': [33, 31],
  '18': [33, 54],
  '19': [35, 1],
  '20': [35, 50],
  '21': [37, 1],
  '22': [37, 50],
  '23': [39, 50],
  '24': [42, 1],
  '25': [55, 1],
  '26': [55, 23],
  '27': [55, 38],
  '28': [55, 50],
  '29': [55, 61],
  '31': [57, 1],
  '32': [57, 23],
  '33': [57, 50],
};

/** The form's left and right edges: the grid's first column and the column after its last value (box 11 ends at 79). */
export const CMS1500_FIRST_COL = 1;
export const CMS1500_LAST_COL = 81;

/** A horizontal line under a row, across the form or between two columns. */
export interface RowLine {
  row: number;
  from?: number;
  to?: number;
}
/** A vertical line left of a column, from under one row to under another. */
export interface ColumnLine {
  col: number;
  fromRow: number;
  toRow: number;
}

/** Each service line of box 24 is its shaded row (the drug, NDC) over its data row. */
const serviceRows = Array.from({ length: 6 }, (_, i) => 44 + 2 * i);

export const CMS1500_ROW_LINES: RowLine[] = [
  ...[6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 29, 32, 34, 36, 40, 42].map((row) => ({ row })),
  // Box 22 over box 23, beside the diagnoses.
  { row: 38, from: 50 },
  ...serviceRows.flatMap((row) => [{ row: row - 1 }, { row }]),
  { row: 56 },
  { row: 61 },
];

export const CMS1500_COLUMN_LINES: ColumnLine[] = [
  { col: CMS1500_FIRST_COL, fromRow: 6, toRow: 61 },
  { col: CMS1500_LAST_COL, fromRow: 6, toRow: 61 },
  { col: 50, fromRow: 6, toRow: 40 },
  { col: 31, fromRow: 8, toRow: 26 },
  { col: 31, fromRow: 29, toRow: 34 },
  // City | state in boxes 5 and 7.
  { col: 25, fromRow: 12, toRow: 14 },
  { col: 73, fromRow: 12, toRow: 14 },
  // Box 24's columns on each data row (A from, A to, B, C, D, E, F, G, J); the shaded row runs across them.
  ...serviceRows.flatMap((row) =>
    [10, 19, 22, 25, 45, 50, 59, 68].map((col) => ({ col, fromRow: row - 1, toRow: row })),
  ),
  // Boxes 25 | 26 | 27 | 28 | 29 | 30, then 31 | 32 | 33.
  ...[21, 38, 50, 61, 71].map((col) => ({ col, fromRow: 54, toRow: 56 })),
  ...[21, 50].map((col) => ({ col, fromRow: 56, toRow: 61 })),
];
