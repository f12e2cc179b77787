-- Contract pricing (issue 34): what each claim line is owed by its payer's contract, kept on the line when the claim
-- is verified, and the lines a payer then paid under (or over) it, kept as the underpayment worklist.
-- The ids below are those of schemas/lists: contract-bases (1 fee schedule, 2 % of charges, 3 % of a reference
-- contract's schedule), units-bases (1 per unit, 2 per line), variance-kinds (1 underpaid, 2 overpaid) and
-- variance-statuses (1 open, 2 appealed, 3 recovered, 6 reversed, 7 replaced by a later posting).

-- One price per procedure, modifier and place of service in a contract (the import replaces by this key).
create unique index contract_rates_key on contract_rates (contract_id, procedure_code, coalesce(modifier, ''), coalesce(place_of_service, ''));
-- One variance per posted line.
create unique index underpayments_posting on underpayments (payment_service_id);
-- The worklist: a billing company's open variances, most money first.
create index underpayments_worklist on underpayments (billing_company_id, status_id, variance desc, id desc);
create index underpayments_claim_line on underpayments (claim_service_id) where status_id in (1, 2);
-- A contract's open claims, found when its schedule changes.
create index claims_company_service_day on claims (billing_company_id, company_id, date_of_service);

-- "80" or "112.5" as a fraction of one, exactly (numeric, never a float).
create function contract_share(percentage text) returns numeric language sql immutable as $$
  select case when percentage ~ '^[0-9]{1,3}(\.[0-9]{1,3})?$' then percentage::numeric / 100 end
$$;

-- A line's units as a number: its days or units when they read as one, else one.
create function line_units(days_or_units text) returns numeric language sql immutable as $$
  select case when days_or_units ~ '^[0-9]{1,6}(\.[0-9]{1,3})?$' then days_or_units::numeric else 1 end
$$;

-- What a fee schedule line allows for a claim line: its amount (per unit or per line) or its share of the charge.
create function rate_allows(amount bigint, percentage text, units_basis integer, units numeric, charge bigint)
returns bigint language sql immutable as $$
  select case
    when amount is not null then case when units_basis = 2 then amount else round(amount * units)::bigint end
    when percentage is not null then round(charge * contract_share(percentage))::bigint
  end
$$;

-- The fee schedule line of a contract that prices a claim line: its procedure, the most particular first (a line for
-- the modifier billed and the place of service beats one for any).
create function contract_rate_for(contract bigint, procedure text, modifiers jsonb, pos text)
returns setof contract_rates language sql stable as $$
  select r.* from contract_rates r
   where r.contract_id = contract and r.procedure_code = upper(procedure)
     and (r.modifier is null or coalesce(modifiers, '[]'::jsonb) ? r.modifier)
     and (r.place_of_service is null or r.place_of_service = pos)
   order by (r.modifier is not null) desc, (r.place_of_service is not null) desc
   limit 1
$$;

-- Prices the lines of the claims named: each line's expected allowed amount and the contract that set it, from the
-- contract of the claim's company with its primary payer (a plan's own contract before the payer's, the latest in
-- force on the line's day). A fee schedule line of the contract prices its procedure (a carve-out when the contract
-- is a percentage); else the contract's percentage of the charge or of its reference contract's schedule. A line no
-- contract prices keeps no expected amount. Set-based: one statement for any number of claims.
create function price_claim_lines(claim_ids bigint[]) returns integer language plpgsql as $$
declare
  n integer;
begin
  with line as (
    select cs.id, cs.procedure_code, cs.modifiers, coalesce(cs.place_of_service, c.place_of_service) as pos,
           cs.from_service, coalesce(cs.line_charge, cs.price) as charge, line_units(cs.days_or_units) as units,
           c.billing_company_id, c.company_id, p.insurance_company_id, p.insurance_plan_id
      from claims c
      -- By the claim's billing company and id: the lines' own index, never a scan of every line.
      join claim_services cs on cs.billing_company_id = c.billing_company_id and cs.claim_id = c.id
      left join insurance_policies p on p.id = (c.insurance_policy_ids ->> 0)::bigint
     where c.id = any(claim_ids)
  ), candidate as (
    select l.id, k.id as contract_id, k.insurance_plan_id, k.start_date,
           coalesce(
             rate_allows(r.amount, r.percentage, r.units_basis_id, l.units, l.charge),
             case k.basis_id
               when 2 then round(l.charge * contract_share(k.percentage))::bigint
               when 3 then round(rate_allows(ref.amount, ref.percentage, ref.units_basis_id, l.units, l.charge)
                                 * contract_share(k.percentage))::bigint
             end) as expected
      from line l
      -- Left: a line no contract prices is still a row (no expected amount), so one join writes every line.
      left join contracts k on k.billing_company_id = l.billing_company_id and k.company_id = l.company_id
       and k.insurance_company_id = l.insurance_company_id
       and (k.insurance_plan_id is null or k.insurance_plan_id = l.insurance_plan_id)
       and k.start_date <= l.from_service and (k.end_date is null or k.end_date >= l.from_service)
      left join lateral contract_rate_for(k.id, l.procedure_code, l.modifiers, l.pos) r on true
      -- Only a contract priced by its reference reads the reference's schedule.
      left join lateral (select * from contract_rate_for(k.reference_contract_id, l.procedure_code, l.modifiers, l.pos)
                          where k.basis_id = 3) ref on true
  ), chosen as (
    select distinct on (id) id, case when expected is not null then contract_id end as contract_id, expected from candidate
     order by id, (expected is null), (insurance_plan_id is not null) desc, start_date desc, contract_id desc
  )
  update claim_services cs
     set expected_allowed = chosen.expected, expected_contract_id = chosen.contract_id
    from chosen
   where cs.id = chosen.id
     and (cs.expected_allowed, cs.expected_contract_id) is distinct from (chosen.expected, chosen.contract_id);
  get diagnostics n = row_count;
  return n;
