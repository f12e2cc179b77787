-- The pg-boss job that carries each of our jobs, so a run lost with its process (pg-boss expired or
-- failed it) is seen on our row too, instead of "running" for ever.
alter table jobs add column boss_id uuid;
create index jobs_unfinished_idx on jobs (id) where state in ('queued', 'running');
