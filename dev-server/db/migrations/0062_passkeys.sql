-- Passkeys (WebAuthn) as a person's second step at sign-in, besides or instead of an authenticator app. A passkey's
-- public key is not a secret (it only checks signatures), so it is kept as it is; its counter rises with each use.
create table user_passkeys (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  credential_id text not null unique,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null,
  created_at timestamptz not null default app_now(),
  last_used_at timestamptz
);
create index user_passkeys_user on user_passkeys (user_id);

-- The challenge a passkey must sign, one per person and purpose at a time, good for five minutes and used once.
create table webauthn_challenges (
  user_id bigint not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('register', 'sign_in')),
  challenge text not null,
  expires_at timestamptz not null,
  primary key (user_id, purpose)
);

-- A person with passkeys only keeps recovery codes in user_mfa too: the authenticator app's secret becomes optional.
alter table user_mfa alter column totp_secret drop not null;
