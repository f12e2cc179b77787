import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The claims module's refusals: status and sentence in each language, by code. */
export const CLAIMS_ERRORS = {
  sub_status_invalid: {
    status: 422,
    en: 'The selected sub-status is invalid.',
    es: 'El subestado seleccionado no es válido.',
  },
  note_required_adding: {
    status: 422,
    en: 'A note is required when adding one.',
    es: 'Se requiere una nota al agregar una.',
  },
  interface_type_invalid: {
    status: 422,
    en: 'The interface type must be call, website, email or other.',
    es: 'El tipo de interfaz debe ser llamada, sitio web, correo electrónico u otro.',
  },
  patient_field_required: {
    status: 422,
    en: 'The patient field is required.',
    es: 'El campo paciente es obligatorio.',
  },
  date_service_not_valid_date_mm: {
    status: 422,
    en: 'The date of service is not a valid date (mm/dd/yyyy).',
    es: 'La fecha de servicio no es una fecha válida (mm/dd/aaaa).',
  },
  search_may_not_greater_than_50: {
    status: 422,
    en: 'The search may not be greater than 50 characters.',
    es: 'La búsqueda no puede tener más de 50 caracteres.',
  },
  selected_current_id_invalid: {
    status: 422,
    en: 'The selected current id is invalid.',
    es: 'El id actual seleccionado no es válido.',
  },
  ids_field_list_between_1_1000: {
    status: 422,
    en: 'The ids field must list between 1 and 1000 claim ids.',
    es: 'El campo ids debe listar entre 1 y 1000 ids de reclamos.',
  },
  action_not_allowed: { status: 422, en: 'Action not allowed', es: 'Acción no permitida' },
  claims_not_found: { status: 422, en: 'Claim Not Found: {codes}', es: 'Reclamo no encontrado: {codes}' },
  claim_id: { status: 422, en: 'The claim must be an id.', es: 'El reclamo debe ser un id.' },
} satisfies Record<string, CatalogueEntry>;
