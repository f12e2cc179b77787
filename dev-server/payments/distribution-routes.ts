import type { Request } from 'express';
import { json, idNames } from '../http/answers.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import type { Actor } from '../security/actor.ts';
import type { Row } from '../resources/resource-store.ts';
import type { EraContext } from './era-files.ts';
import { batchAndPayment, batchStore } from './payment-access.ts';
import { assertPostable, postToPayment, type ServiceInput } from './post-services.ts';
import {
  addPaymentClaim,
  patientsAwaitingPayment,
  payableClaims,
  removePaymentClaim,
  setBatchClaims,
  setPaymentClaims,
} from './payment-claims.ts';

/** Claim ids from a body's list: every one an id, at most 500. */
function claimIds(v: unknown, field: string): number[] {
  const ids = Array.isArray(v)
    ? v.map((x) => (x && typeof x === 'object' ? Number((x as Row).id ?? (x as Row).claim_id) : Number(x)))
    : null;
  if (!ids || ids.length > 500 || ids.some((x) => !Number.isSafeInteger(x) || x < 1))
    throw invalid({ [field]: [problem('claims_list_claim_ids_most_500')] });
  return [...new Set(ids)];
}

const postable = async (ctx: EraContext, actor: Actor, req: Request) => {
  const { batch, payment } = await batchAndPayment(ctx, actor, req);
  assertPostable(actor, batch, payment);
  return { batch, payment };
};

