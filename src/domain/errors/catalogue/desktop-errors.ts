import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The desktop module's refusals: status and sentence in each language, by code. */
export const DESKTOP_ERRORS = {
  page_positive_integer: {
    status: 422,
    en: 'The page must be a positive integer.',
    es: 'La página debe ser un número entero positivo.',
  },
  items_per_page_between_1_200: {
    status: 422,
    en: 'The items per page must be between 1 and 200.',
    es: 'Los elementos por página deben estar entre 1 y 200.',
  },
} satisfies Record<string, CatalogueEntry>;
