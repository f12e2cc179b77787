import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The search module's refusals: status and sentence in each language, by code. */
export const SEARCH_ERRORS = {
  search_needs_least_3_characters: {
    status: 422,
    en: 'The search needs at least 3 characters.',
    es: 'La búsqueda necesita al menos 3 caracteres.',
  },
} satisfies Record<string, CatalogueEntry>;
