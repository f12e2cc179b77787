import { historyNote } from '../../src/domain/history-notes.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import type { Row } from '../resources/resource-store.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import type { EraContext } from './era-files.ts';
import { changePayment, lockedPayment, assertPostable, reversePostings } from './post-services.ts';
import { LIVE_POSTING } from '../ledger/ledger-balances.ts';
import { CLAIM_STATUS, PAYMENT_SOURCE } from '../../src/generated/ids.ts';
import { BILLED_POLICY } from '../eligibility/eligibility-sources.ts';

// Claims a payment may pay: sent to a payer or already paid, denied or complete (a correction).
const PAYABLE = `c.status_id in (${CLAIM_STATUS.SUBMITTED}, ${CLAIM_STATUS.APPROVED}, ${CLAIM_STATUS.REJECTED}, ${CLAIM_STATUS.DENIED}, ${CLAIM_STATUS.COMPLETE})`;

/**
 * The claims with their lines as the distribution screen shows them: each line's charge, what payers
 * paid and adjusted before, and its balance. Patient payments are not in paid_before: a patient pays
 * the share the payer left (patient responsibility), not the payer's part.
 */
async function claimsWithLines(db: Queryable, where: string[], params: unknown[], attachedTo: number) {
  const claims = (
    await db.query<Row>(
      `select c.id, c.code, c.patient_id, c.patient_name, c.status_id, c.billed_amount, c.date_of_service, c.attached,
              e.deductible_remaining as payer_deductible_remaining, e.copay as payer_copay, to_char(e.answered_at, 'MM/DD/YYYY') as payer_said_on
         from (select c.id, c.code, c.patient_id, c.patient_name, c.status_id, c.billed_amount, c.billing_company_id,
                      c.insurance_policy_ids, c.billed_responsibility, c.date_of_service as dos,
                      to_char(c.date_of_service, 'MM/DD/YYYY') as date_of_service,
                      exists (select 1 from payment_claims pc where pc.payment_id = ${attachedTo} and pc.claim_id = c.id) as attached
                 from claims c where ${where.join(' and ')} order by c.date_of_service desc, c.id desc limit 50) c
         -- What the payer last said of the billed policy while it was active: it splits the patient's share (PR-1/2/3).
         left join lateral (select e.deductible_remaining, e.copay, e.answered_at from eligibility_checks e
                             where e.billing_company_id = c.billing_company_id and e.insurance_policy_id = ${BILLED_POLICY}
                               and e.state = 'answered' and e.coverage = 'active'
                             order by e.answered_at desc limit 1) e on true
        order by c.dos desc, c.id desc`,
      params,
    )
  ).rows;
  const lines = (
    await db.query<Row>(
      `select s.id, s.claim_id, s.line_number, coalesce(s.procedure_code, s.revenue_code) as procedure, to_char(s.from_service, 'MM/DD/YYYY') as from_service, s.line_charge as charge, coalesce(s.copay, 0) as copay,
            coalesce((select sum(p.paid) from payment_services p join payments y on y.id = p.payment_id and y.source_id <> ${PAYMENT_SOURCE.PATIENT} where p.claim_service_id = s.id), 0) as paid_before,
            coalesce((select sum((a->>'amount')::bigint) from payment_services p, jsonb_array_elements(coalesce(p.adjustments, '[]'::jsonb)) a where p.claim_service_id = s.id), 0) as adjusted_before
       from claim_services s where s.claim_id = any($1::bigint[]) order by s.claim_id, s.line_number`,
      [claims.map((c) => c.id)],
    )
  ).rows;
  return claims.map((c) => ({
    ...c,
    billed_amount: Number(c.billed_amount),
    payer_deductible_remaining: c.payer_deductible_remaining === null ? null : Number(c.payer_deductible_remaining),
    payer_copay: c.payer_copay === null ? null : Number(c.payer_copay),
    lines: lines
      .filter((l) => Number(l.claim_id) === Number(c.id))
      .map((l) => ({
        ...l,
        charge: Number(l.charge),
        copay: Number(l.copay),
        paid_before: Number(l.paid_before),
        adjusted_before: Number(l.adjusted_before),
        balance: Number(l.charge) - Number(l.paid_before) - Number(l.adjusted_before),
      })),
  }));
}

