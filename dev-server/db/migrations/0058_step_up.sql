-- Step-up: when the session's person last proved it was them (signing in, or again on asking for a sensitive act).
-- Sensitive acts (changing roles and permissions, exporting reports of patients' information) need it recent.
alter table sessions add column stepped_up_at timestamptz not null default now();
