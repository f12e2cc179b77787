import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The desktop module's refusals: status and sentence in each language, by code. */
export const DESKTOP_ERRORS = {
  page_positive_integer: {
    status: 422,
    en: 'The page must be a positive integer.',
    es: 'La página debe ser un número entero positivo.',
  },
  note_must_be_text: {
    status: 422,
    en: 'The note must be text.',
    es: 'La nota debe ser texto.',
  },
  note_over_max_characters: {
    status: 422,
    en: 'The note may not be greater than {max} characters.',
    es: 'La nota no puede tener más de {max} caracteres.',
  },
  selected_color_invalid: {
    status: 422,
    en: 'The selected color is invalid.',
    es: 'El color seleccionado no es válido.',
  },
  title_field_required: {
    status: 422,
    en: 'The title field is required.',
    es: 'El campo título es obligatorio.',
  },
  title_over_100_characters: {
    status: 422,
    en: 'The title may not be greater than 100 characters.',
    es: 'El título no puede tener más de 100 caracteres.',
  },
  address_must_be_web_address: {
    status: 422,
    en: 'The address must be a web address (http or https).',
    es: 'La dirección debe ser una dirección web (http o https).',
  },
  items_per_page_between: {
    status: 422,
    en: 'The items per page must be between 1 and {max}.',
    es: 'Los elementos por página deben estar entre 1 y {max}.',
  },
} satisfies Record<string, CatalogueEntry>;