/**
 * The claims a payment may pay, as the distribution screen shows them: a patient's, or those whose
 * number or patient name holds the words; with neither, the claims attached to the payment.
 */
export async function payableClaims(db: Queryable, payment: Row, find: { patientId?: number; words?: string }) {
  const params: unknown[] = [payment.billing_company_id];
  const where = ['c.billing_company_id = $1', PAYABLE];
  if (find.patientId !== undefined) {
    params.push(find.patientId);
    where.push(`c.patient_id = $${params.length}`);
  }
  if (find.words) {
    params.push(`%${find.words.toLowerCase()}%`);
    where.push(`lower(c.code || ' ' || coalesce(c.patient_name, '')) like $${params.length}`);
  }
  if (params.length === 1)
    where.push(`c.id in (select claim_id from payment_claims where payment_id = ${Number(payment.id)})`);
  return claimsWithLines(db, where, params, Number(payment.id));
}

/**
 * Sets the claims a payment is working on. A claim taken off the list that the payment already paid
 * is refused: money is taken off a claim by removing the claim from the payment (its postings reversed).
 */
export async function syncClaims({
  tx,
  actor,
  payment,
  ids,
  field,
}: {
  tx: Queryable;
  actor: Actor;
  payment: Row;
  ids: number[];
  field: string;
}): Promise<{ added: number[]; removed: number[] }> {
  const bc = Number(payment.billing_company_id);
  const found = (
    await tx.query<{ id: string }>(
      `select c.id from claims c where c.billing_company_id = $1 and c.id = any($2::bigint[]) and ${PAYABLE}`,
      [bc, ids],
    )
  ).rows.map((r) => Number(r.id));
  const missing = ids.filter((x) => !found.includes(x));
  if (missing.length)
    throw invalid({ [field]: [problem('claims_not_payable_by_payment', { claims: missing.join(', ') })] });
  const before = (
    await tx.query<{ claim_id: string }>('select claim_id from payment_claims where payment_id = $1', [payment.id])
  ).rows.map((r) => Number(r.claim_id));
  const removed = before.filter((x) => !ids.includes(x));
  const paid = (
    await tx.query<{ claim_id: string }>(
      `select distinct p.claim_id from payment_services p where p.payment_id = $1 and p.claim_id = any($2::bigint[]) and ${LIVE_POSTING}`,
      [payment.id, removed],
    )
  ).rows.map((r) => Number(r.claim_id));
  if (paid.length)
    throw invalid({ [field]: [problem('claims_have_postings_of_payment', { claims: paid.join(', ') })] });
  const added = ids.filter((x) => !before.includes(x));
  await tx.query('delete from payment_claims where payment_id = $1 and claim_id = any($2::bigint[])', [
    payment.id,
    removed,
  ]);
  await tx.query(
    'insert into payment_claims (payment_id, claim_id, billing_company_id, added_by) select $1, x, $2, $3 from unnest($4::bigint[]) x on conflict do nothing',
    [payment.id, bc, actor.system ? null : actor.userId, added],
  );
  if (added.length || removed.length)
    await writeAuditMany(tx, actor, {
      entity: 'payment',
      event: 'updated',
      rows: [
        {
          entityId: Number(payment.id),
          billingCompanyId: bc,
          oldValues: { claims: before },
          newValues: { claims: ids },
        },
      ],
    });
  return { added, removed };
}

/** Adds a claim to those a payment works on (nothing is posted yet). */
export async function attachClaim(tx: Queryable, actor: Actor, payment: Row, claimId: number) {
  const now = (
    await tx.query<{ claim_id: string }>('select claim_id from payment_claims where payment_id = $1', [payment.id])
  ).rows.map((r) => Number(r.claim_id));
  return syncClaims({ tx, actor, payment, ids: [...new Set([...now, claimId])], field: 'claim_id' });
}

/**
 * Takes a claim off a payment: what the payment posted to it is reversed to the cent (the claim back to
 * Submitted when nothing else pays it) and the claim leaves the payment. Answers the amount reversed.
 */
