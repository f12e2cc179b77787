-- Month-end close (issue 34): a billing company closes its books through a day (the end of a month), for all its
-- companies or for one. Nothing dated on or before that day may then be posted, adjusted, written off or changed, nor
-- the charge of a claim entered by then:
-- the database refuses it whatever path writes it (a form, an ERA, a job), so no route can forget. A correction goes
-- in the open period. Reopening moves the day back, with a reason; every close and reopen is kept.
-- Every close and reopen is a row of books_closes, made from its entity schema (books-close.schema.json).

-- The day each scope is closed through now: one row per billing company (company null) or company.
create table books_closed (
  billing_company_id bigint not null references billing_companies (id),
  company_id bigint references companies (id),
  closed_through date not null
);
create unique index books_closed_scope on books_closed (billing_company_id, coalesce(company_id, 0));

-- The last closed day for a billing company's company: its own close or the billing company's, whichever is later.
create function books_closed_through(bc bigint, company bigint) returns date language sql stable as $$
  select max(closed_through) from books_closed
   where billing_company_id = bc and (company_id is null or company_id = company)
$$;

-- Refuses a day inside closed books. The code RC001 and the detail (the day, the closed-through day) are read by the
-- server's error handler, which says it in the reader's language.
create function refuse_closed_day(bc bigint, company bigint, day date) returns void language plpgsql as $$
declare
  through date;
begin
  if day is null then
    return;
  end if;
  through := books_closed_through(bc, company);
  if through is not null and day <= through then
    raise exception using errcode = 'RC001', message = 'books_closed',
      detail = to_char(day, 'YYYY-MM-DD') || ' ' || to_char(through, 'YYYY-MM-DD');
  end if;
end $$;

-- Each trigger below costs one index probe when the billing company has closed nothing (every company, at first).
-- An update is refused only when it changes what the books say (the money, the day, whose it is); a row's other
-- columns (a note, a link to the file it came from) may still change.

-- A write-off, adjustment or refund on the ledger: its entry date, for the patient's company.
create function ledger_entries_closed_books() returns trigger language plpgsql as $$
declare
  r ledger_entries := case when tg_op = 'DELETE' then old else new end;
begin
  if not exists (select 1 from books_closed where billing_company_id = r.billing_company_id) then
    return r;
  end if;
  if tg_op = 'UPDATE' and (new.amount, new.entry_date, new.kind, new.responsibility, new.patient_id, new.claim_id)
      is not distinct from (old.amount, old.entry_date, old.kind, old.responsibility, old.patient_id, old.claim_id) then
    return r;
  end if;
  if tg_op <> 'INSERT' then
    perform refuse_closed_day(old.billing_company_id, (select company_id from patients where id = old.patient_id), old.entry_date);
  end if;
  if tg_op <> 'DELETE' then
    perform refuse_closed_day(new.billing_company_id, (select company_id from patients where id = new.patient_id), new.entry_date);
  end if;
  return r;
end $$;
create trigger ledger_entries_closed_books before insert or update or delete on ledger_entries
  for each row execute function ledger_entries_closed_books();

-- A payment (a check, an ERA's payment, a patient's money): its payment date, for the whole billing company (a check
-- pays claims of several companies; a company's own close is held on the postings below).
create function payments_closed_books() returns trigger language plpgsql as $$
declare
  r payments := case when tg_op = 'DELETE' then old else new end;
begin
  if not exists (select 1 from books_closed where billing_company_id = r.billing_company_id) then
    return r;
  end if;
  if tg_op = 'UPDATE' and (new.amount, new.payment_date, new.source_id, new.insurance_company_id, new.patient_id)
      is not distinct from (old.amount, old.payment_date, old.source_id, old.insurance_company_id, old.patient_id) then
    return r;
  end if;
  if tg_op <> 'INSERT' then
    perform refuse_closed_day(old.billing_company_id, null, old.payment_date);
  end if;
  if tg_op <> 'DELETE' then
    perform refuse_closed_day(new.billing_company_id, null, new.payment_date);
  end if;
  return r;
end $$;
create trigger payments_closed_books before insert or update or delete on payments
  for each row execute function payments_closed_books();

-- A posting of a payment to a claim: the payment's date, for the claim's company.
create function payment_services_closed_books() returns trigger language plpgsql as $$
declare
  r payment_services := case when tg_op = 'DELETE' then old else new end;
begin
  if not exists (select 1 from books_closed where billing_company_id = r.billing_company_id) then
    return r;
  end if;
  if tg_op = 'UPDATE' and (new.paid, new.allowed, new.adjustments, new.patient_responsibility, new.payment_id, new.claim_id)
      is not distinct from (old.paid, old.allowed, old.adjustments, old.patient_responsibility, old.payment_id, old.claim_id) then
    return r;
  end if;
  if tg_op <> 'INSERT' then
    perform refuse_closed_day(old.billing_company_id, (select company_id from claims where id = old.claim_id),
      (select payment_date from payments where id = old.payment_id));
  end if;
  if tg_op <> 'DELETE' then
    perform refuse_closed_day(new.billing_company_id, (select company_id from claims where id = new.claim_id),
      (select payment_date from payments where id = new.payment_id));
  end if;
  return r;
end $$;
create trigger payment_services_closed_books before insert or update or delete on payment_services
  for each row execute function payment_services_closed_books();

-- A claim entered on or before the closed day: its charge, whose it is (insurance or the patient) and its company are
-- the closed month's books. A new claim (a late charge, a corrected claim) is entered in the open period and may be.
create function claims_closed_books() returns trigger language plpgsql as $$
declare
  r claims := case when tg_op = 'DELETE' then old else new end;
begin
  if tg_op = 'INSERT' or not exists (select 1 from books_closed where billing_company_id = r.billing_company_id) then
    return r;
  end if;
  if tg_op = 'UPDATE' and (new.billed_amount, new.insurance_policy_ids, new.company_id, new.billing_company_id)
      is not distinct from (old.billed_amount, old.insurance_policy_ids, old.company_id, old.billing_company_id) then
    return r;
  end if;
  perform refuse_closed_day(old.billing_company_id, old.company_id, old.created_at::date);
  return r;
end $$;
create trigger claims_closed_books before update or delete on claims
  for each row execute function claims_closed_books();
