import { isImbalance } from '../../src/domain/x12/x12-finding.ts';
import { HISTORY_WORDS, historyNote } from '../../src/domain/history-notes.ts';
import { entityOf, storeOf } from '../resources/store-of.ts';
import { problem, invalid, ruleText } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { nowOf } from '../db/as-of.ts';
import type { Queryable } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { Row } from '../resources/resource-store.ts';
import { addClaimNotes, moveClaims } from '../claims/claim-bulk.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { isoDayOf, isoToUsDate, usDateOf, type IsoDate } from '../../src/domain/formats.ts';
import { describeAdjustment } from '../../src/domain/x12/code-meanings.ts';
import type { Adjustment, Claim835, Remittance, ServiceLine835 } from '../../src/domain/x12/era-835-model.ts';
import { adjustmentTotal, claimOutcome, patientShare } from '../../src/domain/payments/claim-outcome.ts';
import { markDenied } from '../denials/mark-denied.ts';
import { LIVE_POSTING, PATIENT_SOURCE_SQL } from '../ledger/ledger-balances.ts';
import { paymentByTrace, type EraContext } from './era-files.ts';
import { billedPayers, claimsByControl, controlledClaim, type ControlledClaim } from '../claims/claims-by-control.ts';
import {
  fromBilledPayer,
  wrongPayerWords,
  type BilledPayer,
  type RemittingPayer,
} from '../../src/domain/payments/payer-match.ts';
import { batchStore, createBatch } from './payment-access.ts';
import { CLAIM_STATUS, PAYMENT_METHOD, PAYMENT_SOURCE } from '../../src/generated/ids.ts';

export interface PostContext extends EraContext {
  files: FileStore;
}
export interface PostOutcome {
  era_file_id: number;
  already: boolean;
  payment_batch_id?: number;
  posted_claims: number;
  exceptions: number;
  posted_amount: number;
  provider_adjustments: number;
}

type Exception = {
  reason: 'claim_not_found' | 'out_of_balance' | 'line_not_matched' | 'takeback_without_original' | 'wrong_payer';
  message: string;
  claim?: Claim835;
  claimId?: number;
};
interface OurLine {
  id: number;
  claim_id: number;
  procedure_code: string | null;
  revenue_code: string | null;
  from_service: IsoDate;
  line_charge: number;
}

/** The payment of an ERA row, streamed from its file: only that transaction set is kept. */
export const eraPayment = async (files: FileStore, actor: Actor, era: Row) =>
  paymentByTrace(files.open(await files.get(actor, Number(era.file_id))), {
    trace: String(era.trace_number ?? ''),
    part: Number(era.trace_part ?? 1),
    fileId: Number(era.file_id),
  });
/**
 * The procedure of a remitted line. Some payers write the composite with ">" while their file declares
 * another component separator (the reader reports it): the code is still the part after the qualifier.
 */
export const procedureOf = (l: ServiceLine835) =>
  l.procedure.code ?? (/[>^]/.test(l.procedure.qualifier) ? l.procedure.qualifier.split(/[>^]/)[1] : undefined);
const serviceDate = (l: ServiceLine835, c: Claim835) =>
  l.dates.find((d) => d.qualifier === '472' || d.qualifier === '150')?.date ??
  c.dates.find((d) => d.qualifier === '232')?.date;
const said = (a: Adjustment[]) =>
  a.map((x) => `${describeAdjustment(x.group, x.reason)} ${formatCents(x.amount)}`).join('; ');

/**
 * Posts one ERA into a payment batch, all or nothing, in one transaction: a payment for the check or
 * EFT, each claim's lines paid, adjusted (CARC and group kept) and left to the patient, takebacks
 * reversing what they take back, provider adjustments (PLB) on the batch, and each claim moved to
 * Approved, Complete or Denied as its remittance says. What cannot be posted exactly — a claim not
 * found, amounts out of balance, a line not matched, a takeback without its original — is an
 * exception with its reason, and the rest posts. The ERA row is locked and marked in the same
 * transaction: a second run (or a run after a crash) finds it posted and posts nothing.
 */
