-- Issue 56 §3: each claim says what insurance paid, what the patient paid and what is still owed, as list columns a
-- person sorts and sums. They are kept on the claim, refreshed in the statement that changes what they come from (a
-- posting, a reversal, a write-off or refund, a line's charge), whichever path of the product made the change: the
-- same rules as the ledger's balances (dev-server/ledger/ledger-balances.ts), per claim; tests/ledger/claim-money and
-- tests/db/demo-data check that the two agree.
--   insurance_paid  what payers paid (payment source other than the patient), reversals counted
--   patient_paid    what the patient's payments applied to the claim (a patient posting carries −X as its share)
--   balance         charges − insurance paid − payers' own adjustments other than PR (a denial's excepted)
--                   − patient paid − write-offs + refunds
create function claim_money_refresh(ids bigint[]) returns void language sql as $$
  update claims c
     set insurance_paid = m.insurance_paid, patient_paid = m.patient_paid, balance = m.balance
    from (
      select x.id,
             coalesce(po.paid, 0) as insurance_paid,
             coalesce(po.pat_paid, 0) as patient_paid,
             coalesce(ch.charges, 0) - coalesce(po.paid, 0) - coalesce(po.adj, 0) - coalesce(po.pat_paid, 0)
               - coalesce(le.write_offs, 0) + coalesce(le.refunds, 0) as balance
        from claims x
        left join lateral (select sum(s.line_charge) as charges from claim_services s
                            where s.billing_company_id = x.billing_company_id and s.claim_id = x.id) ch on true
        left join lateral (
          select sum(p.paid) filter (where not patient) as paid,
                 sum((select coalesce(sum((a->>'amount')::bigint), 0)
                        from jsonb_array_elements(coalesce(p.adjustments, '[]'::jsonb)) a
                       where a->>'group' <> 'PR' and a->>'reason' <> '23'))
                   filter (where not patient and coalesce(p.claim_status, '') <> '4') as adj,
                 -sum(p.patient_responsibility) filter (where patient) as pat_paid
            from (select p.*, (select y.source_id = 1 from payments y where y.id = p.payment_id) as patient
                    from payment_services p
                   where p.billing_company_id = x.billing_company_id and p.claim_id = x.id) p) po on true
        left join lateral (
          select sum(e.amount) filter (where e.kind = 'write_off') as write_offs,
                 sum(e.amount) filter (where e.kind = 'refund') as refunds
            from ledger_entries e where e.billing_company_id = x.billing_company_id and e.claim_id = x.id) le on true
       where x.id = any(ids)
    ) m
   where c.id = m.id
     and (c.insurance_paid, c.patient_paid, c.balance) is distinct from (m.insurance_paid, m.patient_paid, m.balance)
$$;

-- The claims of the rows a statement wrote (or, for a delete, removed). Only the branch of the statement's own kind
-- runs, so each trigger names only the transition table it has.
create function claim_money_from_rows() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform claim_money_refresh(array(select distinct claim_id from old_rows where claim_id is not null));
  else
    perform claim_money_refresh(array(select distinct claim_id from new_rows where claim_id is not null));
  end if;
  return null;
end $$;

create trigger payment_services_claim_money_ins after insert on payment_services
  referencing new table as new_rows for each statement execute function claim_money_from_rows();
create trigger payment_services_claim_money_upd after update on payment_services
  referencing new table as new_rows for each statement execute function claim_money_from_rows();
create trigger payment_services_claim_money_del after delete on payment_services
  referencing old table as old_rows for each statement execute function claim_money_from_rows();
create trigger claim_services_claim_money_ins after insert on claim_services
  referencing new table as new_rows for each statement execute function claim_money_from_rows();
-- A line's update moves the claim's money only when its charge (or its claim) changed: verification's pricing rewrites
-- thousands of lines' expected amounts and must not recompute their claims for nothing.
create function claim_money_from_changed_lines() returns trigger language plpgsql as $$
begin
  perform claim_money_refresh(array(
    select distinct x.claim_id from new_rows n join old_rows o on o.id = n.id, lateral (values (n.claim_id), (o.claim_id)) x(claim_id)
     where (n.line_charge, n.claim_id) is distinct from (o.line_charge, o.claim_id) and x.claim_id is not null));
  return null;
end $$;
create trigger claim_services_claim_money_upd after update on claim_services
  referencing old table as old_rows new table as new_rows for each statement execute function claim_money_from_changed_lines();
create trigger claim_services_claim_money_del after delete on claim_services
  referencing old table as old_rows for each statement execute function claim_money_from_rows();
create trigger ledger_entries_claim_money_ins after insert on ledger_entries
  referencing new table as new_rows for each statement execute function claim_money_from_rows();

-- Every claim already held.
select claim_money_refresh(array(select id from claims));
