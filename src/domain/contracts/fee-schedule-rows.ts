import { centsFromEntry, MAX_CENTS } from '../money-input.ts';
import { problem, ruleText, type FieldProblem } from '../errors/domain-error.ts';
import { RATE_PRICE_MESSAGE } from '../rules/entity-rules.ts';
import { UNITS_BASIS } from '../../generated/ids.ts';

/** One fee schedule line as read from a spreadsheet row: money in cents, percentages as the decimal text typed. */
export interface FeeScheduleRow {
  /** the row's number in the file (the header is row 1), as the person sees it in their spreadsheet */
  row: number;
  procedure_code: string;
  modifier: string | null;
  place_of_service: string | null;
  amount: number | null;
  percentage: string | null;
  units_basis_id: number;
  /** what is wrong with the row, by field */
  problems: Record<string, FieldProblem[]>;
}

export const MAX_FEE_SCHEDULE_ROWS = 50_000;

type Column = 'procedure_code' | 'modifier' | 'place_of_service' | 'amount' | 'percentage' | 'units_basis';

/**
 * The header names a fee schedule's columns go by, compared without case, spaces or punctuation: ours, and those of
 * the files payers and CMS send (the physician fee schedule's HCPCS, MOD and NON-FACILITY PRICE).
 */
const HEADERS: Record<Column, string[]> = {
  procedure_code: ['procedurecode', 'procedure', 'cpt', 'hcpcs', 'cpthcpcs', 'hcpc', 'code'],
  modifier: ['modifier', 'mod', 'modifier1'],
  place_of_service: ['placeofservice', 'pos'],
  amount: [
    'amount',
    'allowedamount',
    'allowed',
    'fee',
    'feeamount',
    'price',
    'rate',
    'nonfacilityprice',
    'nonfacilityfee',
  ],
  percentage: ['percentage', 'percent', 'pct', 'percentofcharges'],
  units_basis: ['unitsbasis', 'basis', 'per'],
};

const squeeze = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Which cell of a row holds each column, from the header row (-1: not there). */
export function feeScheduleColumns(header: string[]): Record<Column, number> {
  const names = header.map(squeeze);
  return Object.fromEntries(
    (Object.keys(HEADERS) as Column[]).map((c) => [
      c,
      HEADERS[c].map((h) => names.indexOf(h)).find((i) => i >= 0) ?? -1,
    ]),
  ) as Record<Column, number>;
}

const PERCENTAGE = /^[0-9]{1,3}(\.[0-9]{1,3})?$/;

/** "per unit" / "unit" / "1" and "per line" / "line" / "flat" / "2" (empty: per unit). */
function unitsBasis(text: string): number | null {
  const t = squeeze(text);
  if (!t || ['perunit', 'unit', 'units', '1'].includes(t)) return UNITS_BASIS.PER_UNIT;
  if (['perline', 'line', 'flat', 'perservice', '2'].includes(t)) return UNITS_BASIS.PER_LINE;
  return null;
}

/**
 * The fee schedule lines of a spreadsheet's rows (the header first), each with what is wrong with it said per field:
 * nothing is dropped silently, and a repeated procedure/modifier/place names the row that priced it first. Money is
 * read from the text as a decimal ("85", "85.5", "$1,200.00"), never through a float; a percentage keeps its text.
 */
export function feeScheduleRows(cells: string[][]): FeeScheduleRow[] {
  const col = feeScheduleColumns(cells[0] ?? []);
  const at = (row: string[], c: Column) => (col[c] >= 0 ? String(row[col[c]] ?? '').trim() : '');
  const seen = new Map<string, number>();
  const out: FeeScheduleRow[] = [];
  cells.slice(1).forEach((cellsOfRow, i) => {
    if (cellsOfRow.every((c) => !String(c ?? '').trim())) return;
    const problems: Record<string, FieldProblem[]> = {};
    const note = (field: string, p: FieldProblem) => (problems[field] ??= []).push(p);
    const code = at(cellsOfRow, 'procedure_code').toUpperCase();
    // The shape of the procedures a claim line may bill (schemas/entities/procedure.schema.json: 5 letters and digits).
    if (!/^[A-Z0-9]{5}$/.test(code)) note('procedure_code', problem('rate_code'));
    const modifier = at(cellsOfRow, 'modifier').toUpperCase() || null;
    if (modifier && !/^[A-Z0-9]{2}$/.test(modifier)) note('modifier', problem('rate_modifier'));
    const rawPos = at(cellsOfRow, 'place_of_service');
    const pos = rawPos ? rawPos.padStart(2, '0') : null;
    if (pos && !/^[0-9]{2}$/.test(pos)) note('place_of_service', problem('rate_place_of_service'));
    const rawAmount = at(cellsOfRow, 'amount');
    const amount = rawAmount ? centsFromEntry(rawAmount) : null;
    if (rawAmount && (amount === null || amount < 0 || amount > MAX_CENTS))
      note('amount', problem('rate_amount', { value: rawAmount }));
    const percentage = at(cellsOfRow, 'percentage').replace(/%$/, '').trim() || null;
    if (percentage && !PERCENTAGE.test(percentage))
      note('percentage', problem('rate_percentage', { value: percentage }));
    if (!rawAmount === !percentage) note('amount', ruleText(RATE_PRICE_MESSAGE));
    const basisText = at(cellsOfRow, 'units_basis');
    const basis = unitsBasis(basisText);
    if (basis === null) note('units_basis', problem('rate_units_basis', { value: basisText }));
    const row = i + 2;
    const key = `${code}|${modifier ?? ''}|${pos ?? ''}`;
    const first = seen.get(key);
    if (first !== undefined && !problems.procedure_code) note('procedure_code', problem('rate_repeated', { first }));
    else seen.set(key, row);
    out.push({
      row,
      procedure_code: code,
      modifier,
      place_of_service: pos,
      amount: rawAmount ? amount : null,
      percentage: rawAmount ? null : percentage,
      units_basis_id: basis ?? UNITS_BASIS.PER_UNIT,
      problems,
    });
  });
  return out;
}
