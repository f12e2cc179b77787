import type { ApiContext } from '../api-context.ts';
import { json } from '../http/answers.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { frameIn } from '../i18n/locale.ts';
import { storeOf } from '../resources/store-of.ts';
import { letterRoutes } from '../letters/letter-routes.ts';
import { importFeeSchedule, previewFeeSchedule } from './fee-schedule-import.ts';
import { repriceContract } from './contract-pricing.ts';
import { bulkChangeUnderpayments, underpaymentLetter } from './underpayments.ts';

const FEE_LINE = {
  row: 'integer',
  procedure_code: 'string',
  modifier: 'string?',
  place_of_service: 'string?',
  amount: 'integer?',
  percentage: 'string?',
  units_basis_id: 'integer',
} as const;

/** Payer contracts' own calls (their records, fee schedule lines and variances are the generic entities'). */
export const contractRoutes: GuardedRoute<ApiContext>[] = [
  {
    method: 'post',
    path: '/contract/{id}/rates/import',
    answers: json({
      'file_name?': 'string',
      'total?': 'integer',
      'wrong?': 'integer',
      'replaces?': 'integer',
      'rows?': [FEE_LINE],
      'problems?': [{ row: 'integer', field: 'string', message: 'string' }],
      'imported?': 'integer',
      'replaced?': 'integer',
      'repriced_lines?': 'integer',
      'message?': 'string',
    }),
    permission: 'contract.import',
    summary:
      "Replaces a contract's fee schedule from a stored spreadsheet ({file_id} of kind fee-schedule, CSV or XLSX); {preview: true} answers what it would import and every wrong row, writing nothing. The open claims it prices are priced again",
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const id = idParam(req);
      if (body.preview === true) return previewFeeSchedule(ctx, actor, id, body.file_id, res.locals.locale);
      const done = await importFeeSchedule(ctx, actor, id, body.file_id);
      return {
        ...done,
        message: frameIn(
          res.locals.locale,
          '{imported} fee schedule lines imported; {repriced} claim lines priced again.',
          {
            imported: done.imported,
            repriced: done.repriced_lines,
          },
        ),
      };
    },
  },
  {
    method: 'post',
    path: '/contract/{id}/reprice',
    answers: json({ repriced_lines: 'integer', message: 'string' }),
    permission: 'contract.edit',
    summary: "Prices again the open claims a contract prices (after its terms changed): each line's expected amount",
    async handle(ctx, req, actor, res) {
      const contract = await storeOf(ctx, actor, 'contract').get(idParam(req));
      const repriced = await ctx.db.transaction((tx) => repriceContract(tx, Number(contract.id)));
      return {
        repriced_lines: repriced,
        message: frameIn(res.locals.locale, '{repriced} claim lines priced again.', { repriced }),
      };
    },
  },
  ...letterRoutes<ApiContext>({
    path: '/underpayment/{id}/appeal-letter',
    phi: { entity: 'underpayment', view: 'appeal_letter' },
    permission: 'underpayment.appeal',
    fileName: 'underpayment',
    summary:
      "An underpaid line's appeal letter: the remittance (allowed, paid, its reasons in words) beside the contract's expected amount and terms",
    compose: underpaymentLetter,
  }),
  {
    method: 'post',
    path: '/underpayment/bulk',
    answers: json({
      updated: 'integer',
      failed: [{ id: 'integer', updated: 'boolean', error: 'string' }],
      results: [{ id: 'integer', updated: 'boolean' }],
    }),
    permission: 'underpayment.bulk',
    summary:
      'Changes many variances of the worklist at once ({ids, status_id?, assigned_user_id?, follow_up_date?}): how many changed, and for each that did not, why',
    async handle(ctx, req, actor, res) {
      return bulkChangeUnderpayments(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
];
