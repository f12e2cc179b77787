-- The claims a poster is working on for a payment (the predecessor's claim_payment): attached before
-- any money moves, so the distribution screen opens on them. Money itself lives only in postings.
create table if not exists payment_claims (
  payment_id bigint not null references payments (id),
  claim_id bigint not null references claims (id),
  billing_company_id bigint not null,
  added_by bigint,
  added_at timestamptz not null default now(),
  primary key (payment_id, claim_id)
);
create index if not exists payment_claims_claim_idx on payment_claims (claim_id);
