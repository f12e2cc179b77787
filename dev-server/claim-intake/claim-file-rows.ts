import type { Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import type { IntakeFinding } from '../../src/domain/x12/intake/claim-file-check.ts';
import type { ErrorParams, FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { errorText, isErrorCode, type Locale } from '../../src/domain/errors/error-catalogue.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import type { ClaimFilePreview, PreviewedClaim } from './claim-file-preview.ts';

/** A finding as a claim file keeps it: where it is and its catalogue code, answered in each reader's words. */
export interface KeptProblem {
  code: string;
  params?: FieldProblem['params'];
  loop?: string;
  segment?: string;
  element?: number;
  position?: number;
}

export const kept = (f: IntakeFinding): KeptProblem => ({
  code: f.problem.code,
  ...(f.problem.params ? { params: f.problem.params } : {}),
  loop: f.loop,
  segment: f.segment,
  ...(f.element ? { element: f.element } : {}),
  position: f.position,
});

/** A kept finding in words, where it is first (a claim's note says it in the language of who imported it). */
export function problemText(p: KeptProblem, locale: Locale): string {
  const text = isErrorCode(p.code) ? errorText(p.code, (p.params ?? {}) as ErrorParams, locale) : p.code;
  return p.loop ? `${p.loop} ${p.segment ?? ''}: ${text}` : text;
}

/** What the product itself refused of a claim made from the file (a field's problems): kept under the field's name. */
export const keptOfFields = (fields: Record<string, FieldProblem[]>): KeptProblem[] =>
  Object.entries(fields).flatMap(([field, ps]) =>
    ps.map((p) => ({ code: p.code, ...(p.params ? { params: p.params } : {}), segment: field })),
  );

/** One claim of the file as its row holds it. */
export interface ClaimFileRow {
  position: number;
  control: string;
  frequency: string;
  patient_name: string;
  member_id: string;
  payer_name: string;
  provider_name: string;
  charge: number;
  lines: number;
  outcome: string;
  findings: KeptProblem[];
  patient_id: number | null;
  insurance_company_id: number | null;
  company_id: number | null;
  claim_id: number | null;
}

export const rowOf = (c: PreviewedClaim, position: number): ClaimFileRow => ({
  position,
  control: c.control,
  frequency: c.frequency,
  patient_name: c.patient.name,
  member_id: c.patient.member_id,
  payer_name: c.payer.match?.name ?? c.payer.name,
  provider_name: c.billing_provider.match?.name ?? c.billing_provider.name,
  charge: c.charge_cents,
  lines: c.lines,
  outcome: c.outcome,
  findings: c.problems.map(kept),
  patient_id: c.matches.patient?.id ?? null,
  insurance_company_id: c.matches.payer?.id ?? null,
  company_id: c.matches.company?.id ?? null,
  claim_id: c.outcome === 'held' ? (c.matches.held?.id ?? null) : null,
});

/** Outcomes of a claim made from the file (imported, or a draft, a replacement, a void): settled, never made again. */
export const MADE = ['imported', 'draft', 'replaced', 'voided'];
/** Outcomes of a claim still to be made: an import makes it, or a check again looks at it anew. */
export const PENDING = ['ready', 'fix', 'waiting'];

/** The file's counts as its row lists them, from its claims' outcomes. */
export function countsOf(rows: Array<{ outcome: string }>) {
  const n = (...o: string[]) => rows.filter((r) => o.includes(r.outcome)).length;
  return {
    claims: rows.length,
    ready: n('ready'),
    to_fix: n('fix', 'draft'),
    waiting: n('waiting'),
    held: n('held'),
    imported: n(...MADE),
  };
}

/** previewed while nothing is imported, imported when nothing waits to be, partly in between. */
export function statusOf(rows: Array<{ outcome: string }>): string {
  const pending = rows.some((r) => PENDING.includes(r.outcome));
  const done = rows.some((r) => MADE.includes(r.outcome));
  return !done ? (pending ? 'previewed' : 'imported') : pending ? 'partly' : 'imported';
}

/** Claims of a file changed at once (a check again, an import), by position; each change audited with what it was. */
export async function updateClaimRows(
  tx: Queryable,
  actor: Actor,
  bc: number,
  fileId: number,
  rows: ClaimFileRow[],
): Promise<void> {
  if (!rows.length) return;
  const r = await tx.query<{ id: string; position: number; old: Record<string, unknown> }>(
    `with x as (select * from jsonb_populate_recordset(null::claim_file_claims, $3::jsonb)),
          before as (select c.id, c.position, jsonb_build_object('outcome', c.outcome, 'findings', c.findings, 'claim_id', c.claim_id,
                       'patient_id', c.patient_id, 'insurance_company_id', c.insurance_company_id, 'company_id', c.company_id) as old
                       from claim_file_claims c join x on x.position = c.position
                      where c.billing_company_id = $1 and c.claim_file_id = $2 for update)
     update claim_file_claims c set outcome = x.outcome, findings = x.findings, claim_id = x.claim_id, patient_id = x.patient_id,
            insurance_company_id = x.insurance_company_id, company_id = x.company_id, version = c.version + 1, updated_at = now()
       from x, before where c.billing_company_id = $1 and c.claim_file_id = $2 and c.position = x.position and before.id = c.id
     returning c.id, c.position, before.old`,
    [bc, fileId, JSON.stringify(rows)],
  );
  const byPosition = new Map(rows.map((x) => [x.position, x]));
  await writeAuditMany(tx, actor, {
    entity: 'claim_file_claim',
    event: 'updated',
    rows: r.rows.map((x) => {
      const now = byPosition.get(x.position)!;
      return {
        entityId: Number(x.id),
        billingCompanyId: bc,
        oldValues: x.old,
        newValues: {
          outcome: now.outcome,
          findings: now.findings,
          claim_id: now.claim_id,
          patient_id: now.patient_id,
          insurance_company_id: now.insurance_company_id,
          company_id: now.company_id,
        },
      };
    }),
  });
}

export type { ClaimFilePreview };
