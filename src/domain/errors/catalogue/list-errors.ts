import type { CatalogueEntry } from '../catalogue-entry.ts';

/**
 * A list's query refused: its page, sort, filters and dates, as every list (records, worklists, the ledger's
 * search, reports) checks them, one sentence each in both languages.
 */
export const LIST_ERRORS = {
  export_format: {
    status: 422,
    en: 'A list is exported as csv, xlsx or pdf.',
    es: 'Una lista se exporta como csv, xlsx o pdf.',
  },
  page_positive_integer: {
    status: 422,
    en: 'The page must be a positive integer.',
    es: 'La página debe ser un número entero positivo.',
  },
  items_per_page_between: {
    status: 422,
    en: 'The items per page must be between 1 and {max}.',
    es: 'Los elementos por página deben estar entre 1 y {max}.',
  },
  list_cannot_be_sorted_by: {
    status: 422,
    en: 'The list cannot be sorted by {field}.',
    es: 'La lista no se puede ordenar por {field}.',
  },
  date_mm_dd_yyyy: { status: 422, en: 'The date must be mm/dd/yyyy.', es: 'La fecha debe ser mm/dd/aaaa.' },
  date_range_incorrect: {
    status: 422,
    en: 'Incorrect Date Parameters',
    es: 'Parámetros de fecha incorrectos',
  },
  filter_whole_number: {
    status: 422,
    en: 'The filter must be a whole number.',
    es: 'El filtro debe ser un número entero.',
  },
  filter_true_or_false: {
    status: 422,
    en: 'The filter must be true or false.',
    es: 'El filtro debe ser verdadero o falso.',
  },
  filter_an_id: { status: 422, en: 'The filter must be an id.', es: 'El filtro debe ser un id.' },
  filter_a_number: { status: 422, en: 'The filter must be a number.', es: 'El filtro debe ser un número.' },
  filter_number_list: {
    status: 422,
    en: 'The filter must be a comma-separated list of numbers.',
    es: 'El filtro debe ser una lista de números separados por comas.',
  },
  ids_comma_list: {
    status: 422,
    en: 'The ids must be a comma-separated list of ids.',
    es: 'Los ids deben ser una lista de ids separados por comas.',
  },
  field_ids: { status: 422, en: 'The {field} must be ids.', es: 'El campo {field} debe ser una lista de ids.' },
  ids_at_most: { status: 422, en: 'At most {max} ids at a time.', es: 'Como máximo {max} ids a la vez.' },
  amount_whole_cents: {
    status: 422,
    en: 'The amount must be a whole number of cents.',
    es: 'El monto debe ser un número entero de centavos.',
  },
  age_whole_days: {
    status: 422,
    en: 'The age must be a whole number of days.',
    es: 'La antigüedad debe ser un número entero de días.',
  },
  choose_from_list: { status: 422, en: 'Choose from the list.', es: 'Elija de la lista.' },
  group_by_up_to_four: {
    status: 422,
    en: 'Group by up to four of: {fields}.',
    es: 'Agrupe por hasta cuatro de: {fields}.',
  },
  search_at_least_3: {
    status: 422,
    en: 'Type at least 3 characters to search.',
    es: 'Escriba al menos 3 caracteres para buscar.',
  },
} satisfies Record<string, CatalogueEntry>;
