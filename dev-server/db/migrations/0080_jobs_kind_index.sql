-- A kind's latest job (the demo's history, asked by each desktop that opens) found without reading the whole queue.
create index jobs_kind_idx on jobs (kind, id);
