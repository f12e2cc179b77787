import reasons from '../../schemas/lists/x12/adjustment-reasons.json' with { type: 'json' };
import { invalid } from '../http/errors.ts';
import { bodyObject, editedVersion, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { entityWriter } from '../resources/validation.ts';
import { translate } from '../i18n/locale.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { writeAuditMany } from '../audit/audit-writer.ts';
import { moveClaims } from '../claims/claim-bulk.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { claimOutcome, patientShare } from '../../src/domain/payments/claim-outcome.ts';
import { distributionProblems, lineGap, type LinePosting } from '../../src/domain/payments/distribution.ts';
import { addDistributed, insertPostings } from './era-posting.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import { isUsDate, usDateOf } from '../../src/domain/formats.ts';
import type { EraContext } from './era-files.ts';

const COMPLETED = 2;
const list = (name: string, locale: string) => codeListFile(name).map((i) => ({ id: i.id, name: locale === 'es' && i.name_es ? i.name_es : i.name }));
const batchStore = (ctx: EraContext, actor: Parameters<GuardedRoute<EraContext>['handle']>[2]) => new ResourceStore(ctx.db, ctx.entities.find((e) => e.name === 'payment-batch')!, actor);

/** Payment look-ups at static paths (before the generic router). */
export const paymentLookupRoutes: GuardedRoute<EraContext>[] = [
  { method: 'get', path: '/payments/sources', permission: 'payment.view', summary: 'Payment sources [{id, name}]: 1 Patient, 2 Insurance, 3 Others, 4 Indivisible', async handle(_c, _r, _a, res) { return list('payment-sources', res.locals.locale); } },
  { method: 'get', path: '/payments/methods', permission: 'payment.view', summary: 'Payment methods [{id, name}]: 1 Credit card, 2 Cash, 3 Check, 4 Other', async handle(_c, _r, _a, res) { return list('payment-methods', res.locals.locale); } },
  {
    method: 'get', path: '/payments/codes', permission: 'payment.view',
    summary: 'Claim adjustment reason codes (CARC) [{id, code, description}] in our own words; ?pr=true those a patient may owe (deductible, coinsurance, copay...), ?pr=false the others',
    async handle(_c, req) {
      const pr = new Set(['1', '2', '3', '66', '142', '187', '241']);
      return reasons.items.filter((r) => req.query.pr === undefined || (req.query.pr === 'true') === pr.has(r.code)).map((r) => ({ id: r.code, code: r.code, description: r.name }));
    },
  },
];

/** A payment batch's own calls (after the generic routes). */
export const paymentRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get', path: '/payments/batch/{id}/close', permission: 'payment.close', summary: 'Closes a batch (?date=mm/dd/yyyy, today by default): Completed, with the date recorded',
    async handle(ctx, req, actor, res) {
      const date = req.query.date === undefined || req.query.date === '' ? undefined : String(req.query.date);
      if (date !== undefined && !isUsDate(date)) throw invalid({ date: [translate('The date must be mm/dd/yyyy.', res.locals.locale)] });
      return closeBatch(ctx, batchStore(ctx, actor), idParam(req), date);
    },
  },
  {
    method: 'delete', path: '/payments/batch/{id}', permission: 'payment.remove', summary: 'Deletes a batch that is not Completed (a Super User may delete any) and holds no payment',
    async handle(ctx, req, actor, res) {
      const store = batchStore(ctx, actor);
      await ctx.db.transaction(async (tx) => {
        const b = await store.get(idParam(req), tx, true);
        if (Number(b.status_id) === COMPLETED && !actor.crossTenant) throw invalid({ status_id: [translate('A completed batch cannot be changed.', res.locals.locale)] });
        const n = Number((await tx.query<{ n: string }>('select count(*) as n from payments where payment_batch_id = $1', [b.id])).rows[0].n);
        if (n) throw invalid({ payments: [translate('A batch with payments cannot be deleted; reverse its payments instead.', res.locals.locale)] });
        await store.remove(b.id, { tx, version: editedVersion(req) });
      });
      return { message: 'Deleted.' };
    },
  },
  {
    method: 'post', path: '/payments/payment', permission: 'payment.create', status: 201,
    summary: 'Records a payment in a batch not completed ({payment_batch_id, source_id, method_id, payment_date, amount, reference, insurance_company_id | patient_id, card_number + card_expiration for card payments only}); payments are never changed: a correction is a reversal',
    async handle(ctx, req, actor, res) {
      const entity = ctx.entities.find((e) => e.name === 'payment')!;
      const w = entityWriter(entity);
      const body = w.writable(bodyObject(req));
      w.check(body, res.locals.locale);
      return ctx.db.transaction(async (tx) => {
        const batch = await batchStore(ctx, actor).get(Number(body.payment_batch_id), tx, true);
        if (Number(batch.status_id) === COMPLETED && !actor.crossTenant) throw invalid({ payment_batch_id: [translate('A payment goes into a batch that is not completed.', res.locals.locale)] });
        return new ResourceStore(ctx.db, entity, actor).create({ ...body, billing_company_id: batch.billing_company_id }, { tx });
      });
    },
  },
  {
    method: 'patch', path: '/payments/batch/{id}/transition', permission: 'payment.close',
    summary: 'Puts a batch In Review or back In Progress ({status_id: 3|1, note?}); Completed is reached by closing it',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const to = Number(body.status_id ?? body.to);
      if (to !== 1 && to !== 3) throw invalid({ status_id: ['A batch is closed with the close call; this one moves it between In Progress and In Review.'] });
      return batchStore(ctx, actor).transition(idParam(req), to, { note: typeof body.note === 'string' ? body.note : undefined, version: editedVersion(req) });
    },
  },
];

