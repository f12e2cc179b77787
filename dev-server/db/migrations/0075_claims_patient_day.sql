-- Verification's duplicate check (document 3 §5: the same patient, day of service, attending provider and procedure on
-- another claim) looks claims up by patient and day: with only (billing_company_id, patient_id) indexed, a patient with
-- years of visits had each of them read for every claim verified.
create index claims_patient_service_day on claims (billing_company_id, patient_id, date_of_service);