/** Findings about the file's envelopes (counts, control numbers, trailers): the file itself is not whole. */
const ENVELOPE_CODES = new Set(['count-mismatch', 'control-number-mismatch', 'missing-trailer', 'no-isa', 'short-isa']);

export async function postEra(ctx: PostContext, actor: Actor, eraId: number): Promise<PostOutcome> {
  const eras = storeOf(ctx, actor, 'era-file');
  const source = await eras.get(eraId);
  if (source.status === 'held')
    throw invalid({
      id: [
        problem(
          ((source.findings as Array<{ code: string }> | null) ?? []).some((f) => ENVELOPE_CODES.has(f.code))
            ? 'era_file_not_whole_waits'
            : 'era_addressed_another_provider_waits_cannot',
        ),
      ],
    });
  const found = await eraPayment(ctx.files, actor, source);
  if (!found) throw invalid({ id: [problem('era_file_holds_no_payment_post')] });
  return ctx.db.transaction(async (tx) => {
    const era = await eras.get(eraId, tx, true);
    const bc = Number(era.billing_company_id);
    if (era.status !== 'new')
      return {
        era_file_id: eraId,
        already: true,
        posted_claims: 0,
        exceptions: Number(era.exceptions ?? 0),
        posted_amount: Number(era.posted_amount ?? 0),
        provider_adjustments: Number(era.provider_adjustments ?? 0),
        payment_batch_id: era.payment_batch_id as number | undefined,
      };
    const r: Remittance = found.remittance;
    // The claims the ERA speaks of, their lines and what was posted to them before: three queries.
    const controls = r.claims.map((c) => c.patientControlNumber);
    const byControl = await claimsByControl(tx, bc, controls);
    const claims = [...new Set(byControl.values())];
    const ids = claims.map((c) => c.id);
    const billed = await billedPayers(tx, bc, ids);
    const lines = (
      await tx.query<OurLine>(
        `select id, claim_id, procedure_code, revenue_code, from_service::text as from_service, line_charge from claim_services where billing_company_id = $1 and claim_id = any($2::bigint[]) order by claim_id, line_number`,
        [bc, ids],
      )
    ).rows.map((l) => ({ ...l, id: Number(l.id), claim_id: Number(l.claim_id), line_charge: Number(l.line_charge) }));
    const prior = await payerPostings(tx, bc, ids);
    // Claims out of balance (the toolkit's findings, placed on the claim they are in).
    const positions = r.claims.map((c) => [c.position, ...c.lines.map((l) => l.position)] as const);
    const unbalanced = new Map<number, string[]>();
    for (const f of found.findings.filter(isImbalance)) {
      const k = positions.findIndex(([p, ...ls]) => p === f.position || ls.includes(f.position));
      if (k >= 0) unbalanced.set(k, [...(unbalanced.get(k) ?? []), f.message]);
    }

    const company =
      claims[0]?.company_id ??
      Number(
        (await tx.query<{ id: string }>('select min(id) as id from companies where billing_company_id = $1', [bc]))
          .rows[0].id,
      );
    const batch = await createBatch({
      tx,
      ctx,
      actor,
      values: {
        billing_company_id: bc,
        name: `ERA ${String(era.payer_name ?? '').slice(0, 40)} ${String(era.trace_number)}${Number(era.trace_part ?? 1) > 1 ? ` (${String(era.trace_part)})` : ''}`.slice(
          0,
          100,
        ),
        company_id: company,
        posting_date: usDateOf(nowOf(ctx.db)),
        currency: 'USD',
        amount: Math.max(0, r.payment.amount),
        note: historyNote('postedFromEra', { file: String(era.name ?? '') }),
      },
      columns: { era_file_id: eraId },
    });
    const batches = batchStore(ctx, actor);
    const payer = (
      await tx.query<{ id: string }>('select id from insurance_companies where payer_id = $1 limit 1', [era.payer_id])
    ).rows[0];
    // A remittance dated inside closed books (a late ERA for a closed month) is posted in the open period, on its first
    // day; the payer's own date is kept as the EOB's date, so the correction refers to the original.
    const paid = r.payment.date ?? isoDayOf(nowOf(ctx.db));
    const payment = (
      await tx.query<{ id: string }>(
        `insert into payments (billing_company_id, payment_batch_id, source_id, insurance_company_id, method_id, payment_date, eob_date, amount, reference, era_file_id, statement)
         select $1, $2, ${PAYMENT_SOURCE.INSURANCE}, $3, $4, greatest($5::date, through + 1), case when $5::date <= through then $5::date end, $6, $7, $8, false
           from (select books_closed_through($1, $9) as through) k returning id`,
        [
          bc,
          batch.id,
          payer?.id ?? null,
          r.payment.method === 'CHK' ? PAYMENT_METHOD.CHECK : PAYMENT_METHOD.ELECTRONIC,
          paid,
          r.payment.amount,
          era.trace_number,
          eraId,
          company,
        ],
      )
    ).rows[0];
    const paymentId = Number(payment.id);

    const rows: Array<Record<string, unknown>> = [];
    const exceptions: Exception[] = [];
    const moves = new Map<string, Array<{ id: number; note: string }>>();
    const notes: Parameters<typeof addClaimNotes>[3] = [];
    let posted = 0;
    r.claims.forEach((c, k) => {
      const ours = byControl.get(c.patientControlNumber);
      if (!ours) {
        exceptions.push({
          reason: 'claim_not_found',
          claim: c,
          message: historyNote('eraClaimNotFound', {
            claim: c.patientControlNumber,
            payerClaim: c.payerControlNumber ?? '—',
          }),
        });
        return;
      }
      if (unbalanced.has(k)) {
        exceptions.push({
          reason: 'out_of_balance',
          claim: c,
          claimId: ours.id,
          message: unbalanced.get(k)!.join(' '),
        });
        return;
      }
      const plan = planClaim({
        c,
        ours,
        ourLines: lines.filter((l) => l.claim_id === ours.id),
        prior: prior.filter((p) => Number(p.claim_id) === ours.id),
        at: {
          billing_company_id: bc,
          payment_id: paymentId,
          era_file_id: eraId,
          trace: String(era.trace_number),
          payer: r,
          billed: billed.get(ours.id) ?? null,
        },
      });
      if ('exception' in plan) {
        exceptions.push(plan.exception);
        return;
      }
      rows.push(...plan.rows);
      posted += c.paid;
      if (plan.move)
        moves.set(`${plan.move.from}>${plan.move.to}`, [
          ...(moves.get(`${plan.move.from}>${plan.move.to}`) ?? []),
          { id: ours.id, note: plan.move.note },
        ]);
      notes.push(plan.note);
    });

    await insertPostings(tx, rows);
    const claimEntity = entityOf(ctx, 'claim');
    for (const [key, list] of moves) {
      const [from, to] = key.split('>').map(Number);
      await moveClaims(tx, actor, { claimEntity, billingCompanyId: bc, from, to, moves: list });
    }
    await addClaimNotes(tx, actor, bc, notes);
    await markDenied(
      tx,
      notes
        .filter((n) => n.status_id === CLAIM_STATUS.DENIED)
        .map((n) => ({
          id: n.claim_id,
          codes: (n.details as { carc?: string[] }).carc ?? [],
          remarks: (n.details as { rarc?: string[] }).rarc ?? [],
        })),
    );
    const exceptionStore = storeOf(ctx, actor, 'era-exception');
    for (const x of exceptions) {
      await exceptionStore.create(
        {
          billing_company_id: bc,
          era_file_id: eraId,
          claim_control_number: x.claim?.patientControlNumber,
          payer_claim_number: x.claim?.payerControlNumber,
          patient_name:
            [x.claim?.patient?.firstName, x.claim?.patient?.lastName].filter(Boolean).join(' ') || undefined,
          reason: x.reason,
          message: x.message.slice(0, 2000),
          charge: x.claim?.charge,
          paid: x.claim?.paid,
          claim_id: x.claimId,
          position: x.claim?.position,
          resolved: false,
        },
        { tx },
      );
    }
    const plb = r.providerAdjustments.reduce((n, a) => n + a.amount, 0);
    await tx.query('update payments set distributed = $2 where id = $1', [paymentId, posted]);
    // The batch was made in this transaction: the row its insert answered is the row as it stands.
    await batches.applyUpdate(tx, batch, { distributed: posted, provider_adjustments: plb }, 'updated');
    await eras.applyUpdate(
      tx,
      era,
      {
        status: exceptions.length ? 'exceptions' : 'posted',
        payment_batch_id: batch.id,
        posted_amount: posted,
        exceptions: exceptions.length,
        provider_adjustments: plb,
      },
      'updated',
    );
    return {
      era_file_id: eraId,
      already: false,
      payment_batch_id: batch.id,
      posted_claims: r.claims.length - exceptions.length,
      exceptions: exceptions.length,
      posted_amount: posted,
      provider_adjustments: plb,
    };
  });
}

