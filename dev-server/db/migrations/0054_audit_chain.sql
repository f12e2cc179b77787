-- The audit trail proves itself: each row's hash covers the row and the hash of the row before it in its billing
-- company's chain (platform events, with no billing company, form chain 0). A row changed or removed behind the
-- database's back (its append-only trigger disabled by a superuser, a data file edited, a backup doctored) breaks
-- the chain at that row, and `npm run audit:verify` names it. Rows written before this migration are outside the
-- chain (chain_seq is null): the chain begins here.
alter table audits add column chain_seq bigint, add column prev_hash text, add column row_hash text;
create unique index audits_chain_idx on audits ((coalesce(billing_company_id, 0)), chain_seq);

-- What a row's hash covers, as text that does not depend on the session (times in UTC, jsonb in its normal form).
create function audit_row_text(a audits) returns text language sql immutable as $$
  select concat_ws('|', a.id, a.chain_seq, a.entity, a.entity_id, coalesce(a.billing_company_id::text, ''),
                   coalesce(a.user_id::text, ''), a.event, coalesce(a.old_values::text, ''),
                   coalesce(a.new_values::text, ''), coalesce(a.ip, ''), coalesce(a.url, ''),
                   coalesce(a.user_agent, ''), to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))
$$;

create function audit_row_hash(prev text, a audits) returns text language sql immutable as $$
  select encode(sha256(convert_to(prev || '|' || audit_row_text(a), 'UTF8')), 'hex')
$$;

-- Each new row joins the end of its chain. The chain's lock (held to the transaction's end) makes the rows of one
-- billing company follow each other one at a time; other companies' writes do not wait.
create function audits_chain() returns trigger language plpgsql as $$
declare
  chain bigint := coalesce(new.billing_company_id, 0);
  last record;
begin
  perform pg_advisory_xact_lock(hashtext('audit_chain'), chain::int);
  select a.chain_seq, a.row_hash into last from audits a
   where coalesce(a.billing_company_id, 0) = chain and a.chain_seq is not null
   order by a.chain_seq desc limit 1;
  new.chain_seq := coalesce(last.chain_seq, 0) + 1;
  new.prev_hash := coalesce(last.row_hash, '');
  new.row_hash := audit_row_hash(new.prev_hash, new);
  return new;
end $$;

create trigger audits_chain before insert on audits for each row execute function audits_chain();
