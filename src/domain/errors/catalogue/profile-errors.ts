import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The profile module's refusals: status and sentence in each language, by code. */
export const PROFILE_ERRORS = {
  module_field_required: { status: 422, en: 'The module field is required.', es: 'El campo módulo es obligatorio.' },
  current_password_field_required: {
    status: 422,
    en: 'The current password field is required.',
    es: 'El campo contraseña actual es obligatorio.',
  },
  current_password_incorrect: {
    status: 422,
    en: 'The current password is incorrect.',
    es: 'La contraseña actual es incorrecta.',
  },
} satisfies Record<string, CatalogueEntry>;
