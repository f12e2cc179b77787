import type { Queryable } from '../db/database.ts';

export interface ControlledClaim {
  id: number; code: string; patient_control_number: string | null; patient_account_number: string | null; status_id: number; company_id: number; secondary: boolean;
  /** The payer of the responsibility being billed (primary, secondary, tertiary): its ids (its own and this billing company's at the clearing house) and name. */
  billed_payer: { name: string; ids: string[] } | null;
}

/**
 * A claim as answers find it, with the payer it is billed to: the policy at the billed responsibility's
 * place among the claim's policies (primary first), and that payer's ids. Shared by the lookup by control number and by id.
 */
const CONTROLLED = `
  select c.id, c.code, c.patient_control_number, c.patient_account_number, c.status_id, c.company_id,
         jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 1 as secondary,
         b.name as billed_payer_name, b.ids as billed_payer_ids
    from claims c
    left join lateral (
      select i.name, array_remove(array[i.payer_id, (select s.payer_id from payer_settings s where s.billing_company_id = c.billing_company_id and s.insurance_company_id = i.id
                                                     and s.payer_id is not null limit 1)], null) as ids
        from jsonb_array_elements_text(coalesce(c.insurance_policy_ids, '[]'::jsonb)) x(id)
        join insurance_policies p on p.id = x.id::bigint join insurance_companies i on i.id = p.insurance_company_id
       -- The claim's policies primary first, as its 837 orders them; the billed one is at the responsibility's place.
       order by p.type_responsibility_id
      offset least(case c.billed_responsibility when 'S' then 1 when 'T' then 2 else 0 end, greatest(jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) - 1, 0)) limit 1) b on true`;

type Raw = Omit<ControlledClaim, 'billed_payer'> & { billed_payer_name: string | null; billed_payer_ids: string[] | null };
const typed = (r: Raw): ControlledClaim => ({
  id: Number(r.id), code: r.code, patient_control_number: r.patient_control_number, patient_account_number: r.patient_account_number, status_id: Number(r.status_id),
  company_id: Number(r.company_id), secondary: r.secondary, billed_payer: r.billed_payer_name === null ? null : { name: r.billed_payer_name, ids: r.billed_payer_ids ?? [] },
});

/**
 * The claims an answer names by the number we sent as CLM01 (a 277CA's TRN02, an ERA's CLP01): the
 * claim's patient control number first, then our claim number or the patient account (files answering
 * claims sent before the control number existed). A claim still waiting for the answer (Submitted,
 * Approved) comes before an older one with the same account. One query for any number of claims.
 */
export async function claimsByControl(db: Queryable, bc: number, controls: string[]): Promise<Map<string, ControlledClaim>> {
  const rows = (await db.query<Raw>(
    `${CONTROLLED} where c.billing_company_id = $1
        and (c.patient_control_number = any($2::text[]) or c.code = any($2::text[]) or c.patient_account_number = any($2::text[]))
      order by (c.status_id in (3, 4)) desc, c.id desc`, [bc, controls])).rows;
  const out = new Map<string, ControlledClaim>();
  for (const c of rows.map(typed)) {
    if (c.patient_control_number) out.set(c.patient_control_number, c);
    if (!out.has(c.code)) out.set(c.code, c);
    if (c.patient_account_number && !out.has(c.patient_account_number)) out.set(c.patient_account_number, c);
  }
  return out;
}

/** One claim of the billing company by its id, as answers find it (a person naming the claim an exception pays). */
export async function controlledClaim(db: Queryable, bc: number, id: number): Promise<ControlledClaim | undefined> {
  return (await db.query<Raw>(`${CONTROLLED} where c.id = $1 and c.billing_company_id = $2`, [id, bc])).rows.map(typed)[0];
}
