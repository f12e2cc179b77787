import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The desktop module's refusals: status and sentence in each language, by code. */
export const DESKTOP_ERRORS = {
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
  notes_at_most: {
    status: 422,
    en: 'You can keep at most {max} notes.',
    es: 'Puede guardar como máximo {max} notas.',
  },
  bookmarks_at_most: {
    status: 422,
    en: 'You can keep at most {max} bookmarks.',
    es: 'Puede guardar como máximo {max} marcadores.',
  },
  saved_filters_at_most: {
    status: 422,
    en: 'You can keep at most {max} saved filters.',
    es: 'Puede guardar como máximo {max} filtros.',
  },
  saved_filter_name_required: {
    status: 422,
    en: 'The saved filter needs a name of 1 to 60 characters.',
    es: 'El filtro guardado necesita un nombre de 1 a 60 caracteres.',
  },
  saved_filter_list_unknown: {
    status: 422,
    en: 'There is no list named {entity}.',
    es: 'No hay ninguna lista llamada {entity}.',
  },
  saved_filter_field_not_filter: {
    status: 422,
    en: 'The list cannot be filtered by {field}.',
    es: 'La lista no se puede filtrar por {field}.',
  },
  saved_filter_value_invalid: {
    status: 422,
    en: 'A filter value must be text of at most 200 characters, a number or true/false.',
    es: 'El valor de un filtro debe ser un texto de hasta 200 caracteres, un número o verdadero/falso.',
  },
  saved_filter_empty: {
    status: 422,
    en: 'There are no filters to save: choose some first.',
    es: 'No hay filtros que guardar: elija algunos primero.',
  },
} satisfies Record<string, CatalogueEntry>;
