import { historyNote } from '../../src/domain/history-notes.ts';
import { entityOf, storeOf } from '../resources/store-of.ts';
import { problem, invalid, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import type { Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { moveClaims } from '../claims/claim-bulk.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { isUsDate, usDateOf, usDateToIso } from '../../src/domain/formats.ts';
import { PATIENT_SHARE_SQL } from '../ledger/ledger-balances.ts';
import { addDistributed, insertPostings } from './era-posting.ts';
import type { EraContext } from './era-files.ts';
import { createBatch, paymentStore } from './payment-access.ts';
import { CLAIM_STATUS, PAYMENT_BATCH_STATUS, PAYMENT_SOURCE } from '../../src/generated/ids.ts';

/**
 * What a patient still owes, line by line (a claim-level share on its own row), oldest service first:
 * the payers' PR adjustments less what later payers paid of them, and the charges of self-pay claims, less what the patient paid. Only what is owed is listed.
 */
async function openShares(db: Queryable, bc: number, patientId: number, claimIds?: number[]) {
  return (
    await db.query<{
      claim_id: string;
      code: string;
      claim_service_id: string | null;
      procedure: string | null;
      date_of_service: string;
      status_id: number;
      owed: string;
    }>(
      `with share as (
       select p.claim_id, p.claim_service_id, p.procedure, ${PATIENT_SHARE_SQL} as owed from payment_services p join claims k on k.id = p.claim_id
        where p.billing_company_id = $1 and k.billing_company_id = $1 and k.patient_id = $2
       union all
       -- A self-pay claim's lines are the patient's from the start: what the patient pays is applied to them like a payer's patient share.
       select s.claim_id, s.id, s.procedure_code, s.line_charge from claim_services s join claims k on k.id = s.claim_id
        where s.billing_company_id = $1 and k.patient_id = $2 and k.status_id <> ${CLAIM_STATUS.DRAFT} and jsonb_array_length(coalesce(k.insurance_policy_ids, '[]'::jsonb)) = 0)
     select p.claim_id, c.code, p.claim_service_id, min(p.procedure) as procedure, to_char(c.date_of_service, 'MM/DD/YYYY') as date_of_service, c.status_id, sum(p.owed) as owed
       from share p join claims c on c.id = p.claim_id
      where c.billing_company_id = $1 and c.patient_id = $2 ${claimIds ? 'and c.id = any($3::bigint[])' : ''}
      group by p.claim_id, c.code, p.claim_service_id, c.date_of_service, c.status_id
     having sum(p.owed) > 0
      order by c.date_of_service, p.claim_id, p.claim_service_id nulls last`,
      claimIds ? [bc, patientId, claimIds] : [bc, patientId],
    )
  ).rows.map((r) => ({
    ...r,
    claim_id: Number(r.claim_id),
    claim_service_id: r.claim_service_id === null ? null : Number(r.claim_service_id),
    owed: Number(r.owed),
  }));
}

/** The day's batch of patient payments for a company, opened when the first one of the day arrives (again if that one was closed). */
async function patientBatch({
  tx,
  ctx,
  actor,
  bc,
  companyId,
  date,
}: {
  tx: Queryable;
  ctx: EraContext;
  actor: Actor;
  bc: number;
  companyId: number;
  date: string;
}): Promise<Row> {
  const name = `Patient payments ${date} #${companyId}`;
  const same = (
    await tx.query<Row>(
      `select * from payment_batches where billing_company_id = $1 and company_id = $2 and lower(name) like lower($3) || '%' order by id for update`,
      [bc, companyId, name],
    )
  ).rows;
  const open = same.find((b) => Number(b.status_id) !== PAYMENT_BATCH_STATUS.COMPLETED);
  if (open) return open;
  return createBatch({
    tx,
    ctx,
    actor,
    values: {
      billing_company_id: bc,
      name: same.length ? `${name} (${same.length + 1})` : name,
      company_id: companyId,
      posting_date: date,
      currency: 'USD',
      amount: 0,
      note: historyNote('patientPaymentsBatch'),
    },
  });
}

/**
 * Records what a patient paid and applies it to what the patient owes: to the claims named (each at
 * most its open share), or oldest service first. A line's share goes down by what is applied (a
 * posting with the amount paid and the patient responsibility reduced by it); what is left over is the
 * patient's credit, shown as not distributed. A claim whose patient share is paid and which waits on
 * no other payer is Complete.
 */
export async function recordPatientPayment(
  ctx: EraContext,
  actor: Actor,
  body: Record<string, unknown>,
  locale: 'en' | 'es',
) {
  const patients = storeOf(ctx, actor, 'patient');
  const patientId = Number(body.patient_id);
  if (!Number.isSafeInteger(patientId) || patientId < 1)
    throw invalid({ patient_id: [problem('patient_payment_names_patient')] });
  const patient = await patients.get(patientId);
  const bc = Number(patient.billing_company_id);
  const date = body.payment_date === undefined || body.payment_date === '' ? usDateOf() : String(body.payment_date);
  const entity = entityOf(ctx, 'payment');
  const w = entityWriter(entity);
  const fields = w.writable({ ...body, source_id: PAYMENT_SOURCE.PATIENT, patient_id: patientId, payment_date: date });
  delete fields.claims;
  delete fields.payment_batch_id;
  w.check({ ...fields, payment_batch_id: 1 }, locale);
  const amount = Number(fields.amount);
  if (amount <= 0) throw invalid({ amount: [problem('patient_payment_more_than_zero')] });
  const asked = Array.isArray(body.claims)
    ? (body.claims as Row[]).map((c, i) => ({
        i,
        claim_id: Number(c.claim_id ?? c.id),
        amount: Math.trunc(Number(c.amount)),
      }))
    : null;
  if (asked?.some((a) => !Number.isSafeInteger(a.claim_id) || !Number.isSafeInteger(a.amount) || a.amount <= 0))
    throw invalid({ claims: [problem('each_claim_paid_names_claim_amount')] });
  if (asked && asked.reduce((n, a) => n + a.amount, 0) > amount)
    throw invalid({
      claims: [
        problem('claims_paid_exceed_payment', {
          paid: formatCents(asked.reduce((n, a) => n + a.amount, 0)),
          amount: formatCents(amount),
        }),
      ],
    });

  return ctx.db.transaction(async (tx) => {
    const shares = await openShares(
      tx,
      bc,
      patientId,
      asked?.map((a) => a.claim_id),
    );
    // Each slice of the payment against a share: to the claims asked, or oldest first.
    const slices: Array<{ share: (typeof shares)[number]; amount: number }> = [];
    const take = (list: typeof shares, budget: number) => {
      for (const share of list) {
        if (budget <= 0) break;
        const a = Math.min(share.owed, budget);
        slices.push({ share, amount: a });
        budget -= a;
      }
      return budget;
    };
    if (asked) {
      const errors: Record<string, FieldProblem[]> = {};
      for (const a of asked) {
        const owed = shares.filter((s) => s.claim_id === a.claim_id).reduce((n, s) => n + s.owed, 0);
        if (a.amount > owed)
          errors[`claims.${a.i}.amount`] = [
            problem('patient_owes_less', { owed: formatCents(owed), amount: formatCents(a.amount) }),
          ];
        else
          take(
            shares.filter((s) => s.claim_id === a.claim_id),
            a.amount,
          );
      }
      if (Object.keys(errors).length) throw invalid(errors);
    } else take(shares, amount);

    const batch = await patientBatch({
      tx,
      ctx,
      actor,
      bc,
      companyId: Number(
        patient.company_id ??
          (await tx.query<{ id: string }>('select min(id) as id from companies where billing_company_id = $1', [bc]))
            .rows[0].id,
      ),
      date,
    });
    const payment = await paymentStore(ctx, actor).create(
      { ...fields, payment_batch_id: batch.id, billing_company_id: bc },
      { tx },
    );
    await tx.query(
      'update payment_batches set amount = amount + $2, version = version + 1, updated_at = now() where id = $1',
      [batch.id, amount],
    );
    const rows = slices.map(({ share, amount: a }) => ({
      billing_company_id: bc,
      payment_id: payment.id,
      claim_id: share.claim_id,
      claim_code: share.code,
      claim_service_id: share.claim_service_id,
      procedure: share.procedure,
      charge: 0,
      allowed: null,
      paid: a,
      adjustments: '[]',
      patient_responsibility: -a,
      remaining: share.owed - a,
      note: historyNote('patientPayment', { payment: String(fields.reference ?? payment.id) }),
    }));
    const ids = await insertPostings(tx, rows);
    await writeAuditMany(tx, actor, {
      entity: 'payment-service',
      event: 'created',
      rows: ids.map((id, k) => ({ entityId: id, billingCompanyId: bc, oldValues: null, newValues: rows[k] })),
    });
    const applied = rows.reduce((n, r) => n + r.paid, 0);
    await addDistributed(tx, Number(payment.id), Number(batch.id), applied);
    await tx.query(
      'insert into payment_claims (payment_id, claim_id, billing_company_id, added_by) select $1, x, $2, $3 from unnest($4::bigint[]) x on conflict do nothing',
      [payment.id, bc, actor.system ? null : actor.userId, [...new Set(rows.map((r) => r.claim_id))]],
    );
    // Paid in full by the patient, waiting on no other payer (one a payer asked for that has not paid yet): Complete.
    const done = (
      await tx.query<{ id: string }>(
        `select c.id from claims c where c.id = any($1::bigint[]) and c.status_id = $2
          and coalesce((select sum(${PATIENT_SHARE_SQL}) from payment_services p where p.claim_id = c.id), 0) <= 0
          and not exists (select 1 from payment_services p where p.claim_id = c.id and p.next_responsibility is not null and p.reverses_id is null
                             and not exists (select 1 from payment_services q where q.claim_id = c.id and q.paid_as = p.next_responsibility and q.reverses_id is null))`,
        [[...new Set(rows.map((r) => r.claim_id))], CLAIM_STATUS.APPROVED],
      )
    ).rows;
    if (done.length)
      await moveClaims(tx, actor, {
        claimEntity: entityOf(ctx, 'claim'),
        billingCompanyId: bc,
        from: CLAIM_STATUS.APPROVED,
        to: CLAIM_STATUS.COMPLETE,
        moves: done.map((d) => ({
          id: Number(d.id),
          note: historyNote('patientPaidBalance', { payment: String(fields.reference ?? payment.id) }),
        })),
      });
    return {
      ...(await paymentStore(ctx, actor).get(Number(payment.id), tx)),
      applied: rows.map((r) => ({
        claim_id: r.claim_id,
        claim_code: r.claim_code,
        claim_service_id: r.claim_service_id,
        amount: r.paid,
      })),
      unapplied: amount - applied,
    };
  });
}

const money = (r: Row) => ({
  ...r,
  amount: Number(r.amount),
  distributed: Number(r.distributed ?? 0),
  unapplied: Number(r.amount) - Number(r.distributed ?? 0),
});

/** A patient's payments (newest first), what the patient owes claim by claim, the total owed and the credit left. */
export async function patientAccount(ctx: EraContext, actor: Actor, patientId: number) {
  const patient = await storeOf(ctx, actor, 'patient').get(patientId);
  const bc = Number(patient.billing_company_id);
  const payments = (
    await ctx.db.query<Row>(
      `select y.id, y.payment_batch_id, to_char(y.payment_date, 'MM/DD/YYYY') as payment_date, y.amount, y.distributed, y.method_id, y.reference, y.card_number_last4, y.reverses_payment_id, to_char(y.closed_date, 'MM/DD/YYYY') as closed_date
           from payments y where y.billing_company_id = $1 and y.patient_id = $2 and y.source_id = ${PAYMENT_SOURCE.PATIENT} order by y.payment_date desc, y.id desc limit 200`,
      [bc, patient.id],
    )
  ).rows.map(money);
  const shares = await openShares(ctx.db, bc, Number(patient.id));
  const claims = [
    ...new Map(
      shares.map((s) => [
        s.claim_id,
        {
          claim_id: s.claim_id,
          code: s.code,
          date_of_service: s.date_of_service,
          status_id: s.status_id,
          owed: shares.filter((x) => x.claim_id === s.claim_id).reduce((n, x) => n + x.owed, 0),
        },
      ]),
    ).values(),
  ];
  return {
    patient_id: patient.id,
    owed: claims.reduce((n, c) => n + c.owed, 0),
    credit: payments.reduce((n, p) => n + p.unapplied, 0),
    claims,
    payments,
  };
}

/** Payments received outside insurance remittances (patients and others), a page at a time, newest first. */
export async function externalPayments(db: Queryable, actor: Actor, query: Record<string, unknown>) {
  const page = Math.max(1, Number(query.page ?? 1) || 1),
    perPage = Math.min(100, Math.max(1, Number(query.perPage ?? 25) || 25));
  const params: unknown[] = [actor.crossTenant ? null : actor.billingCompanyIds];
  const where = [
    '($1::bigint[] is null or y.billing_company_id = any($1::bigint[]))',
    `y.source_id in (${PAYMENT_SOURCE.PATIENT}, ${PAYMENT_SOURCE.OTHERS})`,
  ];
  for (const [key, op] of [
    ['from', '>='],
    ['to', '<='],
  ] as const) {
    const v = query[key];
    if (v === undefined || v === '') continue;
    if (typeof v !== 'string' || !isUsDate(v)) throw invalid({ [key]: [problem('date_mm_dd_yyyy')] });
    params.push(usDateToIso(v));
    where.push(`y.payment_date ${op} $${params.length}`);
  }
  if (query.patient_id !== undefined) {
    if (!/^\d{1,15}$/.test(String(query.patient_id))) throw invalid({ patient_id: [problem('patient_id')] });
    params.push(Number(query.patient_id));
    where.push(`y.patient_id = $${params.length}`);
  }
  const rows = (
    await db.query<Row & { total__: string }>(
      `select y.id, y.billing_company_id, y.payment_batch_id, y.source_id, y.patient_id, p.first_name || ' ' || p.last_name as patient_name, to_char(y.payment_date, 'MM/DD/YYYY') as payment_date,
                y.amount, y.distributed, y.method_id, y.reference, y.reverses_payment_id, count(*) over () as total__
           from payments y left join patients p on p.id = y.patient_id where ${where.join(' and ')}
          order by y.payment_date desc, y.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      params,
    )
  ).rows;
  const count = rows[0] ? Number(rows[0].total__) : 0;
  return {
    data: rows.map(({ total__: _t, ...r }) => money(r as Row)),
    count,
    numberOfPages: Math.ceil(count / perPage),
  };
}
