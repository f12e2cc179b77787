import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_FORMULA_CELL } from '../../src/domain/csv-cells.ts';

const exported = (cells: string[]) =>
  Papa.parse<string[]>(Papa.unparse([cells], { escapeFormulae: CSV_FORMULA_CELL })).data[0];

describe('a CSV export never hands a spreadsheet a formula', () => {
  it('a cell beginning with =, +, -, @, a tab or a return is written as text (a leading apostrophe)', () => {
    expect(exported(['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])).toEqual([
      `'=HYPERLINK("http://x","y")`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tcmd",
      "'\rcmd",
    ]);
  });

  it('an amount stays a number: negative, signed or with thousands', () => {
    expect(exported(['-12.50', '+3', '-1,234.56', 'Ana María', '99213'])).toEqual([
      '-12.50',
      '+3',
      '-1,234.56',
      'Ana María',
      '99213',
    ]);
  });
});
