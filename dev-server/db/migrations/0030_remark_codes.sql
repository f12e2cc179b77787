-- The denial worklist finds denials by the remark codes (RARC) that came with them, as it does by CARC.
create index if not exists claims_remark_codes_gin on claims using gin (remark_codes jsonb_path_ops);