/** The payers' live postings on claims (not reversed, not reversals): what a takeback can reverse. A patient's own payments are never a payer's to take back. */
const payerPostings = async (db: Queryable, bc: number, claimIds: number[]) =>
  (
    await db.query<Row>(
      `select p.* from payment_services p where p.billing_company_id = $1 and p.claim_id = any($2::bigint[]) and ${LIVE_POSTING} and not ${PATIENT_SOURCE_SQL} order by p.id`,
      [bc, claimIds],
    )
  ).rows;

type Note = Parameters<typeof addClaimNotes>[3][number];
type Plan =
  | { rows: Array<Record<string, unknown>>; move?: { from: number; to: number; note: string }; note: Note }
  | { exception: Exception };

/**
 * What one remitted claim posts to one of our claims: its lines matched and paid with their CAS, its
 * claim-level adjustments, a takeback's reversal of what was posted before, and where the claim goes.
 * An exception instead when it cannot be posted exactly. The same for the ERA's run and for a person
 * resolving an exception by naming the claim.
 */
function planClaim({
  c,
  ours,
  ourLines,
  prior,
  at,
}: {
  c: Claim835;
  ours: ControlledClaim;
  ourLines: OurLine[];
  prior: Row[];
  at: {
    billing_company_id: number;
    payment_id: number;
    era_file_id: number;
    trace: string;
    payer: RemittingPayer;
    billed: BilledPayer | null;
  };
}): Plan {
  // Money from a payer the claim is not billed to (for the responsibility billed) is never posted to it: a secondary's payment on a claim billed to the primary, another payer's file.
  if (!fromBilledPayer(at.billed, at.payer))
    return {
      exception: {
        reason: 'wrong_payer',
        claim: c,
        claimId: ours.id,
        message: wrongPayerWords(ours.code, at.billed, at.payer),
      },
    };
  const base = {
    billing_company_id: at.billing_company_id,
    payment_id: at.payment_id,
    claim_id: ours.id,
    claim_code: ours.code,
    era_file_id: at.era_file_id,
    claim_status: c.status,
    paid_as: ours.billed_responsibility,
  };
  if (c.status === '22') {
    // A takeback reverses, to the cent, what was posted before for the responsibility the payer was billed as (a secondary's takes back only its own).
    const mine = prior.filter((o) => (o.paid_as ?? 'P') === ours.billed_responsibility);
    if (!mine.length)
      return {
        exception: {
          reason: 'takeback_without_original',
          claim: c,
          claimId: ours.id,
          message: historyNote('eraTakebackWithoutPosting', { claim: String(ours.code), amount: formatCents(-c.paid) }),
        },
      };
    return {
      rows: mine.map((o) => ({
        ...base,
        claim_service_id: o.claim_service_id,
        procedure: o.procedure,
        charge: -Number(o.charge),
        allowed: o.allowed === null ? null : -Number(o.allowed),
        paid: -Number(o.paid),
        adjustments: JSON.stringify(((o.adjustments as Adjustment[]) ?? []).map((a) => ({ ...a, amount: -a.amount }))),
        patient_responsibility: -Number(o.patient_responsibility ?? 0),
        remaining: 0,
        reverses_id: o.id,
        paid_as: o.paid_as,
        // The mirror of the original to the cent, its CLP02 too: a denial's reversal leaves the balance as its denial did.
        claim_status: o.claim_status,
        note: historyNote('takeback', { posting: String(o.id) }),
      })),
      note: {
        claim_id: ours.id,
        kind: 'check_status',
        status_id: ours.status_id,
        note: historyNote('eraReversed', { trace: at.trace }),
        details: { payer_claim_number: c.payerControlNumber },
      },
    };
  }
  const matched: Array<{ svc: ServiceLine835; line: OurLine }> = [];
  for (const svc of c.lines) {
    const date = serviceDate(svc, c);
    const code = procedureOf(svc);
    const candidates = ourLines.filter(
      (l) =>
        !matched.some((m) => m.line.id === l.id) &&
        (code
          ? l.procedure_code?.toUpperCase() === code.toUpperCase() ||
            (svc.procedure.qualifier === 'NU' && l.revenue_code === code)
          : l.revenue_code === svc.revenueCode),
    );
    const line = candidates.find((l) => !date || l.from_service === date) ?? candidates[0];
    if (!line)
      return {
        exception: {
          reason: 'line_not_matched',
          claim: c,
          claimId: ours.id,
          message: historyNote(date ? 'eraLineNotOnClaimOn' : 'eraLineNotOnClaim', {
            claim: String(ours.code),
            line: code ?? svc.revenueCode ?? HISTORY_WORDS.noCode,
            charge: formatCents(svc.charge),
            ...(date ? { date: isoToUsDate(date) } : {}),
          }),
        },
      };
    matched.push({ svc, line });
  }
  const rows: Array<Record<string, unknown>> = [];
  let pr = patientShare(c.adjustments);
  for (const { svc, line } of matched) {
    const share = patientShare(svc.adjustments);
    pr += share;
    rows.push({
      ...base,
      claim_service_id: line.id,
      procedure: procedureOf(svc) ?? svc.revenueCode,
      charge: svc.charge,
      allowed: svc.allowed ?? svc.charge - adjustmentTotal(svc.adjustments.filter((a) => a.group === 'CO')),
      paid: svc.paid,
      adjustments: JSON.stringify(svc.adjustments),
      patient_responsibility: share,
      remaining: svc.charge - svc.paid - adjustmentTotal(svc.adjustments),
    });
  }
  if (!c.lines.length || c.adjustments.length) {
    // Claim-level: the whole claim when the payer paid no lines, or its claim-level adjustments (which reduce the lines' payment).
    const whole = !c.lines.length;
    const cas = adjustmentTotal(c.adjustments);
    rows.push({
      ...base,
      claim_service_id: null,
      procedure: 'CLAIM',
      charge: whole ? c.charge : 0,
      allowed: null,
      paid: whole ? c.paid : -cas,
      adjustments: JSON.stringify(c.adjustments),
      patient_responsibility: patientShare(c.adjustments),
      remaining: whole ? c.charge - c.paid - cas : 0,
    });
  }
  // Paid with a payer after this one and a patient share left for it to cover: ready to bill that payer, whose COB loops
  // read these postings (per line, with their CAS). Nothing left to cover, nothing to bill it: the claim is paid.
  const nextPayerOwes = ours.secondary && pr > 0;
  const to = claimOutcome({ status: c.status, paid: c.paid, patientResponsibility: pr, hasNextPayer: nextPayerOwes });
  const nextPayer = nextPayerOwes && c.status === '1' && to !== null && to !== CLAIM_STATUS.DENIED;
  if (nextPayer) for (const row of rows) row.next_responsibility = 'S';
  // Why it was denied: the payer's codes outside the patient's share; a denial in the patient's group alone (PR-204, not
  // covered by the patient's plan) is still a denial, and its codes are the reason.
  const adjusted = [...c.adjustments, ...c.lines.flatMap((l) => l.adjustments)];
  const denial = adjusted.some((a) => a.group !== 'PR') ? adjusted.filter((a) => a.group !== 'PR') : adjusted;
  const note =
    to === CLAIM_STATUS.DENIED
      ? historyNote('eraDenied', { trace: at.trace, reasons: said(denial) || HISTORY_WORDS.noPayment })
      : historyNote('eraPaid', { trace: at.trace, paid: formatCents(c.paid), patient: formatCents(pr) });
  return {
    rows,
    ...(to !== null && to !== ours.status_id ? { move: { from: ours.status_id, to, note } } : {}),
    note: {
      claim_id: ours.id,
      kind: 'check_status',
      status_id: to ?? ours.status_id,
      note: nextPayer ? historyNote('readyForSecondary', { note }) : note,
      details: {
        payer_claim_number: c.payerControlNumber,
        paid: c.paid,
        patient_responsibility: pr,
        ...(nextPayer ? { ready_for: 'secondary' } : {}),
        ...(to === CLAIM_STATUS.DENIED
          ? {
              carc: [...new Set(denial.map((a) => `${a.group}-${a.reason}`))],
              rarc: [...new Set([...c.remarks, ...c.lines.flatMap((l) => l.remarks)])],
            }
          : {}),
      },
    },
  };
}

