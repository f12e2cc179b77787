import type { ApiContext } from '../api-context.ts';
import type { Actor } from '../security/actor.ts';
import type { Locale } from '../i18n/locale.ts';
import { invalid, problem, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import {
  feeScheduleColumns,
  feeScheduleRows,
  MAX_FEE_SCHEDULE_ROWS,
  type FeeScheduleRow,
} from '../../src/domain/contracts/fee-schedule-rows.ts';
import { renderDomainError } from '../http/error-handler.ts';
import { storeOf } from '../resources/store-of.ts';
import { writeAudit } from '../db/audit-writer.ts';
import { spreadsheetCells } from './spreadsheet-cells.ts';
import { repriceContract } from './contract-pricing.ts';

/** How many rows a preview shows (every wrong row is listed apart, up to PREVIEW_PROBLEMS). */
const PREVIEW_ROWS = 200;
const PREVIEW_PROBLEMS = 1000;

/** Why a stored spreadsheet gave no rows, as the person is told. */
const REFUSALS = {
  unreadable: 'fee_schedule_file_unread',
  too_large: 'fee_schedule_file_too_large',
  too_many_rows: 'fee_schedule_too_many_rows',
} as const;

type ImportContext = Pick<ApiContext, 'db' | 'entities' | 'files'>;

/** The fee schedule a stored spreadsheet holds for a contract, read and checked row by row (nothing written). */
async function readSchedule(ctx: ImportContext, actor: Actor, contractId: number, fileId: unknown) {
  const contract = await storeOf(ctx, actor, 'contract').get(contractId);
  const id = Number(fileId);
  if (!Number.isSafeInteger(id) || id < 1) throw invalid({ file_id: [problem('field_an_id', { field: 'file id' })] });
  const file = await ctx.files.get(actor, id);
  if (file.kind !== 'fee-schedule' || Number(file.billing_company_id) !== Number(contract.billing_company_id))
    throw invalid({ file_id: [problem('fee_schedule_file_unread')] });
  // The header and at most MAX_FEE_SCHEDULE_ROWS rows are read: a longer file is refused at the row past them.
  const read = await spreadsheetCells(await ctx.files.read(file), MAX_FEE_SCHEDULE_ROWS + 1);
  if ('refused' in read) {
    const code = REFUSALS[read.refused];
    const params = { max: MAX_FEE_SCHEDULE_ROWS };
    throw invalid({ file_id: [problem(code, params)] }, code, params);
  }
  const cells = read.rows;
  const columns = feeScheduleColumns(cells[0] ?? []);
  const found = { columns: (cells[0] ?? []).join(', ') };
  if (columns.procedure_code < 0)
    throw invalid({ file_id: [problem('fee_schedule_no_code_column', found)] }, 'fee_schedule_no_code_column', found);
  if (columns.amount < 0 && columns.percentage < 0)
    throw invalid({ file_id: [problem('fee_schedule_no_price_column', found)] }, 'fee_schedule_no_price_column', found);
  const rows = feeScheduleRows(cells);
  if (!rows.length) throw invalid({ file_id: [problem('fee_schedule_empty')] }, 'fee_schedule_empty');
  return { contract, file, rows };
}

/** Every wrong row's problems keyed "rows.{row}.{field}", the shape a 422 and the preview both say. */
function rowProblems(rows: FeeScheduleRow[]): Record<string, FieldProblem[]> {
  const out: Record<string, FieldProblem[]> = {};
  for (const r of rows) for (const [field, ps] of Object.entries(r.problems)) out[`rows.${r.row}.${field}`] = ps;
  return out;
}

const lineOf = (r: FeeScheduleRow) => ({
  row: r.row,
  procedure_code: r.procedure_code,
  modifier: r.modifier,
  place_of_service: r.place_of_service,
  amount: r.amount,
  percentage: r.percentage,
  units_basis_id: r.units_basis_id,
});

/**
 * What importing the spreadsheet would do, nothing written: how many lines it holds and how many the contract has now
 * (an import replaces them all), the first rows as they would be kept, and every wrong row with its problems in the
 * reader's language.
 */
export async function previewFeeSchedule(
  ctx: ImportContext,
  actor: Actor,
  contractId: number,
  fileId: unknown,
  locale: Locale,
) {
  const { file, rows } = await readSchedule(ctx, actor, contractId, fileId);
  const wrong = rows.filter((r) => Object.keys(r.problems).length);
  const current = await ctx.db.query<{ n: string }>('select count(*) as n from contract_rates where contract_id = $1', [
    contractId,
  ]);
  const said = renderDomainError(invalid(rowProblems(wrong.slice(0, PREVIEW_PROBLEMS))), locale).body.errors ?? {};
  return {
    file_name: file.name,
    total: rows.length,
    wrong: wrong.length,
    replaces: Number(current.rows[0].n),
    rows: rows.slice(0, PREVIEW_ROWS).map(lineOf),
    problems: Object.entries(said).map(([key, messages]) => {
      const [, row, field] = key.split('.');
      return { row: Number(row), field, message: messages.join(' ') };
    }),
  };
}

/**
 * Replaces a contract's fee schedule with a spreadsheet's rows in one transaction, only when every row is right (a
 * 422 lists each wrong row otherwise, nothing written), then prices the contract's open claims again; audited with
 * the file it came from.
 */
export async function importFeeSchedule(ctx: ImportContext, actor: Actor, contractId: number, fileId: unknown) {
  const { contract, file, rows } = await readSchedule(ctx, actor, contractId, fileId);
  const wrong = rows.filter((r) => Object.keys(r.problems).length);
  if (wrong.length) throw invalid(rowProblems(wrong), 'fee_schedule_rows_wrong', { count: wrong.length });
  const bc = Number(contract.billing_company_id);
  return ctx.db.transaction(async (tx) => {
    await tx.query('select id from contracts where id = $1 for update', [contractId]);
    const removed = await tx.query('delete from contract_rates where contract_id = $1', [contractId]);
    await tx.query(
      `insert into contract_rates (billing_company_id, contract_id, procedure_code, modifier, place_of_service, amount, percentage, units_basis_id)
       select $1, $2, * from unnest($3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::int[])`,
      [
        bc,
        contractId,
        rows.map((r) => r.procedure_code),
        rows.map((r) => r.modifier),
        rows.map((r) => r.place_of_service),
        rows.map((r) => r.amount),
        rows.map((r) => r.percentage),
        rows.map((r) => r.units_basis_id),
      ],
    );
    const repriced = await repriceContract(tx, contractId);
    await writeAudit(tx, actor, {
      entity: 'contract',
      entityId: contractId,
      billingCompanyId: bc,
      event: 'fee_schedule_imported',
      oldValues: { rates: removed.rowCount ?? 0 },
      newValues: { rates: rows.length, file_id: file.id, file_name: file.name, repriced_lines: repriced },
    });
    return { imported: rows.length, replaced: removed.rowCount ?? 0, repriced_lines: repriced };
  });
}
