import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The audit module's refusals: status and sentence in each language, by code. */
export const AUDIT_ERRORS = {
  user_id_integer: {
    status: 422,
    en: 'The user id must be an integer.',
    es: 'El id del usuario debe ser un número entero.',
  },
  id_field_required: { status: 422, en: 'The id field is required.', es: 'El campo id es obligatorio.' },
} satisfies Record<string, CatalogueEntry>;