/** Postings written in one statement whatever their number (the ERA's run, an exception worked, a distribution typed). Answers their ids. */
export async function insertPostings(tx: Queryable, rows: Array<Record<string, unknown>>): Promise<number[]> {
  if (!rows.length) return [];
  const r = await tx.query<{ id: string }>(
    `insert into payment_services (billing_company_id, payment_id, claim_id, claim_code, claim_service_id, procedure, charge, allowed, paid, adjustments, patient_responsibility, remaining, reverses_id, era_file_id, claim_status, paid_as, next_responsibility, refile_reason, note)
     select x.billing_company_id, x.payment_id, x.claim_id, x.claim_code, x.claim_service_id, x.procedure, x.charge, x.allowed, x.paid, x.adjustments::jsonb, x.patient_responsibility, x.remaining, x.reverses_id, x.era_file_id, x.claim_status, x.paid_as, x.next_responsibility, x.refile_reason, x.note
       from jsonb_to_recordset($1::jsonb) as x(billing_company_id bigint, payment_id bigint, claim_id bigint, claim_code text, claim_service_id bigint, procedure text, charge bigint, allowed bigint, paid bigint,
            adjustments text, patient_responsibility bigint, remaining bigint, reverses_id bigint, era_file_id bigint, claim_status text, paid_as text, next_responsibility text, refile_reason text, note text) returning id`,
    [JSON.stringify(rows)],
  );
  return r.rows.map((x) => Number(x.id));
}

