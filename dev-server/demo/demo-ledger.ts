import type { Actor } from '../auth/actor.ts';
import type { Database } from '../db/database.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { FileStore } from '../files/file-store.ts';
import { usDateOf } from '../../src/domain/formats.ts';
import { patientBalances } from '../ledger/ledger-balances.ts';
import { recordLedgerEntry } from '../ledger/ledger-entries.ts';
import { recordStatements, statementFor } from '../ledger/patient-statement.ts';

const daysAgo = (n: number) => usDateOf(new Date(Date.now() - n * 86_400_000));

/**
 * The ledger a first start shows, through the product's own rules: the patients the demo remittance
 * left owing get a 1st statement a month ago and a 2nd today (before the front desk takes their
 * payment), and a denied claim past the payer's filing limit is written off from the insurance balance.
 */
export async function loadDemoLedger(ctx: { db: Database; entities: Entity[]; files: FileStore }, actor: Actor, bc: number): Promise<void> {
  const ids = (await ctx.db.query<{ id: string }>(
    `select distinct c.patient_id as id from claims c join payment_services p on p.claim_id = c.id where c.billing_company_id = $1 and p.patient_responsibility > 0 order by 1 limit 6`, [bc])).rows.map((r) => Number(r.id));
  const balances = await patientBalances(ctx.db, ids);
  const owing = ids.filter((id) => (balances.get(id)?.patient_balance ?? 0) > 0);
  if (owing.length) {
    const first = [];
    for (const id of owing) first.push(await statementFor(ctx.db, id, daysAgo(30)));
    await recordStatements(ctx.db, actor, first);
    await recordStatements(ctx.db, actor, [await statementFor(ctx.db, owing[0], usDateOf())]);
  }
  const denied = (await ctx.db.query<{ id: string; patient_id: string }>(
    `select c.id, c.patient_id from claims c where c.billing_company_id = $1 and c.status_id = 6 and jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 0 order by c.id limit 1`, [bc])).rows[0];
  if (!denied) return;
  const owed = (await patientBalances(ctx.db, [Number(denied.patient_id)], Number(denied.id))).get(Number(denied.patient_id))!.insurance_balance;
  if (owed > 0) {
    await recordLedgerEntry(ctx, actor, { patient_id: Number(denied.patient_id), claim_id: Number(denied.id), kind: 'write_off', responsibility: 'insurance', amount: owed, entry_date: usDateOf(),
      reason: 'timely_filing', note: 'Demo: denied for timely filing, appeal not possible' }, 'en');
  }
}
