-- An ERA is posted once: the same payer's payment trace (TRN02) can be taken in only once per billing
-- company, whatever the file it came in (the file store already recognises the same bytes).
create unique index if not exists era_files_payer_trace_unique on era_files (billing_company_id, payer_id, trace_number);
-- A takeback finds the posting it reverses: by claim and line, newest first.
create index if not exists payment_services_reverses_idx on payment_services (billing_company_id, reverses_id);
