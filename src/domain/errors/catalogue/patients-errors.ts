import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The patients module's refusals: status and sentence in each language, by code. */
export const PATIENTS_ERRORS = {
  only_super_user_may_name_billing: {
    status: 422,
    en: 'Only a Super User may name the billing company of a policy.',
    es: 'Solo un Super Usuario puede indicar la compañía de facturación de una póliza.',
  },
  policy_belongs_patient_s_billing_company: {
    status: 422,
    en: "A policy belongs to the patient's billing company.",
    es: 'Una póliza pertenece a la compañía de facturación del paciente.',
  },
  company_field_required: {
    status: 422,
    en: 'The company field is required.',
    es: 'El campo compañía es obligatorio.',
  },
  date_of_birth_not_valid: {
    status: 422,
    en: 'The date of birth is not a valid date (mm/dd/yyyy).',
    es: 'La fecha de nacimiento no es una fecha válida (mm/dd/aaaa).',
  },
  ssn_format: {
    status: 422,
    en: 'The SSN must be in the format xxx-xx-xxxx.',
    es: 'El SSN debe tener el formato xxx-xx-xxxx.',
  },
  give_names_and_birth_or_ssn: {
    status: 422,
    en: 'Give the first name, last name and date of birth, or the SSN.',
    es: 'Indique el nombre, el apellido y la fecha de nacimiento, o el SSN.',
  },
} satisfies Record<string, CatalogueEntry>;
