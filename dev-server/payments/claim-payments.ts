import type { Row } from '../resources/resource-store.ts';
import type { EraContext } from './era-files.ts';
import type { Locale } from '../i18n/locale.ts';
import { systemWordsOfEntity } from '../resources/system-words.ts';

/**
 * What was paid on a claim, one click from the claim (and from its denial): every posting with the
 * payment, batch and ERA it came from, reversals included so the history adds up, and the EOB files
 * of those payments.
 */
export async function claimPayments(ctx: EraContext, claimId: number, locale: Locale) {
  const words = systemWordsOfEntity('payment-service');
  const postings = (
    await ctx.db.query<Row>(
      `select p.id, p.payment_id, y.payment_batch_id, b.code as batch_code, y.reference, to_char(y.payment_date, 'MM/DD/YYYY') as payment_date, y.source_id, p.era_file_id,
            p.claim_service_id, p.procedure, p.charge, p.allowed, p.paid, p.adjustments, p.patient_responsibility, p.reverses_id, p.next_responsibility, p.note
       from payment_services p join payments y on y.id = p.payment_id join payment_batches b on b.id = y.payment_batch_id
      where p.claim_id = $1 order by y.payment_date, p.id`,
      [claimId],
    )
  ).rows
    .map((r) => ({
      ...r,
      charge: Number(r.charge),
      allowed: r.allowed === null ? null : Number(r.allowed),
      paid: Number(r.paid),
      patient_responsibility: Number(r.patient_responsibility ?? 0),
    }))
    // A takeback's or reversal's note is the system's sentence (x-ui.systemWords): in the reader's language.
    .map((r) => words.row(r, locale));
  const eobs = (
    await ctx.db.query<Row>(
      `select e.id, e.name, to_char(e.eob_date, 'MM/DD/YYYY') as eob_date, e.payment_id, e.payment_batch_id, e.content_type from payment_eobs e
      where e.payment_id in (select p.payment_id from payment_services p where p.claim_id = $1 union select pc.payment_id from payment_claims pc where pc.claim_id = $1) order by e.id`,
      [claimId],
    )
  ).rows;
  const sum = (f: (p: (typeof postings)[number]) => number) => postings.reduce((n, p) => n + f(p), 0);
  return {
    claim_id: claimId,
    paid: sum((p) => p.paid),
    patient_responsibility: sum((p) => p.patient_responsibility),
    postings,
    eobs,
  };
}
