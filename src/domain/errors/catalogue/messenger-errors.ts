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
  message_field_required: {
    status: 422,
    en: 'The message field is required.',
    es: 'El campo mensaje es obligatorio.',
  },
  message_over_max_characters: {
    status: 422,
    en: 'The message may not be greater than {max} characters.',
    es: 'El mensaje no puede tener más de {max} caracteres.',
  },
  subject_field_required: {
    status: 422,
    en: 'The subject field is required.',
    es: 'El campo asunto es obligatorio.',
  },
  subject_over_150_characters: {
    status: 422,
    en: 'The subject may not be greater than 150 characters.',
    es: 'El asunto no puede tener más de 150 caracteres.',
  },
  choose_person_to_write_to: {
    status: 422,
    en: 'Choose at least one person to write to.',
    es: 'Elija al menos una persona a quien escribir.',
  },
  thread_about_claim_patient_payment: {
    status: 422,
    en: 'The thread must be about a claim, a patient or a payment, with its id.',
    es: 'La conversación debe tratar de un reclamo, un paciente o un pago, con su id.',
  },
} satisfies Record<string, CatalogueEntry>;
