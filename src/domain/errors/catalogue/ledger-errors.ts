import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The ledger module's refusals: status and sentence in each language, by code. */
export const LEDGER_ERRORS = {
  claim_not_one_patient_s: {
    status: 422,
    en: "The claim is not one of this patient's.",
    es: 'El reclamo no es de este paciente.',
  },
  date_mm_dd_yyyy: { status: 422, en: 'The date must be mm/dd/yyyy.', es: 'La fecha debe ser mm/dd/aaaa.' },
  patients_list_ids: {
    status: 422,
    en: 'The patients must be a list of ids.',
    es: 'Los pacientes deben ser una lista de ids.',
  },
  error_provide_least_1_search_parameter: {
    status: 422,
    en: 'Error, You must provide at least 1 search parameter',
    es: 'Error, debe indicar al menos 1 parámetro de búsqueda',
  },
} satisfies Record<string, CatalogueEntry>;
