import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The files module's refusals: status and sentence in each language, by code. */
export const FILES_ERRORS = {
  photo_does_not_meet_parameters: {
    status: 422,
    en: 'The photo does not meet the parameters',
    es: 'La foto no cumple con los parámetros',
  },
} satisfies Record<string, CatalogueEntry>;
