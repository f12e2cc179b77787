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
  nav_bar_position_invalid: {
    status: 422,
    en: 'The selected nav bar position is invalid.',
    es: 'La posición de la barra seleccionada no es válida.',
  },
  dock_invalid: { status: 422, en: 'The selected dock is invalid.', es: 'El dock seleccionado no es válido.' },
  background_invalid: {
    status: 422,
    en: 'The background must be an image number from 1 to 30.',
    es: 'El fondo debe ser un número de imagen del 1 al 30.',
  },
  dark_mode_invalid: {
    status: 422,
    en: 'The dark mode must be true or false.',
    es: 'El modo oscuro debe ser verdadero o falso.',
  },
  list_density_invalid: {
    status: 422,
    en: 'The list density must be compact or comfortable.',
    es: 'La densidad de las listas debe ser compacta o cómoda.',
  },
  language_invalid: {
    status: 422,
    en: 'The selected language is invalid.',
    es: 'El idioma seleccionado no es válido.',
  },
  field_not_allowed: {
    status: 422,
    en: 'The field {field} is not allowed.',
    es: 'El campo {field} no está permitido.',
  },
} satisfies Record<string, CatalogueEntry>;
