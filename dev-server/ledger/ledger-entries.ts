import { forbidden, invalid, invalidTexts, problem } from '../../src/domain/errors/domain-error.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { requireFreshProof } from '../auth/step-up.ts';
import type { Queryable } from '../db/database.ts';
import type { EraContext } from '../payments/era-files.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { entityOf, storeOf } from '../resources/store-of.ts';
import { entityWriter } from '../resources/validation.ts';
import type { Actor } from '../security/actor.ts';
import { can } from '../security/actor.ts';
import { patientBalances } from './ledger-balances.ts';

/** Write-offs over this many cents need a recent proof that it is the person (WRITE_OFF_STEP_UP_CENTS, $500.00). */
const defaultStepUpOver = () => Number(process.env.WRITE_OFF_STEP_UP_CENTS ?? 50_000);

/** The billing company's amount over which a write-off asks the person to confirm it is them (its own, else ours). */
async function writeOffStepUpOver(db: Queryable, billingCompanyId: number): Promise<number> {
  const r = await db.query<{ over: number | null }>(
    'select write_off_step_up as over from billing_companies where id = $1',
    [billingCompanyId],
  );
  const over = r.rows[0]?.over;
  return over === null || over === undefined ? defaultStepUpOver() : Number(over);
}

/** Whose balance a sentence names, in the reader's language. */
const SIDE_NAME = {
  insurance: { en: 'insurance', es: 'seguro' },
  patient: { en: 'patient', es: 'paciente' },
} as const;

/**
 * A write-off or a refund on a patient's account: its own permission (ledger.writeoff, ledger.refund),
 * a reason from the list, audited, never changed afterwards (a mistake is put right by the opposite
 * entry). A write-off takes no more than the side owes (on the claim when one is named); a refund
 * gives back no more than the side has in credit.
 */
export async function recordLedgerEntry(
  ctx: EraContext,
  actor: Actor,
  body: Record<string, unknown>,
  locale: 'en' | 'es',
) {
  const entity = entityOf(ctx, 'ledger-entry');
  const w = entityWriter(entity);
  const values = w.writable(body);
  if (!can(actor, values.kind === 'refund' ? 'ledger.refund' : 'ledger.writeoff')) throw forbidden();
  const problems = w.problems(values, locale);
  if (Object.keys(problems).length) throw invalidTexts(problems);
  return ctx.db.transaction(async (tx) => {
    const patient = await storeOf(ctx, actor, 'patient').get(Number(values.patient_id), tx);
    const patientId = Number(patient.id);
    // The patient row is the account's lock: two entries on one account are checked one after the other.
    await tx.query('select id from patients where id = $1 for update', [patientId]);
    const claimId = values.claim_id === undefined || values.claim_id === null ? undefined : Number(values.claim_id);
    if (claimId !== undefined) {
      const claim = (await tx.query<{ patient_id: string }>('select patient_id from claims where id = $1', [claimId]))
        .rows[0];
      if (!claim || Number(claim.patient_id) !== patientId)
        throw invalid({ claim_id: [problem('claim_not_one_patient_s')] });
    }
    const b = (await patientBalances(tx, [patientId], claimId)).get(patientId)!;
    const side = values.responsibility === 'insurance' ? 'insurance' : 'patient';
    const balance = side === 'insurance' ? b.insurance_balance : b.patient_balance;
    const amount = Number(values.amount);
    if (values.kind === 'write_off' && amount > balance) {
      throw invalid({
        amount: [
          problem('write_off_over_balance', { side: SIDE_NAME[side], balance: formatCents(Math.max(balance, 0)) }),
        ],
      });
    }
    if (values.kind === 'refund' && amount > -balance) {
      throw invalid({
        amount: [problem('refund_over_credit', { side: SIDE_NAME[side], credit: formatCents(Math.max(-balance, 0)) })],
      });
    }
    // Asked only of an entry that would otherwise be written: no proof given for a refusal that follows.
    if (values.kind === 'write_off' && amount > (await writeOffStepUpOver(tx, Number(patient.billing_company_id))))
      await requireFreshProof(tx, actor);
    return new ResourceStore(ctx.db, entity, actor).create(
      { ...values, billing_company_id: Number(patient.billing_company_id) },
      {
        tx,
        within: async (t, row) => {
          await t.query('update ledger_entries set user_id = $2 where id = $1', [
            row.id,
            actor.system ? null : actor.userId,
          ]);
          return { user_id: actor.system ? null : actor.userId };
        },
      },
    );
  });
}
