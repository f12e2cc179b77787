import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The exchange module's refusals: status and sentence in each language, by code. */
export const EXCHANGE_ERRORS = {
  account_no_inbound_folder: {
    status: 422,
    en: 'This account has no inbound folder.',
    es: 'Esta cuenta no tiene carpeta de entrada.',
  },
} satisfies Record<string, CatalogueEntry>;
