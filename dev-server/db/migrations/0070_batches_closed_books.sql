-- Payment batches inside closed books (issue 54): a batch's posting date and the day it was closed are the books'
-- days too. A batch is not posted, re-dated or closed on a day on or before the day its billing company (or its
-- company) closed its books through; what does not change a batch's days (its state, its totals, a note) still may.
-- The same refusal as the payments' (RC001, said in words by the server's error handler).
create function payment_batches_closed_books() returns trigger language plpgsql as $$
declare
  r payment_batches := case when tg_op = 'DELETE' then old else new end;
begin
  if not exists (select 1 from books_closed where billing_company_id = r.billing_company_id) then
    return r;
  end if;
  if tg_op = 'DELETE' then
    perform refuse_closed_day(old.billing_company_id, old.company_id, old.posting_date);
    return r;
  end if;
  if tg_op = 'INSERT' or new.posting_date is distinct from old.posting_date or new.company_id is distinct from old.company_id then
    perform refuse_closed_day(new.billing_company_id, new.company_id, new.posting_date);
  end if;
  if tg_op = 'INSERT' or new.close_date is distinct from old.close_date then
    perform refuse_closed_day(new.billing_company_id, new.company_id, new.close_date);
  end if;
  return r;
end $$;
create trigger payment_batches_closed_books before insert or update or delete on payment_batches
  for each row execute function payment_batches_closed_books();
