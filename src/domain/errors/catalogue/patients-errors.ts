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
} satisfies Record<string, CatalogueEntry>;