/** What a payment and its batch have distributed grows by what was just posted. */
export async function addDistributed(tx: Queryable, paymentId: number, batchId: number, amount: number): Promise<void> {
  await tx.query('update payments set distributed = coalesce(distributed, 0) + $2 where id = $1', [paymentId, amount]);
  await tx.query(
    'update payment_batches set distributed = coalesce(distributed, 0) + $2, version = version + 1, updated_at = now() where id = $1',
    [batchId, amount],
  );
}

/**
 * The ERA proven against what was posted: BPR02 = claims paid − provider adjustments, to the cent; the
 * claims still in the exception queue are where any difference is.
 */
export async function reconciliation(db: Queryable, era: Row) {
  const r = (
    await db.query<{ posted: string; in_exceptions: string; open: string }>(
      `select (select coalesce(sum(paid), 0) from payment_services where era_file_id = $1) as posted,
            (select coalesce(sum(paid), 0) from era_exceptions where era_file_id = $1 and not coalesce(resolved, false)) as in_exceptions,
            (select count(*) from era_exceptions where era_file_id = $1 and not coalesce(resolved, false)) as open`,
      [era.id],
    )
  ).rows[0];
  const payment = Number(era.payment_amount ?? 0),
    posted = Number(r.posted),
    waiting = Number(r.in_exceptions),
    plb = Number(era.provider_adjustments ?? 0);
  const difference = payment - (posted - plb);
  return {
    era_file_id: era.id,
    payment_amount: payment,
    posted_claim_payments: posted,
    provider_adjustments: plb,
    claim_payments_in_exceptions: waiting,
    open_exceptions: Number(r.open),
    difference,
    balanced: difference === 0,
    explanation:
      difference === 0
        ? 'BPR02 = claims paid − provider adjustments, to the cent.'
        : `BPR02 ${formatCents(payment)} − (posted ${formatCents(posted)} − PLB ${formatCents(plb)}) = ${formatCents(difference)}${waiting ? `; ${formatCents(waiting)} waits in ${r.open} exception(s)` : ''}.`,
  };
}

