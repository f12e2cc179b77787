import type { Queryable } from '../db/database.ts';

export interface ControlledClaim { id: number; code: string; patient_control_number: string | null; patient_account_number: string | null; status_id: number; company_id: number; secondary: boolean }

/**
 * The claims an answer names by the number we sent as CLM01 (a 277CA's TRN02, an ERA's CLP01): the
 * claim's patient control number first, then our claim number or the patient account (files answering
 * claims sent before the control number existed). A claim still waiting for the answer (Submitted,
 * Approved) comes before an older one with the same account. One query for any number of claims.
 */
export async function claimsByControl(db: Queryable, bc: number, controls: string[]): Promise<Map<string, ControlledClaim>> {
  const rows = (await db.query<ControlledClaim>(
    `select c.id, c.code, c.patient_control_number, c.patient_account_number, c.status_id, c.company_id, jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 1 as secondary
       from claims c where c.billing_company_id = $1
        and (c.patient_control_number = any($2::text[]) or c.code = any($2::text[]) or c.patient_account_number = any($2::text[]))
      order by (c.status_id in (3, 4)) desc, c.id desc`, [bc, controls])).rows;
  const out = new Map<string, ControlledClaim>();
  for (const r of rows) {
    const c = { ...r, id: Number(r.id), status_id: Number(r.status_id), company_id: Number(r.company_id) };
    if (c.patient_control_number) out.set(c.patient_control_number, c);
    if (!out.has(c.code)) out.set(c.code, c);
    if (c.patient_account_number && !out.has(c.patient_account_number)) out.set(c.patient_account_number, c);
  }
  return out;
}
