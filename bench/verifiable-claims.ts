import type { Database } from '../dev-server/db/database.ts';
import { npiFrom } from '../src/domain/formats.ts';

/**
 * Claims that pass every rule, with two lines each (written by SQL: their saving is not what is timed):
 * drafts for the verification bench, or verified Not submitted claims (ready) for the batch bench.
 */
export async function verifiableClaims(db: Database, bc: number, n: number, ready = false): Promise<number[]> {
  await db.query(
    `insert into diagnoses (code, description, start_date) values ('J06.9', 'Acute upper respiratory infection', '2015-10-01'), ('R05.9', 'Cough', '2015-10-01') on conflict do nothing`,
  );
  await db.query(
    `insert into procedures (code, description, start_date, price) values ('G0439', 'Annual wellness visit, subsequent', '2011-01-01', 17500), ('G0444', 'Annual depression screening', '2015-01-01', 2200) on conflict do nothing`,
  );
  await db.query(
    `update companies set tax_id = '59-1234567', ein = '591234567', taxonomy = '207Q00000X', npi = $2 where id = (select min(id) from companies where billing_company_id = $1)`,
    [bc, npiFrom('512345678')],
  );
  // Every clinic of the billing company as a receiver wants its billing provider: street, city, state and ZIP+4.
  await db.query(
    `update companies set address = coalesce(address, '100 Bench Ave'), city = coalesce(city, 'Miami'), state = coalesce(state, 'FL'), zip = '33101-2204' where billing_company_id = $1`,
    [bc],
  );
  const policy = await db.query<{ id: number; patient_id: number }>(
    `insert into insurance_companies (payer_id, name, timely_filing_days) values ('BENCH1', 'Bench Health', 365) on conflict do nothing returning id`,
  );
  const payer =
    policy.rows[0]?.id ??
    Number((await db.query<{ id: number }>(`select id from insurance_companies where payer_id = 'BENCH1'`)).rows[0].id);
  const plan = Number(
    (
      await db.query<{ id: number }>(
        `insert into insurance_plans (billing_company_id, insurance_company_id, name) values ($1, $2, 'Bench PPO') returning id`,
        [bc, payer],
      )
    ).rows[0].id,
  );
  const r = await db.query<{ id: number }>(
    `with p as (select id, company_id from patients where billing_company_id = $1 order by id limit $2),
          pol as (insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date)
                  select $1, id, $3, $4, 'BP' || id, 1, '2020-01-01' from p on conflict do nothing returning id, patient_id)
     insert into claims (billing_company_id, code, format_id, patient_id, patient_name, company_id, attending_provider_id, status_id, verified, date_of_service, billed_amount, amount_paid,
                         self_pay, insurance_policy_ids, diagnoses, place_of_service, accept_assignment, frequency)
     select $1, 'VER-' || pol.patient_id, 1, pol.patient_id, 'Bench Patient', p.company_id, (select min(id) from health_professionals where billing_company_id = $1), $5::int, $5::int = 2, '2026-03-02', 19700, 0,
            false, jsonb_build_array(pol.id), '[{"code": "J06.9"}, {"code": "R05.9"}]', '11', true, '1'
       from pol join p on p.id = pol.patient_id returning id`,
    [bc, n, payer, plan, ready ? 2 : 1],
  );
  const ids = r.rows.map((x) => Number(x.id));
  await db.query(
    `insert into claim_services (billing_company_id, claim_id, line_number, from_service, to_service, procedure_code, diagnosis_pointers, days_or_units, price, line_charge)
    select $1, c, k, '2026-03-02', '2026-03-02', case k when 1 then 'G0439' else 'G0444' end, '["A"]', '1', case k when 1 then 17500 else 2200 end, case k when 1 then 17500 else 2200 end
      from unnest($2::bigint[]) c, generate_series(1, 2) k`,
    [bc, ids],
  );
  return ids;
}
