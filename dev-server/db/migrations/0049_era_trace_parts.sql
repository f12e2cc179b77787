-- Two payments under one trace in the same 835 are both registered: the nth payment of a trace in its
-- file is its part. The same remittance arriving again (any file) still matches its payer, trace and part.
update era_files set trace_part = 1 where trace_part is null;
alter table era_files alter column trace_part set default 1;
alter table era_files alter column trace_part set not null;
drop index if exists era_files_payer_trace_unique;
create unique index era_files_payer_trace_unique on era_files (billing_company_id, payer_id, trace_number, trace_part);
