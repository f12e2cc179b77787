-- Sign-in hours per role (null: any time): {days: ISO week days, from, to: HH:MM, time_zone}. A person may sign in
-- when any of their roles allows it now; a change moves the access epoch (roles_access), so open sessions follow it.
alter table roles add column login_hours jsonb;
