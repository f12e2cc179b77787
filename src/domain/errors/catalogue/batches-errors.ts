import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The batches module's refusals: status and sentence in each language, by code. */
export const BATCHES_ERRORS = {
  claims_only_ready_batched: {
    status: 422,
    en: 'Only verified claims in Not submitted can be batched: {codes}.',
    es: 'Solo los reclamos verificados en No enviado pueden ir en un lote: {codes}.',
  },
  claims_self_pay_not_batched: {
    status: 422,
    en: 'Self-pay claims are billed to the patient on a statement, never sent in a batch: {codes}.',
    es: 'Los reclamos de pago propio se cobran al paciente en un estado de cuenta, nunca se envían en un lote: {codes}.',
  },
  claims_of_other_company: {
    status: 422,
    en: 'Every claim of a batch belongs to its company: {codes}.',
    es: 'Cada reclamo de un lote pertenece a su compañía: {codes}.',
  },
  batch_one_form: {
    status: 422,
    en: 'A batch holds claims of one form: professional or institutional. Professional: {professional}; institutional: {institutional}.',
    es: 'Un lote contiene reclamos de un solo formulario: profesional o institucional. Profesionales: {professional}; institucionales: {institutional}.',
  },
  claims_in_pending_batch: {
    status: 422,
    en: 'These claims are already in a batch not yet sent: {codes}.',
    es: 'Estos reclamos ya están en un lote aún no enviado: {codes}.',
  },
  name_date_date_mm_dd_yyyy: {
    status: 422,
    en: 'The {name} date must be a date in mm/dd/yyyy.',
    es: 'La fecha {name} debe ser una fecha en mm/dd/aaaa.',
  },
  content_acknowledgment_file_required: {
    status: 422,
    en: 'The content of the acknowledgment file is required.',
    es: 'El contenido del archivo de acuse es obligatorio.',
  },
  batch_sent_cannot_changed: {
    status: 422,
    en: 'A batch that was sent cannot be changed.',
    es: 'Un lote enviado no se puede cambiar.',
  },
  batch_being_sent_changed_once_send: {
    status: 422,
    en: 'The batch is being sent; it can be changed once the send is over.',
    es: 'El lote se está enviando; se podrá cambiar cuando termine el envío.',
  },
  error_deleting_batch_contact_administrator: {
    status: 422,
    en: 'Error deleting the batch, contact the administrator',
    es: 'Error al eliminar el lote, contacte al administrador',
  },
  batch_could_not_sent: { status: 422, en: "The batch couldn't be sent", es: 'No se pudo enviar el lote' },
  batch_changed_while_being_sent_open: {
    status: 422,
    en: 'The batch changed while it was being sent; open it again.',
    es: 'El lote cambió mientras se enviaba; ábralo de nuevo.',
  },
  paper_batch_printed_shipping_confirmed: {
    status: 422,
    en: 'A paper batch is printed and its shipping confirmed.',
    es: 'Un lote en papel se imprime y se confirma su envío.',
  },
  electronic_batch_needs_clearing_house_account: {
    status: 422,
    en: 'An electronic batch needs the clearing house account it goes through.',
    es: 'Un lote electrónico necesita la cuenta de la cámara de compensación por la que se envía.',
  },
  clearing_house_account_needs_submitter_s: {
    status: 422,
    en: "The clearing house account needs the submitter's contact phone (or the billing company a phone of its own): the 837 names it.",
    es: 'La cuenta de la cámara de compensación necesita el teléfono de contacto del remitente (o la compañía de facturación un teléfono propio): el 837 lo indica.',
  },
} satisfies Record<string, CatalogueEntry>;