/** The distribution of a payment: the claims it works on, posting it over their lines, correcting and taking claims off. */
export const distributionRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/payments/batch/{batch}/payment/{payment}/claims',
    answers: json([
      {
        id: 'integer',
        code: 'string',
        patient_id: 'integer',
        patient_name: 'string',
        status_id: 'integer',
        billed_amount: 'integer',
        date_of_service: 'string',
        attached: 'boolean',
        payer_deductible_remaining: 'integer?',
        payer_copay: 'integer?',
        payer_said_on: 'string?',
        lines: ['object'],
      },
    ]),
    permission: 'payment.view',
    summary:
      "The claims a payment may pay, with each line's charge, what was paid and adjusted before, and its balance, and what the payer last said of the billed policy (deductible remaining, copay, the day): ?patient_id or ?query (claim number or patient name) finds them; with neither, the claims attached to the payment",
    async handle(ctx, req, actor) {
      const { payment } = await batchAndPayment(ctx, actor, req);
      const patient = req.query.patient_id;
      if (patient !== undefined && !/^\d{1,15}$/.test(String(patient)))
        throw invalid({ patient_id: [problem('patient_id')] });
      return payableClaims(ctx.db, payment, {
        patientId: patient === undefined ? undefined : Number(patient),
        words: typeof req.query.query === 'string' ? req.query.query.trim() : undefined,
      });
    },
  },
  {
    method: 'post',
    path: '/payments/batch/{batch}/services',
    answers: json({ payment_id: 'integer', distributed: 'integer', posted: ['integer'], reversed: 'integer' }),
    permission: 'payment.create',
    summary:
      "Posts a payment over service lines ({payment_id, services: [{claim_service_id, allowed, paid, adjustments: [{group, reason, amount}], next_responsibility?, refile_reason?, note?}]}): every line balances (charge = paid + adjustments) and the payment's distribution equals its amount, or nothing is written",
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const batch = await batchStore(ctx, actor).get(idParam(req, 'batch'));
      assertPostable(actor, batch);
      return postToPayment(ctx, actor, {
        batch,
        paymentId: Number(body.payment_id),
        services: Array.isArray(body.services) ? (body.services as ServiceInput[]) : [],
      });
    },
  },
  {
    method: 'put',
    path: '/payments/batch/{batch}/services/{payment}/claims/{claim}',
    answers: json({ payment_id: 'integer', distributed: 'integer', posted: ['integer'], reversed: 'integer' }),
    permission: 'payment.create',
    summary:
      "Corrects what a payment posted to one claim ({services: [...]}, as the posting call): the claim's postings under this payment are reversed and the new ones take their place, in one transaction, balanced like any distribution",
    async handle(ctx, req, actor) {
      const { batch } = await postable(ctx, actor, req);
      const body = bodyObject(req);
      if (!Array.isArray(body.services)) throw invalid({ services: [problem('services_list')] });
      return postToPayment(ctx, actor, {
        batch,
        paymentId: idParam(req, 'payment'),
        services: body.services as ServiceInput[],
        replacing: { claimId: idParam(req, 'claim') },
      });
    },
  },
  {
    method: 'post',
    path: '/payments/batch/{batch}/claims',
    answers: json([{ payment_id: 'integer', added: ['integer'], removed: ['integer'] }]),
    permission: 'payment.create',
    summary:
      'Sets the claims each payment of the batch works on ({payments: [{id, claims: [claim ids]}]}); a claim the payment already paid stays until it is removed from the payment',
    async handle(ctx, req, actor) {
      const batch = await batchStore(ctx, actor).get(idParam(req, 'batch'));
      assertPostable(actor, batch);
      const list = bodyObject(req).payments;
      if (!Array.isArray(list) || !list.length) throw invalid({ payments: [problem('payments_list_id_claims')] });
      return setBatchClaims(
        ctx,
        actor,
        batch,
        (list as Row[]).map((p, i) => ({ id: Number(p?.id), ids: claimIds(p?.claims, `payments.${i}.claims`) })),
      );
    },
  },
  {
    method: 'put',
    path: '/payments/batch/{batch}/payment/{payment}/claims',
    answers: json({ payment_id: 'integer', added: ['integer'], removed: ['integer'] }),
    permission: 'payment.create',
    summary: 'Sets the claims one payment works on ({claims: [claim ids]})',
    async handle(ctx, req, actor) {
      const { batch } = await postable(ctx, actor, req);
      const ids = claimIds(bodyObject(req).claims, 'claims');
      return setPaymentClaims(ctx, actor, { batch, paymentId: idParam(req, 'payment'), ids });
    },
  },
  {
    method: 'put',
    path: '/payments/batch/{batch}/payment/{payment}/claims/{claim}',
    answers: json({ payment_id: 'integer' }),
    permission: 'payment.create',
    summary: 'Adds a claim to the claims a payment works on (nothing is posted yet)',
    async handle(ctx, req, actor) {
      const { batch } = await postable(ctx, actor, req);
      return addPaymentClaim(ctx, actor, { batch, paymentId: idParam(req, 'payment'), claimId: idParam(req, 'claim') });
    },
  },
  {
    method: 'delete',
    path: '/payments/batch/{batch}/payment/{payment}/claims/{claim}',
    answers: json({ payment_id: 'integer', claim_id: 'integer', reversed: 'integer', distributed: 'integer' }),
    permission: 'payment.create',
    summary:
      'Takes a claim off a payment ({note?}): what the payment posted to it is reversed to the cent (the claim back to Submitted when nothing else pays it) and the claim leaves the payment',
    async handle(ctx, req, actor) {
      const { batch } = await postable(ctx, actor, req);
      return removePaymentClaim(ctx, actor, {
        batch,
        paymentId: idParam(req, 'payment'),
        claimId: idParam(req, 'claim'),
        note: String(bodyObject(req).note ?? '').trim(),
      });
    },
  },
  {
    method: 'get',
    path: '/payments/batch/{batch}/payment/{payment}/patients',
    answers: json(idNames),
    permission: 'payment.view',
    summary: 'Patients with claims waiting for payment [{id, name}] (?query: name, 3 or more characters)',
    async handle(ctx, req, actor) {
      const { payment } = await batchAndPayment(ctx, actor, req);
      const q = typeof req.query.query === 'string' ? req.query.query.trim().toLowerCase() : '';
      if (q.length < 3) return [];
      return patientsAwaitingPayment(ctx.db, Number(payment.billing_company_id), q);
    },
  },
];
