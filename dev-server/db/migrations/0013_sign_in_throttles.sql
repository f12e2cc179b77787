-- Sign-in failures counted per e-mail and address, known account or not: a stranger who knows an
-- e-mail can no longer block its owner everywhere, and the answers do not tell which e-mails exist.
create table sign_in_throttles (
  email text not null,
  ip text not null,
  failures integer not null default 0,
  last_failure_at timestamptz not null default now(),
  blocked_until timestamptz,
  primary key (email, ip)
);
create index sign_in_throttles_blocked_idx on sign_in_throttles (email) where blocked_until is not null;
create index sign_in_throttles_ip_idx on sign_in_throttles (ip, last_failure_at);
