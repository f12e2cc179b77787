-- Two-step sign-in with an authenticator app (TOTP, RFC 6238). The secret is sealed (AES-256-GCM under the key kept
-- outside the database, as the SFTP secrets are); the recovery codes are kept only as hashes and are good once each;
-- last_step is the time step of the last code taken, so a code seen over someone's shoulder cannot be used again.
create table user_mfa (
  user_id bigint primary key references users (id) on delete cascade,
  totp_secret text not null,
  confirmed_at timestamptz,
  last_step bigint not null default -1,
  recovery_hashes text[] not null default '{}',
  created_at timestamptz not null default now()
);
