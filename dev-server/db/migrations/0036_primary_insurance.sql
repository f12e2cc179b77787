-- The patient list shows each patient's primary insurance (the payer billing staff look for first). It is
-- kept on the patient row so the list stays one indexed, paged query: triggers keep it whenever a policy
-- is added, changed, ended or removed, or its payer renamed, whichever route or job did it.
-- Primary: an active policy of responsibility 1 (P), the latest effective first.
create function patient_primary_insurance(p bigint) returns text language sql stable as $$
  select i.name from insurance_policies pol join insurance_companies i on i.id = pol.insurance_company_id
   where pol.patient_id = p and pol.status and pol.type_responsibility_id = 1 and (pol.end_date is null or pol.end_date >= current_date)
   order by pol.eff_date desc nulls last, pol.id desc limit 1
$$;

create function policies_refresh_primary() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.patient_id is not null then
    update patients set primary_insurance = patient_primary_insurance(old.patient_id) where id = old.patient_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.patient_id is not null then
    update patients set primary_insurance = patient_primary_insurance(new.patient_id) where id = new.patient_id;
  end if;
  return null;
end $$;

create trigger insurance_policies_primary after insert or update or delete on insurance_policies
  for each row execute function policies_refresh_primary();

create function payer_renamed_refresh_primary() returns trigger language plpgsql as $$
begin
  update patients p set primary_insurance = patient_primary_insurance(p.id)
   where p.id in (select patient_id from insurance_policies where insurance_company_id = new.id);
  return null;
end $$;

create trigger insurance_companies_primary after update of name on insurance_companies
  for each row execute function payer_renamed_refresh_primary();

update patients p set primary_insurance = patient_primary_insurance(p.id)
 where exists (select 1 from insurance_policies pol where pol.patient_id = p.id);
