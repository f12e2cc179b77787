import type { Request } from 'express';
import { DomainError, invalidTexts, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import type { Actor } from '../auth/actor.ts';
import type { Queryable } from '../db/database.ts';
import type { Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { renderDomainError } from '../http/error-handler.ts';
import { writeAuditMany } from '../audit/audit-writer.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { usDateToIso } from '../../src/domain/formats.ts';
import type { EraContext } from './era-files.ts';
import { batchAndPayment, batchStore, closingDate, paymentStore } from './payment-access.ts';
import { assertPostable, lockedPayment, reversePostings } from './post-services.ts';
import { LIVE_POSTING } from '../ledger/ledger-balances.ts';
import { PAYMENT_SOURCE } from '../../src/generated/ids.ts';

// What a payment's PUT may correct: how it is described. Its amount, payer, patient, method and card are
// money facts, corrected by reversing the payment and recording it again.
const DESCRIPTIVE = ['reference', 'payment_date', 'eob_date', 'statement', 'note'] as const;

/**
 * What keeps a payment from being closed or validated: its distribution short of or over its amount,
 * a patient payment posted to another patient's claim. Field → messages, empty when it is right.
 */
async function paymentProblems(db: Queryable, payment: Row): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const amount = Number(payment.amount),
    distributed = Number(payment.distributed ?? 0);
  if (distributed !== amount)
    out.amount = [
      `The payment's distribution must equal its amount: ${formatCents(distributed)} distributed of ${formatCents(amount)}.`,
    ];
  if (Number(payment.source_id) === PAYMENT_SOURCE.PATIENT && payment.patient_id) {
    const others = (
      await db.query<{ code: string }>(
        `select distinct c.code from payment_services p join claims c on c.id = p.claim_id where p.payment_id = $1 and c.patient_id <> $2 and ${LIVE_POSTING}`,
        [payment.id, payment.patient_id],
      )
    ).rows;
    if (others.length)
      out.patient_id = [
        `The payment is the patient's but pays claims of another patient: ${others.map((o) => o.code).join(', ')}.`,
      ];
  }
  return out;
}

/** Closes a payment: its distribution is final (nothing more is posted to it; a correction is a reversal). */
async function closePayment(tx: Queryable, actor: Actor, batch: Row, paymentId: number, date: string): Promise<Row> {
  const payment = await lockedPayment(tx, Number(batch.id), paymentId);
  if (payment.closed_date) return payment;
  assertPostable(actor, batch);
  const problems = await paymentProblems(tx, payment);
  if (Object.keys(problems).length) throw invalidTexts(problems, 'payment_cannot_closed');
  await tx.query('update payments set closed_date = $2 where id = $1', [payment.id, usDateToIso(date)]);
  await writeAuditMany(tx, actor, {
    entity: 'payment',
    event: 'updated',
    rows: [
      {
        entityId: Number(payment.id),
        billingCompanyId: Number(payment.billing_company_id),
        oldValues: { closed_date: null },
        newValues: { closed_date: date },
      },
    ],
  });
  return (await tx.query<Row>('select * from payments where id = $1', [payment.id])).rows[0];
}

/**
 * Reverses a payment (a correction): a payment of the opposite amount in the same batch, every posting
 * of it reversed to the cent, its claims back to Submitted when nothing else pays them.
 */
export async function reversePayment(ctx: EraContext, actor: Actor, paymentId: number, note: string): Promise<Row> {
  if (!note) throw invalid({ note: [problem('reversal_needs_note_saying_why')] });
  const payments = paymentStore(ctx, actor);
  return ctx.db.transaction(async (tx) => {
    const original = await payments.get(paymentId, tx, true);
    if (original.reverses_payment_id) throw invalid({ id: [problem('reversal_not_reversed_record_payment_again')] });
    const already = (await tx.query('select id from payments where reverses_payment_id = $1', [original.id])).rows[0];
    if (already) throw invalid({ id: [problem('payment_reversed_already')] });
    const batch = await batchStore(ctx, actor).get(Number(original.payment_batch_id), tx, true);
    assertPostable(actor, batch);
    // The reversal is closed at once: it is a correction, nothing is distributed on it by hand.
    const reversal = (
      await tx.query<{ id: string }>(
        `insert into payments (billing_company_id, payment_batch_id, source_id, insurance_company_id, patient_id, method_id, payment_date, amount, reference, reverses_payment_id, statement, note, closed_date)
       select billing_company_id, payment_batch_id, source_id, insurance_company_id, patient_id, method_id, current_date, -amount, reference, id, false, $2, current_date from payments where id = $1 returning id`,
        [original.id, note],
      )
    ).rows[0];
    const reversalId = Number(reversal.id);
    await writeAuditMany(tx, actor, {
      entity: 'payment',
      event: 'created',
      rows: [
        {
          entityId: reversalId,
          billingCompanyId: Number(original.billing_company_id),
          oldValues: null,
          newValues: { reverses_payment_id: original.id, amount: -Number(original.amount), note },
        },
      ],
    });
    const postings = (
      await tx.query<Row>(
        `select p.* from payment_services p where p.payment_id = $1 and ${LIVE_POSTING} order by p.id`,
        [original.id],
      )
    ).rows;
    await reversePostings(
      tx,
      ctx,
      actor,
      {
        paymentId: reversalId,
        batchId: Number(batch.id),
        billingCompanyId: Number(original.billing_company_id),
        reference: String(original.reference ?? original.id),
      },
      postings,
      note,
    );
    await tx.query('delete from payment_claims where payment_id = $1', [original.id]);
    return payments.get(reversalId, tx);
  });
}

const noteOf = (req: Request) =>
  String(
    (req.body && typeof req.body === 'object' ? (req.body as Row).note : undefined) ?? req.query.note ?? '',
  ).trim();

/** Calls on one payment of a batch: read, correct its description, reverse, close, validate. */
export const paymentRecordRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/payments/batch/{batch}/payments/{payment}',
    permission: 'payment.show',
    summary: 'A payment of a batch, with what it posted and the claims it works on',
    async handle(ctx, req, actor) {
      const { payment } = await batchAndPayment(ctx, actor, req);
      const p = await paymentStore(ctx, actor).get(Number(payment.id));
      const postings = (
        await ctx.db.query<Row>(
          'select id, claim_id, claim_code, claim_service_id, procedure, charge, allowed, paid, adjustments, patient_responsibility, remaining, reverses_id, next_responsibility from payment_services where payment_id = $1 order by id',
          [p.id],
        )
      ).rows;
      const claims = (
        await ctx.db.query<{ claim_id: string }>(
          'select claim_id from payment_claims where payment_id = $1 order by added_at, claim_id',
          [p.id],
        )
      ).rows.map((r) => Number(r.claim_id));
      return { ...p, postings, claims };
    },
  },
  {
    method: 'put',
    path: '/payments/batch/{batch}/payments/{payment}',
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
          throw invalidTexts(
            Object.fromEntries(
              changedMoney.map((k) => [
                k,
                ["A payment's amount, payer, method and card are corrected by reversing it and recording it again."],
              ]),
            ),
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
    permission: 'payment.close',
    summary:
      'Closes a payment ({date?} mm/dd/yyyy, today by default): its distribution equals its amount, and nothing more is posted to it',
    async handle(ctx, req, actor) {
      const { batch, payment } = await batchAndPayment(ctx, actor, req);
      const date = closingDate(bodyObject(req).date);
      return ctx.db.transaction((tx) => closePayment(tx, actor, batch, Number(payment.id), date));
    },
  },
  {
    method: 'post',
    path: '/payments/batch/{batch}/payments/close-many',
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
            payment: await ctx.db.transaction((tx) => closePayment(tx, actor, batch, id, date)),
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
    permission: 'payment.edit',
    summary:
      "Validates a payment: its distribution equals its amount and, for a patient's payment, every claim it pays is that patient's; valid, the time is recorded, otherwise 422 with what is wrong",
    async handle(ctx, req, actor) {
      const { batch, payment } = await batchAndPayment(ctx, actor, req);
      return ctx.db.transaction(async (tx) => {
        const p = await lockedPayment(tx, Number(batch.id), Number(payment.id));
        const problems = await paymentProblems(tx, p);
        if (Object.keys(problems).length) throw invalidTexts(problems, 'payment_not_valid');
        await tx.query('update payments set validated_at = now() where id = $1', [p.id]);
        await writeAuditMany(tx, actor, {
          entity: 'payment',
          event: 'updated',
          rows: [
            {
              entityId: Number(p.id),
              billingCompanyId: Number(p.billing_company_id),
              oldValues: { validated_at: p.validated_at ?? null },
              newValues: { validated_at: 'now' },
            },
          ],
        });
        return { ...(await paymentStore(ctx, actor).get(Number(p.id), tx)), valid: true };
      });
    },
  },
];