/**
 * Works an exception: either the claim it pays is named and the remitted claim is posted to it (the
 * same rules as the ERA's run; the ERA's payment and batch totals grow by what it pays), or it is closed
 * with a note saying why (returned to the payer, posted by hand). When the last one is worked the ERA
 * is posted.
 */
export async function resolveException(
  ctx: PostContext,
  actor: Actor,
  exceptionId: number,
  input: { claimId?: number; resolution?: string },
): Promise<Row> {
  const store = storeOf(ctx, actor, 'era-exception');
  const eras = storeOf(ctx, actor, 'era-file');
  const first = await store.get(exceptionId);
  const era0 = await eras.get(Number(first.era_file_id));
  const remitted = input.claimId ? (await eraPayment(ctx.files, actor, era0))?.remittance : undefined;
  return ctx.db.transaction(async (tx) => {
    const x = await store.get(exceptionId, tx, true);
    if (x.resolved === true) return x;
    const era = await eras.get(Number(x.era_file_id), tx, true);
    const bc = Number(era.billing_company_id);
    let resolution = input.resolution?.trim();
    if (input.claimId) {
      if (x.reason === 'out_of_balance') throw invalid({ claim_id: [problem('claim_out_balance_cannot_posted_ask')] });
      const c = remitted?.claims.find((y) => y.position === Number(x.position));
      const ours = await controlledClaim(tx, bc, input.claimId);
      if (!c || !remitted || !ours) throw invalid({ claim_id: [problem('claim_not_found')] });
      const lines = (
        await tx.query<OurLine>(
          `select id, claim_id, procedure_code, revenue_code, from_service::text as from_service, line_charge from claim_services where claim_id = $1 order by line_number`,
          [ours.id],
        )
      ).rows.map((l) => ({ ...l, id: Number(l.id), claim_id: Number(l.claim_id), line_charge: Number(l.line_charge) }));
      const prior = await payerPostings(tx, bc, [ours.id]);
      const payment = (
        await tx.query<{ id: string; payment_batch_id: string }>(
          'select id, payment_batch_id from payments where era_file_id = $1 order by id limit 1',
          [era.id],
        )
      ).rows[0];
      const plan = planClaim({
        c,
        ours,
        ourLines: lines,
        prior,
        at: {
          billing_company_id: bc,
          payment_id: Number(payment.id),
          era_file_id: Number(era.id),
          trace: String(era.trace_number),
          payer: remitted,
          billed: (await billedPayers(tx, bc, [ours.id])).get(ours.id) ?? null,
        },
      });
      if ('exception' in plan) throw invalid({ claim_id: [ruleText(plan.exception.message)] });
      await insertPostings(tx, plan.rows);
      if (plan.move)
        await moveClaims(tx, actor, {
          claimEntity: entityOf(ctx, 'claim'),
          billingCompanyId: bc,
          from: plan.move.from,
          to: plan.move.to,
          moves: [{ id: ours.id, note: plan.move.note }],
        });
      await addClaimNotes(tx, actor, bc, [plan.note]);
      if (plan.note.status_id === CLAIM_STATUS.DENIED)
        await markDenied(tx, [
          {
            id: ours.id,
            codes: (plan.note.details as { carc?: string[] }).carc ?? [],
            remarks: (plan.note.details as { rarc?: string[] }).rarc ?? [],
          },
        ]);
      await addDistributed(tx, Number(payment.id), Number(payment.payment_batch_id), c.paid);
      await eras.applyUpdate(tx, era, { posted_amount: Number(era.posted_amount ?? 0) + c.paid }, 'updated');
      resolution ||= `Posted to claim ${ours.code}`;
    } else if (!resolution) throw invalid({ resolution: [problem('say_how_exception_resolved_name_claim')] });
    const done = await store.applyUpdate(
      tx,
      x,
      { resolved: true, resolution, ...(input.claimId ? { claim_id: input.claimId } : {}) },
      'updated',
    );
    const open = Number(
      (
        await tx.query<{ n: string }>(
          'select count(*) as n from era_exceptions where era_file_id = $1 and not coalesce(resolved, false)',
          [era.id],
        )
      ).rows[0].n,
    );
    await eras.applyUpdate(
      tx,
      await eras.get(Number(era.id), tx, true),
      { exceptions: open, ...(open === 0 && era.status === 'exceptions' ? { status: 'posted' } : {}) },
      'updated',
    );
    return done;
  });
}
