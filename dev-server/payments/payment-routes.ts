import { historyNote } from '../../src/domain/history-notes.ts';
import { entityOf } from '../resources/store-of.ts';
import { json, record, idNames, message } from '../http/answers.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import reasons from '../../schemas/lists/x12/adjustment-reasons.json' with { type: 'json' };
import { bodyObject, editedVersion, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { entityWriter } from '../resources/validation.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import { usDateOf } from '../../src/domain/formats.ts';
import type { EraContext } from './era-files.ts';
import { batchStore, closingDate } from './payment-access.ts';
import { PAYMENT_BATCH_STATUS } from '../../src/generated/ids.ts';
import { deleteBatch, recalculateBatch } from './payment-lifecycle.ts';

const list = (name: string, locale: string) =>
  codeListFile(name).map((i) => ({ id: i.id, name: locale === 'es' && i.name_es ? i.name_es : i.name }));

/** Payment look-ups at static paths (before the generic router). */
export const paymentLookupRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/payments/sources',
    answers: json(idNames),
    permission: 'payment.view',
    summary: 'Payment sources [{id, name}]: 1 Patient, 2 Insurance, 3 Others, 4 Indivisible',
    async handle(_c, _r, _a, res) {
      return list('payment-sources', res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/payments/methods',
    answers: json(idNames),
    permission: 'payment.view',
    summary: 'Payment methods [{id, name}]: 1 Credit card, 2 Cash, 3 Check, 4 Other',
    async handle(_c, _r, _a, res) {
      return list('payment-methods', res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/payments/codes',
    answers: json([{ id: 'string', code: 'string', description: 'string' }]),
    permission: 'payment.view',
    summary:
      'Claim adjustment reason codes (CARC) [{id, code, description}] in our own words; ?pr=true those a patient may owe (deductible, coinsurance, copay...), ?pr=false the others',
    async handle(_c, req) {
      const pr = new Set(['1', '2', '3', '66', '142', '187', '241']);
      return reasons.items
        .filter((r) => req.query.pr === undefined || (req.query.pr === 'true') === pr.has(r.code))
        .map((r) => ({ id: r.code, code: r.code, description: r.name }));
    },
  },
];

/** A payment batch's own calls (after the generic routes). */
export const paymentRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/payments/batch/{id}/close',
    answers: json(record('payment_batch')),
    permission: 'payment.close',
    summary: 'Closes a batch (?date=mm/dd/yyyy, today by default): Completed, with the date recorded',
    async handle(ctx, req, actor) {
      return closeBatch(ctx, batchStore(ctx, actor), idParam(req), closingDate(req.query.date));
    },
  },
  {
    method: 'delete',
    path: '/payments/batch/{id}',
    answers: message(),
    permission: 'payment.remove',
    summary: 'Deletes a batch that is not Completed (a Super User may delete any) and holds no payment',
    handle: (ctx, req, actor) => deleteBatch(ctx, actor, idParam(req), editedVersion(req)),
  },
  {
    method: 'post',
    path: '/payments/payment',
    answers: json(record('payment')),
    permission: 'payment.create',
    status: 201,
    summary:
      'Records a payment in a batch not completed ({payment_batch_id, source_id, method_id, payment_date, amount, reference, insurance_company_id | patient_id, card_number + card_expiration for card payments only}); payments are never changed: a correction is a reversal',
    async handle(ctx, req, actor, res) {
      const entity = entityOf(ctx, 'payment');
      const w = entityWriter(entity);
      const body = w.writable(bodyObject(req));
      w.check(body, res.locals.locale);
      return ctx.db.transaction(async (tx) => {
        const batch = await batchStore(ctx, actor).get(Number(body.payment_batch_id), tx, true);
        if (Number(batch.status_id) === PAYMENT_BATCH_STATUS.COMPLETED && !actor.crossTenant)
          throw invalid({ payment_batch_id: [problem('payment_goes_into_batch_not_completed')] });
        return new ResourceStore(ctx.db, entity, actor).create(
          { ...body, billing_company_id: batch.billing_company_id },
          { tx },
        );
      });
    },
  },
  {
    method: 'patch',
    path: '/payments/batch/{id}/transition',
    answers: json(record('payment_batch')),
    permission: 'payment.close',
    summary: 'Puts a batch In Review or back In Progress ({status_id: 3|1, note?}); Completed is reached by closing it',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const to = Number(body.status_id ?? body.to);
      if (to !== PAYMENT_BATCH_STATUS.IN_PROGRESS && to !== PAYMENT_BATCH_STATUS.IN_REVIEW)
        throw invalid({ status_id: [problem('batch_closed_close_call_one_moves')] });
      return batchStore(ctx, actor).transition(idParam(req), to, {
        note: typeof body.note === 'string' ? body.note : undefined,
        version: editedVersion(req),
      });
    },
  },
];

/** Batches together: closed at once, a batch's state recalculated. */
export const batchStateRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'post',
    path: '/payments/batch/close-many',
    answers: json([{ id: 'integer', closed: 'boolean', batch: record('payment_batch') }]),
    permission: 'payment.close',
    summary: 'Closes several batches at once ({ids, date?}); each answer says what became of each batch',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
      if (!ids.length || ids.some((x) => !Number.isSafeInteger(x) || x < 1))
        throw invalid({ ids: [problem('ids_list_batch_ids')] });
      const date = closingDate(body.date);
      const store = batchStore(ctx, actor);
      const out = [];
      for (const id of ids) {
        try {
          out.push({ id, closed: true, batch: await closeBatch(ctx, store, id, date) });
        } catch (e) {
          out.push({ id, closed: false, error: e instanceof Error ? e.message : String(e) });
        }
      }
      return out;
    },
  },
  {
    method: 'put',
    path: '/payments/batch/{id}/status',
    answers: json(record('payment_batch')),
    permission: 'payment.view',
    summary:
      "A batch's state, recalculated: its distributed total read again from its payments' postings; {status_id: 1|3} moves it between In Progress and In Review",
    handle: (ctx, req, actor) => recalculateBatch(ctx, actor, idParam(req), bodyObject(req)),
  },
];

export async function closeBatch(ctx: EraContext, store: ResourceStore, id: number, date?: string) {
  return ctx.db.transaction(async (tx) => {
    const b = await store.get(id, tx, true);
    if (Number(b.status_id) === PAYMENT_BATCH_STATUS.COMPLETED) return b;
    // The close date is written with the state, in one update and one audit row.
    return store.transition(Number(b.id), PAYMENT_BATCH_STATUS.COMPLETED, {
      tx,
      locked: b,
      system: true,
      note: historyNote('closed'),
      also: { close_date: date ?? usDateOf() },
    });
  });
}