end $$;

-- Whether a payer's answer on a line adjudicated it as covered: it paid something, or put the allowed amount on the
-- patient as cost sharing (deductible, coinsurance, copay: PR-1, 2, 3). A line denied outright, or left to the patient
-- as not covered (PR-204, PR-96), is a denial: the denial worklist's, not a contract variance.
create function posting_covered(paid bigint, adjustments jsonb) returns boolean language sql immutable as $$
  select coalesce(paid, 0) <> 0 or exists (
    select 1 from jsonb_array_elements(coalesce(adjustments, '[]'::jsonb)) a
     where a ->> 'group' = 'PR' and a ->> 'reason' in ('1', '2', '3') and (a ->> 'amount')::bigint <> 0)
$$;

-- What a payer's answer allowed on a line: its allowed amount, or where it gave none what it paid plus the patient's share.
create function posting_allowed(allowed bigint, paid bigint, patient bigint) returns bigint language sql immutable as $$
  select case when coalesce(allowed, 0) <> 0 then allowed else coalesce(paid, 0) + coalesce(patient, 0) end
$$;

-- The tolerance a billing company allows a payer's allowed amount before a line is listed (empty: $1.00).
create function variance_tolerance(bc bigint) returns bigint language sql stable as $$
  select coalesce((select underpayment_tolerance from billing_companies where id = bc), 100)
$$;

-- Every posting, whatever wrote it (an ERA, a posting by hand, a job), is compared with its line's contract here, in
-- the posting's own statement and transaction: the line's allowed amount (or, where the payer gave none, what it paid
-- plus the patient's share) against the expected amount the contract set. Only the contract's own payer's postings
-- as primary count (a secondary, even the same payer paying as secondary, restates another's adjudication), and a denied line (nothing allowed, paid or owed by the patient)
-- belongs to the denial worklist. A miss beyond the tolerance is a variance; a later posting of the same line
-- recovers an open one (or replaces it when it still misses); a reversal by hand reverses the variance of what it
-- reversed.
create function payment_services_contract_variance() returns trigger language plpgsql as $$
begin
  -- A posting reversed by hand (posted to the wrong claim or check) takes its variance with it; a payer's own takeback
  -- (an ERA's reversal) leaves it open until the payer pays the line again.
  update underpayments u set status_id = 6, updated_at = now(), version = u.version + 1
    from posted p
   where p.reverses_id is not null and p.era_file_id is null and u.payment_service_id = p.reverses_id
     and u.status_id in (1, 2);

  with compared as (
    select p.id as payment_service_id, p.payment_id, p.claim_id, p.claim_service_id, p.billing_company_id,
           cs.expected_allowed as expected, cs.expected_contract_id as contract_id, cs.procedure_code,
           c.code as claim_code, c.patient_id, c.company_id, cs.from_service, y.insurance_company_id, y.payment_date,
           p.paid, posting_allowed(p.allowed, p.paid, p.patient_responsibility) as allowed,
           (select string_agg(distinct (a ->> 'group') || '-' || (a ->> 'reason'), ' ')
              from jsonb_array_elements(coalesce(p.adjustments, '[]'::jsonb)) a) as reasons,
           variance_tolerance(p.billing_company_id) as tolerance
      from posted p
      join claim_services cs on cs.id = p.claim_service_id
      join claims c on c.id = p.claim_id
      join payments y on y.id = p.payment_id
      join contracts k on k.id = cs.expected_contract_id
     where p.reverses_id is null and cs.expected_allowed is not null
       and y.insurance_company_id = k.insurance_company_id and coalesce(p.paid_as, 'P') = 'P'
       and posting_covered(p.paid, p.adjustments)
  ), earlier as (
    update underpayments u
       set status_id = case when abs(c.expected - c.allowed) <= c.tolerance then 3 else 7 end,
           updated_at = now(), version = u.version + 1
      from compared c
     where u.claim_service_id = c.claim_service_id and u.status_id in (1, 2)
     returning u.id
  )
  insert into underpayments (billing_company_id, claim_id, claim_code, patient_id, insurance_company_id, company_id,
                             kind_id, date_of_service, procedure_code, expected, allowed, paid, variance, reasons,
                             posted_on, contract_id, status_id, payment_id, payment_service_id, claim_service_id)
  select billing_company_id, claim_id, claim_code, patient_id, insurance_company_id, company_id,
         case when expected > allowed then 1 else 2 end, from_service, procedure_code, expected, allowed, paid,
         abs(expected - allowed), reasons, payment_date, contract_id, 1, payment_id, payment_service_id, claim_service_id
    from compared
   where abs(expected - allowed) > tolerance;
  return null;
end $$;

create trigger payment_services_contract_variance after insert on payment_services
  referencing new table as posted for each statement execute function payment_services_contract_variance();
