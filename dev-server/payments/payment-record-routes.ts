import type { Request } from 'express';
import { json, record } from '../http/answers.ts';
import { DomainError, invalidTexts, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import type { Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { renderDomainError } from '../http/error-handler.ts';
import type { EraContext } from './era-files.ts';
import { batchAndPayment, batchStore, closingDate, paymentStore } from './payment-access.ts';
import { assertPostable, lockedPayment } from './post-services.ts';
import { closePayment, markValidated, paymentDetail, paymentProblems, reversePayment } from './payment-lifecycle.ts';

// What a payment's PUT may correct: how it is described. Its amount, payer, patient, method and card are
// money facts, corrected by reversing the payment and recording it again.
const DESCRIPTIVE = ['reference', 'payment_date', 'eob_date', 'statement', 'note'] as const;

const noteOf = (req: Request) => String(bodyObject(req).note ?? req.query.note ?? '').trim();

/** Calls on one payment of a batch: read, correct its description, reverse, close, validate. */
export const paymentRecordRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/payments/batch/{batch}/payments/{payment}',
    answers: json({
      id: 'integer',
      payment_batch_id: 'integer',
      amount: 'integer',
      postings: ['object'],
      claims: ['integer'],
    }),
    permission: 'payment.show',
    summary: 'A payment of a batch, with what it posted and the claims it works on',
    async handle(ctx, req, actor, res) {
      const { payment } = await batchAndPayment(ctx, actor, req);
      const p = await paymentStore(ctx, actor).get(Number(payment.id));
      return { ...p, ...(await paymentDetail(ctx.db, Number(p.id), res.locals.locale)) };
    },
  },
  {
    method: 'put',
    path: '/payments/batch/{batch}/payments/{payment}',
    answers: json(record('payment')),
    permission: 'payment.edit',
    summary: `Corrects how a payment is described (${DESCRIPTIVE.join(', ')}) while its batch is not Completed and it is not closed; its amount, payer, method and card are corrected by reversing it`,
    async handle(ctx, req, actor, res) {
      const { batch, payment } = await batchAndPayment(ctx, actor, req);
      assertPostable(actor, batch, payment);
      const body = bodyObject(req);
      const store = paymentStore(ctx, actor);
      const money = Object.keys(body).filter(
        (k) =>
          !(DESCRIPTIVE as readonly string[]).includes(k) &&
          !['id', 'version', 'payment_batch_id', 'billing_company_id'].includes(k),
      );
      return ctx.db.transaction(async (tx) => {
        const before = await store.get(Number(payment.id), tx, true);
        const changedMoney = money.filter((k) => JSON.stringify(body[k] ?? null) !== JSON.stringify(before[k] ?? null));
        if (changedMoney.length)
          throw invalid(
            Object.fromEntries(changedMoney.map((k) => [k, [problem('payment_money_corrected_by_reversal')]])),
          );
        const values = Object.fromEntries(DESCRIPTIVE.filter((k) => k in body).map((k) => [k, body[k]]));
        const w = entityWriter(store.entity);
        w.check(w.writable({ ...before, ...values }), res.locals.locale);
        return store.applyUpdate(tx, before, w.writable(values), 'updated');
      });
    },
  },
  {
    method: 'delete',
    path: '/payments/batch/{batch}/payments/{payment}',
    answers: json(record('payment')),
    permission: 'payment.edit',
    summary:
      'Voids a payment ({note} or ?note): it is reversed, never erased — a payment of the opposite amount, every posting reversed to the cent',
    async handle(ctx, req, actor) {
      const { payment } = await batchAndPayment(ctx, actor, req);
      return reversePayment(ctx, actor, Number(payment.id), noteOf(req));
    },
  },
  {
    method: 'post',
    path: '/payments/payment/{id}/reverse',
    answers: json(record('payment')),
    permission: 'payment.create',
    status: 201,
    summary:
      'Reverses a payment (a correction): a payment of the opposite amount in the same batch, every posting of it reversed to the cent, its claims back to Submitted when nothing else pays them ({note})',
    async handle(ctx, req, actor) {
      return reversePayment(ctx, actor, idParam(req), noteOf(req));
    },
  },
  {
    method: 'post',
    path: '/payments/batch/{batch}/payments/{payment}/close',
    answers: json(record('payment')),
    permission: 'payment.close',
    summary:
      'Closes a payment ({date?} mm/dd/yyyy, today by default): its distribution equals its amount, and nothing more is posted to it',
    async handle(ctx, req, actor) {
      const { batch, payment } = await batchAndPayment(ctx, actor, req);
      const date = closingDate(bodyObject(req).date);
      return ctx.db.transaction((tx) => closePayment({ tx, actor, batch, paymentId: Number(payment.id), date }));
    },
  },
  {
    method: 'post',
    path: '/payments/batch/{batch}/payments/close-many',
    answers: json([{ id: 'integer', closed: 'boolean', 'payment?': record('payment') }]),
    permission: 'payment.close',
    summary:
      'Closes several payments of a batch ({payments: [ids], date?}); each answer says whether it closed and, if not, why',
    async handle(ctx, req, actor, res) {
      const batch = await batchStore(ctx, actor).get(idParam(req, 'batch'));
      const body = bodyObject(req);
      const ids = Array.isArray(body.payments ?? body.ids)
        ? ((body.payments ?? body.ids) as unknown[]).map((x) => Number(x && typeof x === 'object' ? (x as Row).id : x))
        : [];
      if (!ids.length || ids.length > 500 || ids.some((x) => !Number.isSafeInteger(x) || x < 1))
        throw invalid({ payments: [problem('payments_list_payment_ids_most_500')] });
      const date = closingDate(body.date);
      const out = [];
      // One transaction each: a payment that does not balance stays open and says why; the others close.
      for (const id of ids) {
        try {
          out.push({
            id,
            closed: true,
            payment: await ctx.db.transaction((tx) => closePayment({ tx, actor, batch, paymentId: id, date })),
          });
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          const { message, errors } = renderDomainError(e, res.locals.locale).body;
          out.push({ id, closed: false, error: Object.values(errors ?? {}).flat()[0] ?? message });
        }
      }
      return out;
    },
  },
  {
    method: 'put',
    path: '/payments/batch/{batch}/payments/{payment}/validate',
    answers: json(record('payment')),
    permission: 'payment.edit',
    summary:
      "Validates a payment: its distribution equals its amount and, for a patient's payment, every claim it pays is that patient's; valid, the time is recorded, otherwise 422 with what is wrong",
    async handle(ctx, req, actor) {
      const { batch, payment } = await batchAndPayment(ctx, actor, req);
      return ctx.db.transaction(async (tx) => {
        const p = await lockedPayment(tx, Number(batch.id), Number(payment.id));
        const problems = await paymentProblems(tx, p);
        if (Object.keys(problems).length) throw invalidTexts(problems, 'payment_not_valid');
        await markValidated(tx, actor, p);
        return { ...(await paymentStore(ctx, actor).get(Number(p.id), tx)), valid: true };
      });
    },
  },
];
