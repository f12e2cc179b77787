import type { Api } from './test-app.ts';
import type { ClaimWorld } from './claim-fixtures.ts';

/**
 * A payer's check as a poster receives it: a payment batch of the clinic named for it, and in it the
 * insurance payment (source 2, check: method 3) dated 03/20/2026. Answers the payment's id.
 */
export async function insuranceCheck(
  root: Api,
  w: ClaimWorld,
  { name, amount, reference }: { name: string; amount: number; reference: string },
): Promise<number> {
  const batch = await root('POST', '/payments/batch', {
    billing_company_id: w.bc,
    name,
    company_id: w.company,
    amount,
    posting_date: '03/20/2026',
  });
  if (batch.status !== 201) throw new Error(JSON.stringify(batch.body));
  const payment = await root('POST', '/payments/payment', {
    payment_batch_id: batch.body.id,
    source_id: 2,
    insurance_company_id: w.payer,
    method_id: 3,
    payment_date: '03/20/2026',
    amount,
    reference,
  });
  if (payment.status !== 201) throw new Error(JSON.stringify(payment.body));
  return payment.body.id;
}
