import type { Queryable } from '../db/database.ts';
import type { Claim837I, Claim837P } from '../../src/domain/x12/claim-837-model.ts';
import { isProfessional } from '../../src/domain/claims/claim-rules.ts';
import { toClaim837I, toClaim837P } from '../../src/domain/claims/claim-to-837.ts';
import { claimParties } from './claim-parties.ts';
import { readLines } from './claim-lines.ts';
import { priorAdjudications } from './prior-adjudication.ts';

/**
 * Stored claims of one billing company as the 837 writers take them, professional and
 * institutional apart (they travel in different transactions): three queries for any number of claims.
 */
export async function claimsFor837(
  db: Queryable,
  billingCompanyId: number,
  ids: number[],
): Promise<{ professional: Array<Claim837P & { id: number }>; institutional: Array<Claim837I & { id: number }> }> {
  const rows = (
    await db.query<Record<string, unknown> & { id: number }>(
      `select id, code, format_id, patient_id, company_id, facility_id, billing_provider_id, attending_provider_id, referring_provider_id, supervising_provider_id, operating_provider_id,
            insurance_policy_ids, diagnoses, admitting_diagnosis, place_of_service, prior_authorization, patient_account_number, patient_control_number, frequency, original_reference, type_of_bill, billed_responsibility,
            to_char(admission_date, 'MM/DD/YYYY') as admission_date, to_char(discharge_date, 'MM/DD/YYYY') as discharge_date, admission_hour, discharge_hour, amount_paid,
            to_char(statement_from, 'MM/DD/YYYY') as statement_from, to_char(statement_through, 'MM/DD/YYYY') as statement_through, admission_type, admission_source, patient_status,
            condition_codes, occurrence_codes, value_codes, accept_assignment, accident_type, accident_state, to_char(injury_date, 'MM/DD/YYYY') as injury_date,
            outside_lab, outside_lab_charge, outside_lab_npi, additional_information
       from claims where billing_company_id = $1 and id = any($2::bigint[]) order by id`,
      [billingCompanyId, ids],
    )
  ).rows;
  const lines = await readLines(
    db,
    rows.map((r) => Number(r.id)),
    billingCompanyId,
  );
  const claims = rows.map((r) => {
    const out: Record<string, unknown> & { id: number } = { id: Number(r.id) };
    for (const [k, v] of Object.entries(r)) if (v !== null) out[k] = v;
    return { ...out, services: lines.get(Number(r.id)) ?? [] };
  });
  const parties = await claimParties(db, claims);
  // Claims refiled to the secondary carry the primary's adjudication (loops 2320/2330 and 2430).
  const prior = await priorAdjudications(
    db,
    claims
      .filter((c) => ['S', 'T'].includes(String((c as Record<string, unknown>).billed_responsibility)))
      .map((c) => c.id),
  );
  const partiesOf = (c: { id: number }) => ({
    ...parties.get(c.id)!,
    ...(prior.has(c.id) ? { priorAdjudication: prior.get(c.id)! } : {}),
  });
  return {
    professional: claims.filter(isProfessional).map((c) => ({ ...toClaim837P(c, partiesOf(c)), id: c.id })),
    institutional: claims.filter((c) => !isProfessional(c)).map((c) => ({ ...toClaim837I(c, partiesOf(c)), id: c.id })),
  };
}
