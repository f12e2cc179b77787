import type { Database } from '../dev-server/db/database.ts';
import { npiFrom } from '../src/domain/formats.ts';
import { generateDataset } from './dataset.ts';

/**
 * tenants billing companies with claims spread evenly over them — each with its clinic, facility,
 * professionals and patients (one patient per ten claims) — by SQL in batches. Statuses, dates over
 * 18 months and amounts vary the way a real book of claims does; the lines of these claims are not
 * written (the list reads only the claim), except for the claims a verification bench asks for.
 */
export async function generateClaims(db: Database, tenants: number, claims: number): Promise<{ bcs: number[] }> {
  const bcs = await generateDataset(db, tenants, Math.max(tenants, Math.floor(claims / 10)));
  await db.query(
    `insert into health_professionals (billing_company_id, npi, first_name, last_name, health_professional_type_id, email, taxonomy)
    select b, ($2::text[])[((b - 1) * 2 + k)::int], 'Pat', 'Render' || k, 1, 'hp' || b || '-' || k || '@bench.example', '207Q00000X' from unnest($1::bigint[]) b, generate_series(1, 2) k`,
    [bcs, Array.from({ length: tenants * 2 + 2 }, (_, i) => npiFrom(String(300000000 + i)))],
  );
  const batch = 100_000;
  for (let start = 1; start <= claims; start += batch) {
    await db.query(
      `insert into claims (billing_company_id, code, format_id, patient_id, patient_name, company_id, attending_provider_id, status_id, verified, date_of_service,
                           billed_amount, amount_paid, past_due_date, self_pay, insurance_policy_ids, diagnoses, patient_account_number, accept_assignment, frequency)
       select p.billing_company_id, 'BB-' || to_char(dos, 'MMDDYYYY') || '-' || upper(left(p.first_name, 1) || left(p.last_name, 1)) || lpad(g::text, 6, '0'),
              case when g % 7 = 0 then 2 else 1 end, p.id, p.first_name || ' ' || p.last_name, p.company_id,
              (select min(h.id) from health_professionals h where h.billing_company_id = p.billing_company_id),
              1 + (g * 13 % 7), g % 5 <> 0, dos, 2500 + (g::bigint * 7919 % 250000), (g % 4) * 500, dos + 180, false, '[]', '[{"code": "I10"}]', 'ACC' || g, true, '1'
         from generate_series($1::int, $2::int) g
         join lateral (select date '2026-11-01' - (g * 31 % 548) as dos) d on true
         join patients p on p.id = 1 + (g % $3::int)`,
      [start, Math.min(claims, start + batch - 1), Math.max(tenants, Math.floor(claims / 10))],
    );
  }
  // As autovacuum leaves a table that has settled: statistics, and a visibility map that lets counts read an index alone.
  await db.query('vacuum analyze claims');
  return { bcs };
}