/** The distribution of a payment: which claims a patient has to pay, and posting a payment over their lines. */
export const distributionRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get', path: '/payments/batch/{batch}/payment/{payment}/claims', permission: 'payment.view',
    summary: "A patient's claims a payment may pay (?patient_id, ?query: claim number or patient name), with each line's charge, what was paid and adjusted before, and its balance",
    async handle(ctx, req, actor) {
      const payment = await paymentOf(ctx, actor, req);
      const params: unknown[] = [payment.billing_company_id];
      const where = ['c.billing_company_id = $1', 'c.status_id in (3, 4, 5, 6, 7)'];
      if (req.query.patient_id !== undefined) { params.push(Number(req.query.patient_id)); where.push(`c.patient_id = $${params.length}`); }
      if (typeof req.query.query === 'string' && req.query.query.trim()) { params.push(`%${req.query.query.trim().toLowerCase()}%`); where.push(`lower(c.code || ' ' || coalesce(c.patient_name, '')) like $${params.length}`); }
      if (params.length === 1) return [];
      const claims = (await ctx.db.query<Row>(
        `select c.id, c.code, c.patient_name, c.status_id, c.billed_amount, to_char(c.date_of_service, 'MM/DD/YYYY') as date_of_service from claims c where ${where.join(' and ')} order by c.date_of_service desc, c.id desc limit 50`, params)).rows;
      const lines = (await ctx.db.query<Row>(
        `select s.id, s.claim_id, s.line_number, coalesce(s.procedure_code, s.revenue_code) as procedure, to_char(s.from_service, 'MM/DD/YYYY') as from_service, s.line_charge as charge,
                coalesce((select sum(p.paid) from payment_services p where p.claim_service_id = s.id), 0) as paid_before,
                coalesce((select sum((a->>'amount')::bigint) from payment_services p, jsonb_array_elements(coalesce(p.adjustments, '[]'::jsonb)) a where p.claim_service_id = s.id), 0) as adjusted_before
           from claim_services s where s.claim_id = any($1::bigint[]) order by s.claim_id, s.line_number`, [claims.map((c) => c.id)])).rows;
      return claims.map((c) => ({ ...c, billed_amount: Number(c.billed_amount), lines: lines.filter((l) => Number(l.claim_id) === Number(c.id)).map((l) => ({
        ...l, charge: Number(l.charge), paid_before: Number(l.paid_before), adjusted_before: Number(l.adjusted_before), balance: Number(l.charge) - Number(l.paid_before) - Number(l.adjusted_before) })) }));
    },
  },
  {
    method: 'post', path: '/payments/batch/{batch}/services', permission: 'payment.create',
    summary: "Posts a payment over service lines ({payment_id, services: [{claim_service_id, allowed, paid, adjustments: [{group, reason, amount}], next_responsibility?, refile_reason?, note?}]}): every line balances (charge = paid + adjustments) and the payment's distribution equals its amount, or nothing is written",
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const batch = await batchStore(ctx, actor).get(positive(req.params.batch, 'batch'));
      if (Number(batch.status_id) === COMPLETED && !actor.crossTenant) throw invalid({ payment_batch_id: [translate('A completed batch cannot be changed.', res.locals.locale)] });
      const services = Array.isArray(body.services) ? (body.services as Row[]) : [];
      if (!services.length) throw invalid({ services: ['At least one service line is required.'] });
      return ctx.db.transaction(async (tx) => {
        const payment = (await tx.query<Row>('select * from payments where id = $1 and payment_batch_id = $2 for update', [Number(body.payment_id), batch.id])).rows[0];
        if (!payment) throw invalid({ payment_id: ['The payment is not in this batch.'] });
        const ids = services.map((s) => Number(s.claim_service_id));
        const ours = new Map((await tx.query<Row>(`select s.id, s.claim_id, s.line_charge, coalesce(s.procedure_code, s.revenue_code) as procedure, c.code, c.status_id, jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 1 as secondary
            from claim_services s join claims c on c.id = s.claim_id where s.billing_company_id = $1 and s.id = any($2::bigint[])`, [batch.billing_company_id, ids])).rows.map((l) => [Number(l.id), l]));
        const errors: Record<string, string[]> = {};
        const lines: LinePosting[] = services.map((s, i) => {
          const line = ours.get(Number(s.claim_service_id));
          if (!line) (errors[`services.${i}.claim_service_id`] ??= []).push('The service line was not found.');
          const adjustments = (Array.isArray(s.adjustments) ? (s.adjustments as Row[]) : []).map((a) => ({ group: String(a.group ?? '').toUpperCase(), reason: String(a.reason ?? '').toUpperCase(), amount: Math.trunc(Number(a.amount ?? 0)) }));
          return { claim_service_id: Number(s.claim_service_id), charge: Number(line?.line_charge ?? 0), allowed: s.allowed === undefined || s.allowed === null ? null : Math.trunc(Number(s.allowed)), paid: Math.trunc(Number(s.paid ?? 0)), adjustments };
        });
        if (Object.keys(errors).length) throw invalid(errors);
        const problems = distributionProblems(Number(payment.amount), Number(payment.distributed ?? 0), lines, (i) => `line ${String(ours.get(lines[i].claim_service_id)?.procedure ?? i + 1)}`);
        if (Object.keys(problems).length) throw invalid(problems, translate('The distribution does not balance.', res.locals.locale));
        const rows = lines.map((l, i) => {
          const line = ours.get(l.claim_service_id)!;
          const s = services[i];
          return { billing_company_id: batch.billing_company_id, payment_id: payment.id, claim_id: line.claim_id, claim_code: line.code, claim_service_id: l.claim_service_id, procedure: line.procedure,
            charge: l.charge, allowed: l.allowed, paid: l.paid, adjustments: JSON.stringify(l.adjustments), patient_responsibility: patientShare(l.adjustments), remaining: lineGap(l),
            next_responsibility: ['S', 'T', 'P'].includes(String(s.next_responsibility)) ? s.next_responsibility : null, refile_reason: typeof s.refile_reason === 'string' ? s.refile_reason.slice(0, 200) : null,
            note: typeof s.note === 'string' ? s.note.slice(0, 500) : null };
        });
        const inserted = await insertPostings(tx, rows);
        await writeAuditMany(tx, actor, 'payment-service', 'created', inserted.map((id, i) => ({ entityId: id, billingCompanyId: Number(batch.billing_company_id), oldValues: null, newValues: { ...rows[i], adjustments: lines[i].adjustments } })));
        const distributed = Number(payment.distributed ?? 0) + lines.reduce((n, l) => n + l.paid, 0);
        await addDistributed(tx, Number(payment.id), Number(batch.id), lines.reduce((n, l) => n + l.paid, 0));
        // Each claim paid: Approved, Complete or Denied as its lines say; what the next payer is asked for stays in the note.
        const claimEntity = ctx.entities.find((e) => e.name === 'claim')!;
        const byClaim = new Map<number, { code: string; status: number; secondary: boolean; paid: number; pr: number; denied: boolean; refile: boolean }>();
        lines.forEach((l, i) => {
          const line = ours.get(l.claim_service_id)!;
          const c = byClaim.get(Number(line.claim_id)) ?? { code: String(line.code), status: Number(line.status_id), secondary: !!line.secondary, paid: 0, pr: 0, denied: true, refile: false };
          c.paid += l.paid; c.pr += patientShare(l.adjustments); c.denied &&= l.paid === 0 && patientShare(l.adjustments) === 0; c.refile ||= !!rows[i].next_responsibility;
          byClaim.set(Number(line.claim_id), c);
        });
        for (const [id, c] of byClaim) {
          const to = claimOutcome({ status: c.denied ? '4' : '1', paid: c.paid, patientResponsibility: c.pr, hasNextPayer: c.secondary || c.refile });
          if (to !== null && to !== c.status) await moveClaims(tx, actor, claimEntity, Number(batch.billing_company_id), c.status, to, [{ id, note: `Payment ${String(payment.reference ?? payment.id)}: paid ${formatCents(c.paid)}, patient responsibility ${formatCents(c.pr)}` }]);
        }
        return { payment_id: payment.id, distributed, posted: inserted };
      });
    },
  },
];

