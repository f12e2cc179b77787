import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The messenger module's refusals: status and sentence in each language, by code. */
export const MESSENGER_ERRORS = {
  everyone_conversation_work_billing_company: {
    status: 422,
    en: 'Everyone in a conversation must work for its billing company.',
    es: 'Todos en una conversación deben trabajar para su compañía de facturación.',
  },
  record_conversation_about_not_found: {
    status: 422,
    en: 'The record the conversation is about was not found.',
    es: 'No se encontró el registro del que trata la conversación.',
  },
  after_field_message_id: {
    status: 422,
    en: 'The after field must be a message id.',
    es: 'El campo after debe ser el id de un mensaje.',
  },
} satisfies Record<string, CatalogueEntry>;
