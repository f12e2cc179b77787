-- The denial worklist: claims found by the CARC codes that denied them, and ordered by what is worth
-- money first among the Rejected and Denied ones (nothing of theirs was paid: their billed amount).
create index if not exists claims_denial_codes_gin on claims using gin (denial_codes jsonb_path_ops);
create index if not exists claims_denial_worth_idx on claims (billing_company_id, billed_amount desc, id) where status_id in (5, 6);
-- Claims denied before these columns existed: when and why, from the note their remittance left.
update claims c set denied_at = n.created_at::date, denial_codes = n.details->'carc'
  from (select distinct on (claim_id) claim_id, created_at, details from claim_notes where details ? 'carc' order by claim_id, id desc) n
 where c.id = n.claim_id and c.status_id = 6 and c.denied_at is null;
