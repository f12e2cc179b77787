import type { Actor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { FileStore } from '../storage/file-store.ts';
import { usDateOf } from '../../src/domain/formats.ts';
import { patientBalances } from '../ledger/ledger-balances.ts';
import { recordLedgerEntry } from '../ledger/ledger-entries.ts';
import { recordStatements, statementFor, statementsFor } from '../ledger/patient-statement.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

const daysAgo = (n: number) => usDateOf(new Date(Date.now() - n * 86_400_000));

/**
 * The ledger a first start shows, through the product's own rules: the patients the demo remittance
 * left owing get a 1st statement a month ago and a 2nd today (before the front desk takes their
 * payment), and a denied claim past the payer's filing limit is written off from the insurance balance.
 * One patient who never paid (not `payer`, who pays at the front desk) had statements three months
 * running, and their balance goes to collections as bad debt.
 */
export async function loadDemoLedger(
  ctx: { db: Database; entities: Entity[]; files: FileStore },
  actor: Actor,
  bc: number,
  payer?: number,
): Promise<void> {
  // Patients a payer left owing who have not paid yet (most pay within weeks): the first six.
  const candidates = (
    await ctx.db.query<{ id: string }>(
      `select distinct c.patient_id as id from claims c join payment_services p on p.claim_id = c.id where c.billing_company_id = $1 and p.patient_responsibility > 0 order by 1 limit 500`,
      [bc],
    )
  ).rows.map((r) => Number(r.id));
  const balances = await patientBalances(ctx.db, candidates);
  const owing = candidates.filter((id) => (balances.get(id)?.patient_balance ?? 0) > 0).slice(0, 6);
  // Someone left owing by a payer, or else a self-pay patient, who never answered their statements.
  const unpaid =
    owing.find((id) => id !== payer && id !== owing[0]) ??
    Number(
      (
        await ctx.db.query<{ id: string }>(
          `select c.patient_id as id from claims c where c.billing_company_id = $1 and c.status_id <> ${CLAIM_STATUS.DRAFT} and jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) = 0
      and c.patient_id <> $2 order by c.date_of_service, c.id limit 1`,
          [bc, payer ?? 0],
        )
      ).rows[0]?.id ?? 0,
    );
  if (unpaid) {
    for (const days of owing.includes(unpaid) ? [90, 60] : [90, 60, 30])
      await recordStatements(ctx.db, actor, [await statementFor(ctx.db, unpaid, daysAgo(days))]);
  }
  if (owing.length) {
    await recordStatements(ctx.db, actor, await statementsFor(ctx.db, owing, daysAgo(30)));
    await recordStatements(ctx.db, actor, [await statementFor(ctx.db, owing[0], usDateOf())]);
  }
  if (unpaid) {
    const claims = (
      await ctx.db.query<{ id: string }>(
        `select c.id from claims c where c.patient_id = $1 and c.status_id <> ${CLAIM_STATUS.DRAFT} order by c.id`,
        [unpaid],
      )
    ).rows;
    for (const c of claims) {
      const owed = (await patientBalances(ctx.db, [unpaid], Number(c.id))).get(unpaid)?.patient_balance ?? 0;
      if (owed > 0) {
        await recordLedgerEntry(
          ctx,
          actor,
          {
            patient_id: unpaid,
            claim_id: Number(c.id),
            kind: 'write_off',
            responsibility: 'patient',
            amount: owed,
            entry_date: usDateOf(),
            reason: 'bad_debt',
            note: 'Demo: three statements unanswered, sent to collections',
          },
          'en',
        );
      }
    }
  }
  const denied = (
    await ctx.db.query<{ id: string; patient_id: string }>(
      `select c.id, c.patient_id from claims c where c.billing_company_id = $1 and c.status_id = ${CLAIM_STATUS.DENIED} and jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 0 order by c.id limit 1`,
      [bc],
    )
  ).rows[0];
  if (!denied) return;
  const owed = (await patientBalances(ctx.db, [Number(denied.patient_id)], Number(denied.id))).get(
    Number(denied.patient_id),
  )!.insurance_balance;
  if (owed > 0) {
    await recordLedgerEntry(
      ctx,
      actor,
      {
        patient_id: Number(denied.patient_id),
        claim_id: Number(denied.id),
        kind: 'write_off',
        responsibility: 'insurance',
        amount: owed,
        entry_date: usDateOf(),
        reason: 'timely_filing',
        note: 'Demo: denied for timely filing, appeal not possible',
      },
      'en',
    );
  }
}
