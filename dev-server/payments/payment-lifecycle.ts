import { invalid, invalidTexts, problem } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import type { Row } from '../resources/resource-store.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { usDateToIso } from '../../src/domain/formats.ts';
import type { EraContext } from './era-files.ts';
import { batchStore, paymentStore } from './payment-access.ts';
import { assertPostable, lockedPayment, reversePostings } from './post-services.ts';
import { LIVE_POSTING } from '../ledger/ledger-balances.ts';
import { PAYMENT_BATCH_STATUS, PAYMENT_SOURCE } from '../../src/generated/ids.ts';
import type { Locale } from '../i18n/locale.ts';
import { systemWordsOfEntity } from '../resources/system-words.ts';

/** A payment's life after it is recorded: what it posted, closing, validating and reversing it. */

/**
 * What keeps a payment from being closed or validated: its distribution short of or over its amount,
 * a patient payment posted to another patient's claim. Field → messages, empty when it is right.
 */
export async function paymentProblems(db: Queryable, payment: Row): Promise<Record<string, string[]>> {
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
export async function closePayment({
  tx,
  actor,
  batch,
  paymentId,
  date,
}: {
  tx: Queryable;
  actor: Actor;
  batch: Row;
  paymentId: number;
  date: string;
}): Promise<Row> {
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
    await reversePostings({
      tx,
      ctx,
      actor,
      at: {
        paymentId: reversalId,
        batchId: Number(batch.id),
        billingCompanyId: Number(original.billing_company_id),
        reference: String(original.reference ?? original.id),
      },
      postings,
      note,
    });
    await tx.query('delete from payment_claims where payment_id = $1', [original.id]);
    return payments.get(reversalId, tx);
  });
}

/** What a payment posted, line by line, and the claims it works on. */
export async function paymentDetail(db: Queryable, paymentId: number, locale: Locale) {
  const words = systemWordsOfEntity('payment-service');
  const postings = (
    await db.query<Row>(
      'select id, claim_id, claim_code, claim_service_id, procedure, charge, allowed, paid, adjustments, patient_responsibility, remaining, reverses_id, next_responsibility, note from payment_services where payment_id = $1 order by id',
      [paymentId],
    )
  ).rows.map((r) => words.row(r, locale));
  const claims = (
    await db.query<{ claim_id: string }>(
      'select claim_id from payment_claims where payment_id = $1 order by added_at, claim_id',
      [paymentId],
    )
  ).rows.map((r) => Number(r.claim_id));
  return { postings, claims };
}

/** Marks a locked payment validated (its problems checked by the caller); audited. */
export async function markValidated(tx: Queryable, actor: Actor, p: Row) {
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
}

/** Deletes a batch that is not Completed (a Super User may delete any) and holds no payment. */
export async function deleteBatch(ctx: EraContext, actor: Actor, id: number, version: number | undefined) {
  const store = batchStore(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    const b = await store.get(id, tx, true);
    if (Number(b.status_id) === PAYMENT_BATCH_STATUS.COMPLETED && !actor.crossTenant)
      throw invalid({ status_id: [problem('completed_batch_cannot_changed')] });
    const n = Number(
      (await tx.query<{ n: string }>('select count(*) as n from payments where payment_batch_id = $1', [b.id])).rows[0]
        .n,
    );
    if (n) throw invalid({ payments: [problem('batch_payments_cannot_deleted_reverse_payments')] });
    await store.remove(b.id, { tx, version: version });
  });
  return { message: 'Deleted.' };
}

/** A batch's state recalculated: its distributed total read again from its payments' postings; a status moves it between In Progress and In Review. */
export async function recalculateBatch(ctx: EraContext, actor: Actor, id: number, body: Record<string, unknown>) {
  const store = batchStore(ctx, actor);
  return ctx.db.transaction(async (tx) => {
    const b = await store.get(id, tx, true);
    const sum = Number(
      (
        await tx.query<{ s: string }>(
          'select coalesce(sum(p.paid), 0) as s from payment_services p join payments y on y.id = p.payment_id where y.payment_batch_id = $1',
          [b.id],
        )
      ).rows[0].s,
    );
    const now =
      Number(b.distributed ?? 0) === sum ? b : await store.applyUpdate(tx, b, { distributed: sum }, 'updated');
    const to = body.status_id === undefined ? undefined : Number(body.status_id);
    if (to === undefined || to === Number(now.status_id)) return now;
    if (to !== PAYMENT_BATCH_STATUS.IN_PROGRESS && to !== PAYMENT_BATCH_STATUS.IN_REVIEW)
      throw invalid({ status_id: [problem('batch_closed_close_call_one_moves')] });
    return store.transition(now.id, to, { tx, note: typeof body.note === 'string' ? body.note : undefined });
  });
}