export async function takeClaimOff(
  tx: Queryable,
  ctx: EraContext,
  actor: Actor,
  at: { batch: Row; payment: Row; claimId: number; note: string },
): Promise<number> {
  const { batch, payment, claimId } = at;
  const postings = (
    await tx.query<Row>(
      `select p.* from payment_services p where p.payment_id = $1 and p.claim_id = $2 and ${LIVE_POSTING} order by p.id`,
      [payment.id, claimId],
    )
  ).rows;
  const attached = (
    await tx.query('delete from payment_claims where payment_id = $1 and claim_id = $2 returning claim_id', [
      payment.id,
      claimId,
    ])
  ).rows.length;
  if (!postings.length && !attached) throw invalid({ claim_id: [problem('claim_not_payment')] });
  const reference = String(payment.reference ?? payment.id);
  const reversed = await reversePostings({
    tx,
    ctx,
    actor,
    at: {
      paymentId: Number(payment.id),
      batchId: Number(batch.id),
      billingCompanyId: Number(batch.billing_company_id),
      reference,
    },
    postings,
    note: at.note || historyNote('takenOffPayment', { payment: reference }),
  });
  if (!postings.length)
    await writeAuditMany(tx, actor, {
      entity: 'payment',
      event: 'updated',
      rows: [
        {
          entityId: Number(payment.id),
          billingCompanyId: Number(batch.billing_company_id),
          oldValues: { claim_id: claimId },
          newValues: { claim_id: null },
        },
      ],
    });
  return reversed;
}

/** Sets the claims one payment works on (the list replaces the one before). */
export function setPaymentClaims(ctx: EraContext, actor: Actor, at: { batch: Row; paymentId: number; ids: number[] }) {
  return changePayment(ctx, actor, at, async (tx, payment) => ({
    payment_id: Number(payment.id),
    ...(await syncClaims({ tx, actor, payment, ids: at.ids, field: 'claims' })),
  }));
}

/** Sets the claims of several payments of one batch at once: all of them, or none when one is refused. */
export function setBatchClaims(ctx: EraContext, actor: Actor, batch: Row, list: { id: number; ids: number[] }[]) {
  return ctx.db.transaction(async (tx) => {
    const out = [];
    for (const [i, p] of list.entries()) {
      const payment = await lockedPayment(tx, Number(batch.id), p.id);
      assertPostable(actor, batch, payment);
      const field = `payments.${i}.claims`;
      out.push({ payment_id: Number(payment.id), ...(await syncClaims({ tx, actor, payment, ids: p.ids, field })) });
    }
    return out;
  });
}

/** Adds one claim to those a payment works on. */
export function addPaymentClaim(ctx: EraContext, actor: Actor, at: { batch: Row; paymentId: number; claimId: number }) {
  return changePayment(ctx, actor, at, async (tx, payment) => ({
    payment_id: Number(payment.id),
    ...(await attachClaim(tx, actor, payment, at.claimId)),
  }));
}

/** Takes a claim off a payment (its postings reversed): answers what was reversed and what the payment now distributes. */
export function removePaymentClaim(
  ctx: EraContext,
  actor: Actor,
  at: { batch: Row; paymentId: number; claimId: number; note: string },
) {
  return changePayment(ctx, actor, at, async (tx, payment) => {
    const reversed = await takeClaimOff(tx, ctx, actor, {
      batch: at.batch,
      payment,
      claimId: at.claimId,
      note: at.note,
    });
    return {
      payment_id: Number(payment.id),
      claim_id: at.claimId,
      reversed: -reversed,
      distributed: Number(payment.distributed ?? 0) + reversed,
    };
  });
}

/** Patients of a billing company with claims waiting for payment whose name holds the words (at most 20). */
export async function patientsAwaitingPayment(db: Queryable, billingCompanyId: number, words: string) {
  return (
    await db.query<{ id: number; name: string }>(
      `select distinct p.id, p.first_name || ' ' || p.last_name as name from patients p join claims c on c.patient_id = p.id and c.status_id in (${CLAIM_STATUS.SUBMITTED}, ${CLAIM_STATUS.APPROVED})
      where p.billing_company_id = $1 and lower(p.first_name || ' ' || p.last_name) like $2 order by name limit 20`,
      [billingCompanyId, `%${words}%`],
    )
  ).rows;
}
