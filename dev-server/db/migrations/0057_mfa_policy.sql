-- Two-step sign-in required by role: a billing company marks its roles (Super Users and managers always need it, in
-- code). A person whose role requires it and who has no authenticator yet gets until mfa_due_at to set one up; past
-- it, their sessions can do nothing but set it up.
alter table roles add column mfa_required boolean not null default false;
alter table users add column mfa_due_at timestamptz;