async function paymentOf(ctx: EraContext, actor: Parameters<GuardedRoute<EraContext>['handle']>[2], req: Parameters<GuardedRoute<EraContext>['handle']>[1]) {
  const batch = await batchStore(ctx, actor).get(positive(req.params.batch, 'batch'));
  const p = (await ctx.db.query<Row>('select * from payments where id = $1 and payment_batch_id = $2', [positive(req.params.payment, 'payment'), batch.id])).rows[0];
  if (!p) throw new DomainError('not_found');
  return p;
}
const positive = (v: unknown, field: string) => {
  if (!/^\d{1,15}$/.test(String(v))) throw invalid({ [field]: [`The ${field} must be an id.`] });
  return Number(v);
};

/** Calls on payments of a batch: one payment, the patients a payment may pay, a reversal, closing batches together. */
export const paymentRecordRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'post', path: '/payments/batch/close-many', permission: 'payment.close', summary: 'Closes several batches at once ({ids, date?}); each answer says what became of each batch',
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
      if (!ids.length || ids.some((x) => !Number.isSafeInteger(x) || x < 1)) throw invalid({ ids: ['The ids must be a list of batch ids.'] });
      const date = typeof body.date === 'string' && body.date ? body.date : undefined;
      if (date !== undefined && !isUsDate(date)) throw invalid({ date: [translate('The date must be mm/dd/yyyy.', res.locals.locale)] });
      const store = batchStore(ctx, actor);
      const out = [];
      for (const id of ids) {
        try { out.push({ id, closed: true, batch: await closeBatch(ctx, store, id, date) }); }
        catch (e) { out.push({ id, closed: false, error: e instanceof Error ? e.message : String(e) }); }
      }
      return out;
    },
  },
  {
    method: 'put', path: '/payments/batch/{id}/status', permission: 'payment.view',
    summary: "A batch's state, recalculated: its distributed total read again from its payments' postings; {status_id: 1|3} moves it between In Progress and In Review",
    async handle(ctx, req, actor) {
      const store = batchStore(ctx, actor);
      const body = bodyObject(req);
      return ctx.db.transaction(async (tx) => {
        const b = await store.get(idParam(req), tx, true);
        const sum = Number((await tx.query<{ s: string }>('select coalesce(sum(p.paid), 0) as s from payment_services p join payments y on y.id = p.payment_id where y.payment_batch_id = $1', [b.id])).rows[0].s);
        const now = Number(b.distributed ?? 0) === sum ? b : await store.applyUpdate(tx, b, { distributed: sum }, 'updated');
        const to = body.status_id === undefined ? undefined : Number(body.status_id);
        if (to === undefined || to === Number(now.status_id)) return now;
        if (to !== 1 && to !== 3) throw invalid({ status_id: ['A batch is closed with the close call; this one moves it between In Progress and In Review.'] });
        return store.transition(now.id, to, { tx, note: typeof body.note === 'string' ? body.note : undefined });
      });
    },
  },
  {
    method: 'get', path: '/payments/batch/{batch}/payments/{payment}', permission: 'payment.show', summary: 'A payment of a batch, with what it posted',
    async handle(ctx, req, actor) {
      const p = await paymentOf(ctx, actor, req);
      const postings = (await ctx.db.query<Row>('select id, claim_id, claim_code, claim_service_id, procedure, charge, allowed, paid, adjustments, patient_responsibility, remaining, reverses_id, next_responsibility from payment_services where payment_id = $1 order by id', [p.id])).rows;
      return { ...p, postings };
    },
  },
  {
    method: 'get', path: '/payments/batch/{batch}/payment/{payment}/patients', permission: 'payment.view', summary: "Patients with claims waiting for payment [{id, name}] (?query: name, 3 or more characters)",
    async handle(ctx, req, actor) {
      const p = await paymentOf(ctx, actor, req);
      const q = typeof req.query.query === 'string' ? req.query.query.trim().toLowerCase() : '';
      if (q.length < 3) return [];
      return (await ctx.db.query<{ id: number; name: string }>(
        `select distinct p.id, p.first_name || ' ' || p.last_name as name from patients p join claims c on c.patient_id = p.id and c.status_id in (3, 4)
          where p.billing_company_id = $1 and lower(p.first_name || ' ' || p.last_name) like $2 order by name limit 20`, [p.billing_company_id, `%${q}%`])).rows;
    },
  },
  {
    method: 'post', path: '/payments/payment/{id}/reverse', permission: 'payment.create', status: 201,
    summary: "Reverses a payment (a correction): a payment of the opposite amount in the same batch, every posting of it reversed to the cent, its claims back to Submitted when nothing else pays them ({note})",
    async handle(ctx, req, actor, res) {
      const note = String(bodyObject(req).note ?? '').trim();
      if (!note) throw invalid({ note: [translate('A reversal needs a note saying why.', res.locals.locale)] });
      const payments = new ResourceStore(ctx.db, ctx.entities.find((e) => e.name === 'payment')!, actor);
      return ctx.db.transaction(async (tx) => {
        const original = await payments.get(idParam(req), tx, true);
        const already = (await tx.query('select id from payments where reverses_payment_id = $1', [original.id])).rows[0];
        if (already) throw invalid({ id: [translate('This payment was reversed already.', res.locals.locale)] });
        const batch = await batchStore(ctx, actor).get(Number(original.payment_batch_id), tx, true);
        if (Number(batch.status_id) === COMPLETED && !actor.crossTenant) throw invalid({ payment_batch_id: [translate('A completed batch cannot be changed.', res.locals.locale)] });
        const reversal = (await tx.query<{ id: string }>(
          `insert into payments (billing_company_id, payment_batch_id, source_id, insurance_company_id, patient_id, method_id, payment_date, amount, reference, reverses_payment_id, statement, note)
           select billing_company_id, payment_batch_id, source_id, insurance_company_id, patient_id, method_id, current_date, -amount, reference, id, false, $2 from payments where id = $1 returning id`, [original.id, note])).rows[0];
        const reversalId = Number(reversal.id);
        await writeAuditMany(tx, actor, 'payment', 'created', [{ entityId: reversalId, billingCompanyId: Number(original.billing_company_id), oldValues: null, newValues: { reverses_payment_id: original.id, amount: -Number(original.amount), note } }]);
        const postings = (await tx.query<Row>('select * from payment_services where payment_id = $1 and reverses_id is null order by id', [original.id])).rows;
        const rows = postings.map((o) => ({ billing_company_id: o.billing_company_id, payment_id: reversalId, claim_id: o.claim_id, claim_code: o.claim_code, claim_service_id: o.claim_service_id, procedure: o.procedure,
          charge: -Number(o.charge), allowed: o.allowed === null ? null : -Number(o.allowed), paid: -Number(o.paid), adjustments: JSON.stringify(((o.adjustments as Array<{ amount: number }>) ?? []).map((a) => ({ ...a, amount: -a.amount }))),
          patient_responsibility: -Number(o.patient_responsibility ?? 0), remaining: 0, reverses_id: o.id, note: `Reversal: ${note}` }));
        await insertPostings(tx, rows);
        const paid = rows.reduce((n, r) => n + Number(r.paid), 0);
        await addDistributed(tx, reversalId, Number(batch.id), paid);
        // A claim nothing else pays any more goes back to waiting for the payer.
        const claimIds = [...new Set(postings.map((o) => Number(o.claim_id)))];
        const back = (await tx.query<{ id: string; status_id: number }>(
          `select c.id, c.status_id from claims c where c.id = any($1::bigint[]) and c.status_id in (4, 6, 7)
             and coalesce((select sum(p.paid) from payment_services p where p.claim_id = c.id), 0) = 0`, [claimIds])).rows;
        const claimEntity = ctx.entities.find((e) => e.name === 'claim')!;
        for (const c of back) await moveClaims(tx, actor, claimEntity, Number(original.billing_company_id), Number(c.status_id), 3, [{ id: Number(c.id), note: `Payment ${String(original.reference ?? original.id)} reversed: ${note}` }]);
        return payments.get(reversalId, tx);
      });
    },
  },
];

async function closeBatch(ctx: EraContext, store: ResourceStore, id: number, date?: string) {
  return ctx.db.transaction(async (tx) => {
    const b = await store.get(id, tx, true);
    if (Number(b.status_id) === COMPLETED) return b;
    const closed = await store.applyUpdate(tx, b, { close_date: date ?? usDateOf() }, 'updated');
    return store.transition(closed.id, COMPLETED, { tx, system: true, note: 'Closed' });
  });
}
