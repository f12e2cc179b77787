-- Counts of guarded acts (requests per address, account recoveries, exports, uploads, patient searches), shared by
-- every server process on this database so that N processes do not allow N times a limit. A key's window begins with
-- its first act (started_at, epoch milliseconds) and lasts window_ms; the first act after it ends begins the next.
-- Rows of windows long over are swept by the counters.
create table act_counts (
  act text not null,
  key text not null,
  started_at bigint not null,
  window_ms bigint not null,
  count integer not null,
  primary key (act, key)
);
create index act_counts_ended_idx on act_counts ((started_at + window_ms));
