import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { patientBalances } from './ledger-balances.ts';
import { recordStatements, statementsFor, type Statement } from './patient-statement.ts';

/** The most statements one run prints. */
export const RUN_LIMIT = 500;

/**
 * The statements of a run: every patient who owes (or those named), within the actor's billing companies, at most
 * RUN_LIMIT, recorded on their ledgers unless it is a preview.
 */
export async function statementRun(
  db: Database,
  actor: Actor,
  body: Record<string, unknown>,
  date: string,
): Promise<Statement[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (!actor.crossTenant) {
    params.push(actor.billingCompanyIds);
    where.push(`pt.billing_company_id = any($${params.length}::bigint[])`);
  }
  if (body.billing_company_id !== undefined) {
    params.push(Number(body.billing_company_id));
    where.push(`pt.billing_company_id = $${params.length}`);
  }
  if (body.patient_ids !== undefined) {
    if (
      !Array.isArray(body.patient_ids) ||
      !body.patient_ids.length ||
      body.patient_ids.some((x) => !Number.isSafeInteger(Number(x)) || Number(x) < 1)
    )
      throw invalid({ patient_ids: [problem('patients_list_ids')] });
    params.push(body.patient_ids.map(Number));
    where.push(`pt.id = any($${params.length}::bigint[])`);
  }
  // Who may owe: a patient with a share from a payer, an uninsured claim or an entry on the account.
  const candidates = (
    await db.query<{ id: string }>(
      `select pt.id from patients pt where ${where.join(' and ') || 'true'} and (exists (select 1 from claims c join payment_services p on p.claim_id = c.id where c.patient_id = pt.id and p.patient_responsibility <> 0)
            or exists (select 1 from claims c where c.patient_id = pt.id and jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) = 0)
            or exists (select 1 from ledger_entries e where e.patient_id = pt.id)) order by pt.last_name, pt.first_name, pt.id`,
      params,
    )
  ).rows.map((r) => Number(r.id));
  const balances = await patientBalances(db, candidates);
  const owing = candidates.filter((id) => (balances.get(id)?.patient_balance ?? 0) > 0).slice(0, RUN_LIMIT);
  const statements = await statementsFor(db, owing, date);
  if (body.preview !== true) await recordStatements(db, actor, statements);
  return statements;
}
