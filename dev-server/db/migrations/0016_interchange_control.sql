-- Interchange control numbers (ISA13, GS06) for the 837 files sent to clearing houses: one sequence,
-- so a number is never used twice, whatever the billing company or the process that writes the file.
create sequence if not exists interchange_control_seq minvalue 1 maxvalue 999999999 start 1 no cycle;
