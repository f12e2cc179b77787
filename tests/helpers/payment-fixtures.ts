import type { Api } from './test-app.ts';
import type { ClaimWorld } from './claim-fixtures.ts';

/**
 * A payer's check as a poster receives it: a payment batch of the clinic named for it, and in it the
 * insurance payment (source 2, check: method 3) of the day (03/20/2026 unless said). Answers the
 * batch's id and code and the payment's id.
 */
export async function insuranceCheck(
  root: Api,
  w: ClaimWorld,
  { name, amount, reference, date = '03/20/2026' }: { name: string; amount: number; reference: string; date?: string },
): Promise<{ batch: number; code: string; payment: number }> {
  const batch = await root('POST', '/payments/batch', {
    billing_company_id: w.bc,
    name,
    company_id: w.company,
    amount,
    posting_date: date,
  });
  if (batch.status !== 201) throw new Error(JSON.stringify(batch.body));
  const payment = await root('POST', '/payments/payment', {
    payment_batch_id: batch.body.id,
    source_id: 2,
    insurance_company_id: w.payer,
    method_id: 3,
    payment_date: date,
    amount,
    reference,
  });
  if (payment.status !== 201) throw new Error(JSON.stringify(payment.body));
  return { batch: batch.body.id, code: batch.body.code, payment: payment.body.id };
}
