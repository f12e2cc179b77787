import type { Queryable } from '../db/database.ts';
import type { BilledPayer } from '../../src/domain/payments/payer-match.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

export interface ControlledClaim {
  id: number;
  code: string;
  patient_control_number: string | null;
  patient_account_number: string | null;
  status_id: number;
  company_id: number;
  /** the responsibility the claim is billed to now: P, S or T (what a remittance for it pays as) */
  billed_responsibility: 'P' | 'S' | 'T';
  /** a payer comes after the one billed (a secondary after the primary, a tertiary after the secondary) */
  secondary: boolean;
}

/** Whether a claim c has a payer after the one it is billed to. */
export const NEXT_PAYER_SQL = `jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > (case c.billed_responsibility when 'T' then 3 when 'S' then 2 else 1 end)`;
const COLUMNS = `c.id, c.code, c.patient_control_number, c.patient_account_number, c.status_id, c.company_id, coalesce(c.billed_responsibility, 'P') as billed_responsibility, ${NEXT_PAYER_SQL} as secondary`;
const typed = (r: ControlledClaim): ControlledClaim => ({
  ...r,
  id: Number(r.id),
  status_id: Number(r.status_id),
  company_id: Number(r.company_id),
});

/**
 * The claims an answer names by the number we sent as CLM01 (a 277CA's TRN02, an ERA's CLP01): the
 * claim's patient control number first, then our claim number or the patient account (files answering
 * claims sent before the control number existed). A claim still waiting for the answer (Submitted,
 * Approved) comes before an older one with the same account. One query for any number of claims.
 */
export async function claimsByControl(
  db: Queryable,
  bc: number,
  controls: string[],
): Promise<Map<string, ControlledClaim>> {
  const rows = (
    await db.query<ControlledClaim>(
      `select ${COLUMNS} from claims c where c.billing_company_id = $1
        and (c.patient_control_number = any($2::text[]) or c.code = any($2::text[]) or c.patient_account_number = any($2::text[]))
      order by (c.status_id in (${CLAIM_STATUS.SUBMITTED}, ${CLAIM_STATUS.APPROVED})) desc, c.id desc`,
      [bc, controls],
    )
  ).rows;
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
  return (
    await db.query<ControlledClaim>(`select ${COLUMNS} from claims c where c.id = $1 and c.billing_company_id = $2`, [
      id,
      bc,
    ])
  ).rows.map(typed)[0];
}

/**
 * The payer each claim is billed to: the policy at the billed responsibility's place among the claim's
 * policies (primary first, as its 837 orders them; the last one when the claim has fewer), with that
 * payer's ids (its own, and this billing company's id for it at the clearing house). One set-based query
 * for any number of claims; a claim with no policy (self pay) is absent.
 */
export async function billedPayers(db: Queryable, bc: number, claimIds: number[]): Promise<Map<number, BilledPayer>> {
  const rows = (
    await db.query<{ claim_id: string; name: string; ids: string[] }>(
      `with c as (select id, billed_responsibility, insurance_policy_ids from claims where billing_company_id = $1 and id = any($2::bigint[])),
          p as (select c.id as claim_id, i.id as payer, i.name, i.payer_id, c.billed_responsibility,
                       row_number() over (partition by c.id order by pol.type_responsibility_id, pol.id) - 1 as place, count(*) over (partition by c.id) as n
                  from c cross join lateral jsonb_array_elements_text(coalesce(c.insurance_policy_ids, '[]'::jsonb)) x(id)
                  join insurance_policies pol on pol.id = x.id::bigint join insurance_companies i on i.id = pol.insurance_company_id)
     select p.claim_id, p.name, array_remove(array[p.payer_id] || array(select s.payer_id from payer_settings s where s.billing_company_id = $1 and s.insurance_company_id = p.payer and s.payer_id is not null), null) as ids
       from p where p.place = least(case p.billed_responsibility when 'S' then 1 when 'T' then 2 else 0 end, p.n - 1)`,
      [bc, claimIds],
    )
  ).rows;
  return new Map(rows.map((r) => [Number(r.claim_id), { name: r.name, ids: r.ids ?? [] }]));
}
