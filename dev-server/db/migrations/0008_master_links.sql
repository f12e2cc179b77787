-- Hand migration: what the schema generator does not express.
-- The NPPES registry as imported (npm run import:codes -- nppes FILE): which kind of entity an NPI names.
create table if not exists npi_registry (
  npi text primary key,
  entity_type smallint not null check (entity_type in (1, 2)),
  name text not null,
  taxonomy text,
  address text,
  city text,
  state text,
  zip text,
  updated_at timestamptz not null default now()
);
-- Lookups of a company's NPI, a facility's or a professional's across billing companies (NPI kind rule).
create index if not exists companies_npi_idx on companies (npi);
create index if not exists facilities_npi_idx on facilities (npi);
create index if not exists health_professionals_npi_idx on health_professionals (npi);
-- A patient's policies by responsibility (the rule that a responsibility is not repeated among active policies).
create index if not exists insurance_policies_patient_resp_idx on insurance_policies (patient_id, type_responsibility_id) where status;
-- The taxonomy code set (NUCC), imported from its CSV.
create table if not exists taxonomies (
  code text primary key,
  grouping text,
  classification text,
  specialization text,
  display_name text,
  section text
);
