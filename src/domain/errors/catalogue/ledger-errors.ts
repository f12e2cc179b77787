import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The ledger module's refusals: status and sentence in each language, by code. */
export const LEDGER_ERRORS = {
  patient_number_a_number: {
    status: 422,
    en: 'The patient number must be a number.',
    es: 'El número de paciente debe ser un número.',
  },
  ssn_nine_digits: { status: 422, en: 'The SSN must be 9 digits.', es: 'El SSN debe tener 9 dígitos.' },
  claim_not_one_patient_s: {
    status: 422,
    en: "The claim is not one of this patient's.",
    es: 'El reclamo no es de este paciente.',
  },
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
  write_off_over_balance: {
    status: 422,
    en: 'A write-off cannot be more than the {side} balance ({balance}).',
    es: 'Un castigo no puede ser mayor que el saldo de {side} ({balance}).',
  },
  refund_over_credit: {
    status: 422,
    en: 'A refund returns a credit: the {side} balance has a credit of {credit}.',
    es: 'Un reembolso devuelve un crédito: el saldo de {side} tiene un crédito de {credit}.',
  },
} satisfies Record<string, CatalogueEntry>;
