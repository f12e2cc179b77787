import { historyNote } from '../../src/domain/history-notes.ts';
import { entityOf } from '../resources/store-of.ts';
import { problem, invalid, invalidTexts, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import type { Row } from '../resources/resource-store.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { moveClaims } from '../claims/claim-bulk.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { claimOutcome, patientShare } from '../../src/domain/payments/claim-outcome.ts';
import { markDenied } from '../denials/mark-denied.ts';
import { NEXT_PAYER_SQL } from '../claims/claims-by-control.ts';
import { LIVE_POSTING } from '../ledger/ledger-balances.ts';
import { distributionProblems, lineGap, type LinePosting } from '../../src/domain/payments/distribution.ts';
import { addDistributed, insertPostings } from './era-posting.ts';
import type { EraContext } from './era-files.ts';
import { CLAIM_STATUS, PAYMENT_BATCH_STATUS } from '../../src/generated/ids.ts';

/**
 * Money moves only in a batch not Completed (a Super User excepted, as the predecessor) and on a
 * payment not closed: a closed payment is corrected by reversing it.
 */
export function assertPostable(actor: Actor, batch: Row, payment?: Row): void {
  if (Number(batch.status_id) === PAYMENT_BATCH_STATUS.COMPLETED && !actor.crossTenant)
    throw invalid({ payment_batch_id: [problem('completed_batch_cannot_changed')] });
  if (payment?.closed_date) throw invalid({ payment_id: [problem('closed_payment_cannot_changed_reverse_correct')] });
}

/** A payment of a batch, locked for the change about to be made to it. */
export async function lockedPayment(tx: Queryable, batchId: number, paymentId: number): Promise<Row> {
  const p = (
    await tx.query<Row>('select * from payments where id = $1 and payment_batch_id = $2 for update', [
      paymentId,
      batchId,
    ])
  ).rows[0];
  if (!p) throw invalid({ payment_id: [problem('payment_not_batch')] });
  return p;
}

/**
 * Reverses postings to the cent under a payment (the same one when a claim is taken off it, a new one
 * when the whole payment is reversed): each gets its opposite, linked by reverses_id, and the payment's
 * and batch's distributed totals go down by what they paid. Claims nothing pays any more go back to
 * Submitted. Answers the amount reversed.
 */
export async function reversePostings({
  tx,
  ctx,
  actor,
  at,
  postings,
  note,
}: {
  tx: Queryable;
  ctx: EraContext;
  actor: Actor;
  at: { paymentId: number; batchId: number; billingCompanyId: number; reference: string };
  postings: Row[];
  note: string;
}): Promise<number> {
  if (!postings.length) return 0;
  const rows = postings.map((o) => ({
    billing_company_id: o.billing_company_id,
    payment_id: at.paymentId,
    claim_id: o.claim_id,
    claim_code: o.claim_code,
    claim_service_id: o.claim_service_id,
    procedure: o.procedure,
    charge: -Number(o.charge),
    allowed: o.allowed === null ? null : -Number(o.allowed),
    paid: -Number(o.paid),
    adjustments: JSON.stringify(
      ((o.adjustments as Array<{ amount: number }>) ?? []).map((a) => ({ ...a, amount: -a.amount })),
    ),
    patient_responsibility: -Number(o.patient_responsibility ?? 0),
    remaining: 0,
    reverses_id: o.id,
    paid_as: o.paid_as ?? null,
    claim_status: o.claim_status ?? null,
    note: historyNote('reversal', { note }),
  }));
  const ids = await insertPostings(tx, rows);
  await writeAuditMany(tx, actor, {
    entity: 'payment-service',
    event: 'created',
    rows: ids.map((id, i) => ({
      entityId: id,
      billingCompanyId: at.billingCompanyId,
      oldValues: null,
      newValues: { reverses_id: rows[i].reverses_id, paid: rows[i].paid, note },
    })),
  });
  const paid = rows.reduce((n, r) => n + Number(r.paid), 0);
  await addDistributed(tx, at.paymentId, at.batchId, paid);
  const claimIds = [...new Set(postings.map((o) => Number(o.claim_id)))];
  const back = (
    await tx.query<{ id: string; status_id: number }>(
      `select c.id, c.status_id from claims c where c.id = any($1::bigint[]) and c.status_id in (${CLAIM_STATUS.APPROVED}, ${CLAIM_STATUS.DENIED}, ${CLAIM_STATUS.COMPLETE})
       and coalesce((select sum(p.paid) from payment_services p where p.claim_id = c.id), 0) = 0`,
      [claimIds],
    )
  ).rows;
  const claimEntity = entityOf(ctx, 'claim');
  for (const c of back)
    await moveClaims(tx, actor, {
      claimEntity,
      billingCompanyId: at.billingCompanyId,
      from: Number(c.status_id),
      to: CLAIM_STATUS.SUBMITTED,
      moves: [{ id: Number(c.id), note: historyNote('paymentReversed', { payment: at.reference, note }) }],
    });
  return paid;
}

export interface ServiceInput {
  claim_service_id: unknown;
  allowed?: unknown;
  paid?: unknown;
  adjustments?: unknown;
  next_responsibility?: unknown;
  refile_reason?: unknown;
  note?: unknown;
}

/**
 * Posts a payment over service lines, as the distribution screen sends them: every line balances
 * (charge = paid + adjustments) and the payment's distribution equals its amount afterwards, or
 * nothing is written. With `replacing`, the claim's live postings under this payment are reversed
 * first (a correction, append-only) and the new ones take their place in the same transaction.
 */
export async function postServices({
  tx,
  ctx,
  actor,
  batch,
  payment,
  services,
  replacing,
}: {
  tx: Queryable;
  ctx: EraContext;
  actor: Actor;
  batch: Row;
  payment: Row;
  services: ServiceInput[];
  replacing?: { claimId: number };
}): Promise<{ payment_id: number; distributed: number; posted: number[]; reversed: number }> {
  if (!services.length && !replacing) throw invalid({ services: [problem('least_one_service_line_required')] });
  const bc = Number(batch.billing_company_id);
  const ids = services.map((s) => Number(s.claim_service_id));
  const ours = new Map(
    (
      await tx.query<Row>(
        `select s.id, s.claim_id, s.line_charge, coalesce(s.procedure_code, s.revenue_code) as procedure, c.code, c.status_id, coalesce(c.billed_responsibility, 'P') as billed_responsibility, ${NEXT_PAYER_SQL} as secondary
      from claim_services s join claims c on c.id = s.claim_id where s.billing_company_id = $1 and s.id = any($2::bigint[])`,
        [bc, ids.filter(Number.isSafeInteger)],
      )
    ).rows.map((l) => [Number(l.id), l]),
  );
  const errors: Record<string, FieldProblem[]> = {};
  const lines: LinePosting[] = services.map((s, i) => {
    const line = ours.get(Number(s.claim_service_id));
    if (!line) (errors[`services.${i}.claim_service_id`] ??= []).push(problem('service_line_not_found'));
    else if (replacing && Number(line.claim_id) !== replacing.claimId)
      (errors[`services.${i}.claim_service_id`] ??= []).push(problem('service_line_not_of_claim'));
    const adjustments = (Array.isArray(s.adjustments) ? (s.adjustments as Row[]) : []).map((a) => ({
      group: String(a.group ?? '').toUpperCase(),
      reason: String(a.reason ?? '').toUpperCase(),
      amount: Math.trunc(Number(a.amount ?? 0)),
    }));
    return {
      claim_service_id: Number(s.claim_service_id),
      charge: Number(line?.line_charge ?? 0),
      allowed: s.allowed === undefined || s.allowed === null ? null : Math.trunc(Number(s.allowed)),
      paid: Math.trunc(Number(s.paid ?? 0)),
      adjustments,
    };
  });
  if (Object.keys(errors).length) throw invalid(errors);
  const earlier = replacing
    ? (
        await tx.query<Row>(
          `select p.* from payment_services p where p.payment_id = $1 and p.claim_id = $2 and ${LIVE_POSTING} order by p.id`,
          [payment.id, replacing.claimId],
        )
      ).rows
    : [];
  const earlierPaid = earlier.reduce((n, o) => n + Number(o.paid), 0);
  const problems = distributionProblems(
    Number(payment.amount),
    Number(payment.distributed ?? 0) - earlierPaid,
    lines,
    (i) => `line ${String(ours.get(lines[i].claim_service_id)?.procedure ?? i + 1)}`,
  );
  if (Object.keys(problems).length) throw invalidTexts(problems, 'distribution_does_not_balance');
  const at = {
    paymentId: Number(payment.id),
    batchId: Number(batch.id),
    billingCompanyId: bc,
    reference: String(payment.reference ?? payment.id),
  };
  const reversed = await reversePostings({
    tx,
    ctx,
    actor,
    at,
    postings: earlier,
    note: 'corrected on the distribution screen',
  });
  const denied = deniedClaims(
    lines.map((l) => ({ claimId: Number(ours.get(l.claim_service_id)!.claim_id), posting: l })),
  );
  const rows = lines.map((l, i) => {
    const line = ours.get(l.claim_service_id)!;
    const s = services[i];
    return {
      billing_company_id: bc,
      payment_id: payment.id,
      claim_id: line.claim_id,
      claim_code: line.code,
      claim_service_id: l.claim_service_id,
      procedure: line.procedure,
      charge: l.charge,
      allowed: l.allowed,
      paid: l.paid,
      adjustments: JSON.stringify(l.adjustments),
      patient_responsibility: patientShare(l.adjustments),
      remaining: lineGap(l),
      paid_as: line.billed_responsibility,
      // CLP02 4 as an ERA would say it: a denial's adjustments say why, they do not settle the balance.
      claim_status: denied.has(Number(line.claim_id)) ? CLAIM_DENIED_CODE : null,
      next_responsibility: ['S', 'T', 'P'].includes(String(s.next_responsibility)) ? s.next_responsibility : null,
      refile_reason: typeof s.refile_reason === 'string' ? s.refile_reason.slice(0, 200) : null,
      note: typeof s.note === 'string' ? s.note.slice(0, 500) : null,
    };
  });
  const inserted = await insertPostings(tx, rows);
  await writeAuditMany(tx, actor, {
    entity: 'payment-service',
    event: 'created',
    rows: inserted.map((id, i) => ({
      entityId: id,
      billingCompanyId: bc,
      oldValues: null,
      newValues: { ...rows[i], adjustments: lines[i].adjustments },
    })),
  });
  const paid = lines.reduce((n, l) => n + l.paid, 0);
  await addDistributed(tx, Number(payment.id), Number(batch.id), paid);
  await tx.query(
    'insert into payment_claims (payment_id, claim_id, billing_company_id, added_by) select $1, x, $2, $3 from unnest($4::bigint[]) x on conflict do nothing',
    [payment.id, bc, actor.system ? null : actor.userId, [...new Set(rows.map((r) => Number(r.claim_id)))]],
  );
  await moveClaimsAsPaid(tx, ctx, actor, {
    bc,
    payment,
    denied,
    posted: lines.map((l, i) => ({
      line: ours.get(l.claim_service_id)!,
      posting: l,
      refile: !!rows[i].next_responsibility,
    })),
  });
  return {
    payment_id: Number(payment.id),
    distributed: Number(payment.distributed ?? 0) + reversed + paid,
    posted: inserted,
    reversed: -reversed,
  };
}

/** The CLP02 claim status code of a denial. */
const CLAIM_DENIED_CODE = '4';

/** Claims a posting denies: every line of theirs in it pays nothing and leaves the patient nothing. */
function deniedClaims(posted: Array<{ claimId: number; posting: LinePosting }>): Set<number> {
  const open = new Map<number, boolean>();
  for (const { claimId, posting: l } of posted)
    open.set(claimId, (open.get(claimId) ?? true) && l.paid === 0 && patientShare(l.adjustments) === 0);
  return new Set([...open].filter(([, d]) => d).map(([id]) => id));
}

/** Each claim paid: Approved, Complete or Denied (denied: the claims deniedClaims found in this posting) as its lines say; what the next payer is asked for stays in the note. */
async function moveClaimsAsPaid(
  tx: Queryable,
  ctx: EraContext,
  actor: Actor,
  {
    bc,
    payment,
    denied,
    posted,
  }: {
    bc: number;
    payment: Row;
    denied: Set<number>;
    posted: Array<{ line: Row; posting: LinePosting; refile: boolean }>;
  },
) {
  const claimEntity = entityOf(ctx, 'claim');
  const byClaim = new Map<number, { status: number; secondary: boolean; paid: number; pr: number; refile: boolean }>();
  for (const { line, posting: l, refile } of posted) {
    const c = byClaim.get(Number(line.claim_id)) ?? {
      status: Number(line.status_id),
      secondary: !!line.secondary,
      paid: 0,
      pr: 0,
      refile: false,
    };
    c.paid += l.paid;
    c.pr += patientShare(l.adjustments);
    c.refile ||= refile;
    byClaim.set(Number(line.claim_id), c);
  }
  // Read again: a correction may just have sent a claim back to Submitted.
  const now = new Map(
    (
      await tx.query<{ id: string; status_id: number }>(
        'select id, status_id from claims where id = any($1::bigint[])',
        [[...byClaim.keys()]],
      )
    ).rows.map((r) => [Number(r.id), Number(r.status_id)]),
  );
  const deniedCodes: Array<{ id: number; codes: string[] }> = [];
  for (const [id, c] of byClaim) {
    c.status = now.get(id) ?? c.status;
    const to = claimOutcome({
      status: denied.has(id) ? CLAIM_DENIED_CODE : '1',
      paid: c.paid,
      patientResponsibility: c.pr,
      hasNextPayer: c.secondary || c.refile,
    });
    if (to !== null && to !== c.status)
      await moveClaims(tx, actor, {
        claimEntity,
        billingCompanyId: bc,
        from: c.status,
        to,
        moves: [
          {
            id,
            note: historyNote('paymentPosted', {
              payment: String(payment.reference ?? payment.id),
              paid: formatCents(c.paid),
              patient: formatCents(c.pr),
            }),
          },
        ],
      });
    if (to === CLAIM_STATUS.DENIED)
      deniedCodes.push({
        id,
        codes: posted
          .filter((p) => Number(p.line.claim_id) === id)
          .flatMap((p) => p.posting.adjustments.filter((a) => a.group !== 'PR').map((a) => `${a.group}-${a.reason}`)),
      });
  }
  await markDenied(tx, deniedCodes);
}

/** Posts service lines to a payment of a batch in one transaction, the payment locked and checked postable first. */
export function postToPayment(
  ctx: EraContext,
  actor: Actor,
  post: { batch: Row; paymentId: number; services: ServiceInput[]; replacing?: { claimId: number } },
) {
  return changePayment(ctx, actor, post, (tx, payment) =>
    postServices({
      tx,
      ctx,
      actor,
      batch: post.batch,
      payment,
      services: post.services,
      replacing: post.replacing,
    }),
  );
}

/**
 * The shape of every change to a payment's distribution: one transaction, the payment locked (so two people
 * distributing one check follow each other) and checked still open in an open batch, then the change.
 */
export function changePayment<T>(
  ctx: EraContext,
  actor: Actor,
  at: { batch: Row; paymentId: number },
  change: (tx: Queryable, payment: Row) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const payment = await lockedPayment(tx, Number(at.batch.id), at.paymentId);
    assertPostable(actor, at.batch, payment);
    return change(tx, payment);
  });
}
