-- A patient is found by a policy or member number typed into the patient list's search or the spotlight:
-- the numbers of the patient's policies (ended ones too: staff search an old card) are kept on the patient
-- row, inside the search expression and its trigram index, so the search stays one indexed query.
create function patient_policy_numbers(p bigint) returns text language sql stable as $$
  select string_agg(policy_number, ' ' order by id) from insurance_policies where patient_id = p
$$;

-- The policy trigger of 0036 keeps both columns in one update of the patient row, and only when a policy
-- change can alter them (a note on a policy no longer rewrites its patient).
create or replace function policies_refresh_primary() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.patient_id is distinct from old.patient_id) then
    update patients set primary_insurance = patient_primary_insurance(old.patient_id), policy_numbers = patient_policy_numbers(old.patient_id)
     where id = old.patient_id;
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and (new.patient_id, new.policy_number, new.status, new.type_responsibility_id, new.eff_date, new.end_date, new.insurance_company_id)
      is distinct from (old.patient_id, old.policy_number, old.status, old.type_responsibility_id, old.eff_date, old.end_date, old.insurance_company_id)) then
    update patients set primary_insurance = patient_primary_insurance(new.patient_id), policy_numbers = patient_policy_numbers(new.patient_id)
     where id = new.patient_id;
  end if;
  return null;
end $$;

update patients p set policy_numbers = patient_policy_numbers(p.id)
 where exists (select 1 from insurance_policies pol where pol.patient_id = p.id);
