import { storeOf } from '../resources/store-of.ts';
import { json, type Shape } from '../http/answers.ts';
import { idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import type { EraContext } from './era-files.ts';
import { claimPayments } from './claim-payments.ts';

/** What was paid on a claim: its postings, the totals, and the EOB files of those payments. */
export const CLAIM_PAYMENTS = {
  claim_id: 'integer',
  paid: 'integer',
  patient_responsibility: 'integer',
  postings: [
    {
      id: 'integer',
      payment_id: 'integer',
      payment_batch_id: 'integer',
      batch_code: 'string',
      reference: 'string?',
      payment_date: 'string',
      source_id: 'integer',
      era_file_id: 'integer?',
      claim_service_id: 'integer',
      procedure: 'string',
      charge: 'integer',
      allowed: 'integer?',
      paid: 'integer',
      adjustments: ['object'],
      patient_responsibility: 'integer',
      reverses_id: 'integer?',
      next_responsibility: 'any',
      note: 'string?',
    },
  ],
  eobs: [
    {
      id: 'integer',
      name: 'string',
      eob_date: 'any',
      payment_id: 'integer',
      payment_batch_id: 'integer',
      content_type: 'string',
    },
  ],
} satisfies Shape;

export const claimPaymentRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/claim/{id}/payments',
    phi: { entity: 'claim', view: 'payments' },
    answers: json(CLAIM_PAYMENTS),
    permission: 'claim.show',
    summary:
      'What was paid on a claim: its postings (payment, batch, ERA, adjustments, patient responsibility, reversals) with the totals, and the EOB files of those payments',
    async handle(ctx, req, actor, res) {
      const claim = await storeOf(ctx, actor, 'claim').get(idParam(req));
      return claimPayments(ctx, Number(claim.id), res.locals.locale);
    },
  },
];
