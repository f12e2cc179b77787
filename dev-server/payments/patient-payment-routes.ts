import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { json, record } from '../http/answers.ts';
import type { Row } from '../resources/resource-store.ts';
import type { EraContext } from './era-files.ts';
import { externalPayments, patientAccount, recordPatientPayment } from './patient-payments.ts';

/** Payments by patient: recorded against what the patient owes; a patient's payments and balance; the payments received outside insurance batches. */
export const patientPaymentRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'post',
    path: '/payments/batch/payments/patient',
    answers: json(record('payment')),
    permission: 'payment.create',
    status: 201,
    summary:
      "Records a patient's payment ({patient_id, amount, method_id, payment_date?, reference?, card_number + card_expiration for cards, note?, claims?: [{claim_id, amount}]}) in the day's patient batch and applies it to what the patient owes: the claims named, or oldest service first; the rest is the patient's credit",
    async handle(ctx, req, actor, res) {
      return recordPatientPayment(ctx, actor, bodyObject(req) as Row, res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/payments/batch/payments/patient/{patient}',
    answers: json({
      patient_id: 'integer',
      owed: 'integer',
      credit: 'integer',
      claims: [
        { claim_id: 'integer', code: 'string', date_of_service: 'string', status_id: 'integer', owed: 'integer' },
      ],
      payments: [
        {
          id: 'integer',
          payment_batch_id: 'integer',
          payment_date: 'string',
          amount: 'integer',
          distributed: 'integer',
          method_id: 'integer',
          reference: 'string?',
          card_number_last4: 'any',
          reverses_payment_id: 'any',
          closed_date: 'any',
          unapplied: 'integer',
        },
      ],
    }),
    permission: 'payment.view',
    summary:
      "A patient's payments (newest first, with what each applied and left as credit), what the patient owes claim by claim, and the total",
    handle: (ctx, req, actor) => patientAccount(ctx, actor, idParam(req, 'patient')),
  },
  {
    method: 'get',
    path: '/payments/batch/payments/external',
    answers: json({
      data: [
        {
          id: 'integer',
          billing_company_id: 'integer',
          payment_batch_id: 'integer',
          source_id: 'integer',
          patient_id: 'integer',
          patient_name: 'string',
          payment_date: 'string',
          amount: 'integer',
          distributed: 'integer',
          method_id: 'integer',
          reference: 'any',
          reverses_payment_id: 'any',
          unapplied: 'integer',
        },
      ],
      count: 'integer',
      numberOfPages: 'integer',
    }),
    permission: 'payment.view',
    summary:
      'Payments received outside insurance remittances — from patients and others — a page at a time, newest first (?page, ?perPage ≤ 100, ?from and ?to mm/dd/yyyy, ?patient_id)',
    handle: (ctx, req, actor) => externalPayments(ctx.db, actor, req.query),
  },
];
