-- The server process running a job (issue 54 §L9). Each working process takes a number from job_worker_seq and holds
-- an advisory lock on it for as long as it lives (dev-server/db/process-presence.ts); a running job names its process,
-- so a job whose process has gone is seen at the next sweep, seconds later, and resumed by a live one, instead of
-- showing "running" until pg-boss's expiry (15 minutes).
alter table jobs add column worker integer;
create sequence job_worker_seq as integer cycle;
create index jobs_running_worker_idx on jobs (worker) where state = 'running';
