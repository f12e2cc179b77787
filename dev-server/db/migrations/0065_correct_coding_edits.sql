-- CMS National Correct Coding Initiative edits, imported from the quarterly files (npm run import:codes -- ncci-ptp|ncci-mue).
-- Procedure-to-procedure pairs: the column 2 code is not paid billed with the column 1 code on the same day unless the
-- modifier indicator allows a PTP-associated modifier (0 never, 1 with one, 9 the edit does not apply). An edit is in
-- force from its effective date up to the day before its deletion date (none: still in force).
create table ncci_ptp_edits (
  edit_table text not null check (edit_table in ('practitioner', 'hospital')),
  column1 text not null,
  column2 text not null,
  effective_date date not null,
  deletion_date date,
  modifier_indicator smallint not null check (modifier_indicator in (0, 1, 9)),
  rationale text,
  primary key (edit_table, column1, column2, effective_date)
);
-- A claim's codes are looked up as column 2 too (which of its lines is the one not paid).
create index ncci_ptp_edits_column2 on ncci_ptp_edits (edit_table, column2, column1);

-- Medically unlikely edits: the most units of a code one provider bills for one patient on one line (adjudication
-- indicator 1) or one day (2: policy, 3: clinical). Each quarterly file is effective from a date; the latest in force wins.
create table ncci_mue_edits (
  edit_table text not null check (edit_table in ('practitioner', 'hospital', 'dme')),
  code text not null,
  effective_date date not null,
  units integer not null check (units >= 0),
  adjudication smallint not null check (adjudication in (1, 2, 3)),
  rationale text,
  primary key (edit_table, code, effective_date)
);
