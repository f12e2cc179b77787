import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The exchange module's refusals: status and sentence in each language, by code. */
export const EXCHANGE_ERRORS = {
  account_no_inbound_folder: {
    status: 422,
    en: 'This account has no inbound folder.',
    es: 'Esta cuenta no tiene carpeta de entrada.',
  },
  outbound_address_refused: {
    status: 422,
    en: 'This address is this server itself or a private network, which the product never connects to; give the clearing house’s public address (the installation can allow a private one in OUTBOUND_ALLOW).',
    es: 'Esta dirección es el propio servidor o una red privada, a la que el producto nunca se conecta; indique la dirección pública de la cámara de compensación (la instalación puede permitir una privada en OUTBOUND_ALLOW).',
  },
  outbound_https_required: {
    status: 422,
    en: 'A production installation sends questions to a real-time address only over https.',
    es: 'Una instalación de producción envía preguntas a una dirección en tiempo real solo por https.',
  },
} satisfies Record<string, CatalogueEntry>;
