import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The payments module's refusals: status and sentence in each language, by code. */
export const PAYMENTS_ERRORS = {
  era_file_not_uploaded: {
    status: 422,
    en: 'The file is not an ERA uploaded for this billing company.',
    es: 'El archivo no es un ERA cargado para esta empresa de facturación.',
  },
  service_line_not_found: {
    status: 422,
    en: 'The service line was not found.',
    es: 'No se encontró la línea de servicio.',
  },
  service_line_not_of_claim: {
    status: 422,
    en: 'The service line is not of this claim.',
    es: 'La línea de servicio no es de este reclamo.',
  },
  payment_money_corrected_by_reversal: {
    status: 422,
    en: "A payment's amount, payer, method and card are corrected by reversing it and recording it again.",
    es: 'El monto, el pagador, el método y la tarjeta de un pago se corrigen revirtiéndolo y registrándolo de nuevo.',
  },
  patient_owes_less: {
    status: 422,
    en: 'The patient owes {owed} on this claim; {amount} cannot be applied to it.',
    es: 'El paciente debe {owed} en este reclamo; no se le pueden aplicar {amount}.',
  },
  claims_list_claim_ids_most_500: {
    status: 422,
    en: 'The claims must be a list of claim ids (at most 500).',
    es: 'Los reclamos deben ser una lista de ids de reclamo (500 como máximo).',
  },
  claims_not_payable_by_payment: {
    status: 422,
    en: 'These claims cannot be paid by this payment (not found, or not sent to a payer): {claims}.',
    es: 'Este pago no puede pagar estos reclamos (no encontrados, o no enviados a un pagador): {claims}.',
  },
  claims_have_postings_of_payment: {
    status: 422,
    en: 'These claims have postings of this payment; remove them from the payment to reverse what it paid: {claims}.',
    es: 'Estos reclamos tienen aplicaciones de este pago; quítelos del pago para revertir lo que pagó: {claims}.',
  },
  patient_id: { status: 422, en: 'The patient must be an id.', es: 'El paciente debe ser un id.' },
  services_list: { status: 422, en: 'The services must be a list.', es: 'Los servicios deben ser una lista.' },
  payments_list_id_claims: {
    status: 422,
    en: 'The payments must be a list of {id, claims}.',
    es: 'Los pagos deben ser una lista de {id, claims}.',
  },
  claim_not_payment: { status: 422, en: 'The claim is not on this payment.', es: 'El reclamo no está en este pago.' },
  eob_file_required: { status: 422, en: 'The EOB file is required.', es: 'El archivo EOB es obligatorio.' },
  era_addressed_another_provider_waits_cannot: {
    status: 422,
    en: 'This ERA is addressed to another provider: it waits and cannot be posted.',
    es: 'Esta ERA está dirigida a otro proveedor: queda en espera y no se puede aplicar.',
  },
  era_file_not_whole_waits: {
    status: 422,
    en: 'This ERA file is not whole (its counts or control numbers do not match): it waits and cannot be posted. Ask the payer to send it again.',
    es: 'Este archivo ERA no está completo (sus conteos o números de control no coinciden): queda en espera y no se puede aplicar. Pida al pagador que lo envíe de nuevo.',
  },
  era_file_holds_no_payment_post: {
    status: 422,
    en: 'The ERA file holds no payment to post.',
    es: 'El archivo ERA no contiene pagos para aplicar.',
  },
  claim_out_balance_cannot_posted_ask: {
    status: 422,
    en: 'A claim out of balance cannot be posted: ask the payer for a corrected remittance, or resolve it with a note.',
    es: 'Un reclamo descuadrado no se puede aplicar: pida al pagador una remesa corregida, o resuélvalo con una nota.',
  },
  say_how_exception_resolved_name_claim: {
    status: 422,
    en: 'Say how the exception was resolved, or name the claim it pays.',
    es: 'Indique cómo se resolvió la excepción, o el reclamo que paga.',
  },
  action_archive_restore: {
    status: 422,
    en: 'The action must be archive or restore.',
    es: 'La acción debe ser archivar (archive) o restaurar (restore).',
  },
  exception_not_batch: {
    status: 422,
    en: 'The exception is not of this batch.',
    es: 'La excepción no es de este lote.',
  },
  claim_id_id: { status: 422, en: 'The claim id must be an id.', es: 'El id del reclamo debe ser un id.' },
  patient_payment_names_patient: {
    status: 422,
    en: 'A patient payment names its patient.',
    es: 'Un pago del paciente indica su paciente.',
  },
  patient_payment_more_than_zero: {
    status: 422,
    en: 'A patient payment is more than zero.',
    es: 'Un pago del paciente es mayor que cero.',
  },
  each_claim_paid_names_claim_amount: {
    status: 422,
    en: 'Each claim paid names its claim and an amount above zero.',
    es: 'Cada reclamo pagado indica su reclamo y un monto mayor que cero.',
  },
  claims_paid_exceed_payment: {
    status: 422,
    en: 'The claims paid add up to more than the payment: {paid} of {amount}.',
    es: 'Los reclamos pagados suman más que el pago: {paid} de {amount}.',
  },
  payment_cannot_closed: { status: 422, en: 'The payment cannot be closed.', es: 'El pago no se puede cerrar.' },
  reversal_needs_note_saying_why: {
    status: 422,
    en: 'A reversal needs a note saying why.',
    es: 'Una reversión necesita una nota con el motivo.',
  },
  reversal_not_reversed_record_payment_again: {
    status: 422,
    en: 'A reversal is not reversed; record the payment again.',
    es: 'Una reversión no se revierte; registre el pago de nuevo.',
  },
  payment_reversed_already: {
    status: 422,
    en: 'This payment was reversed already.',
    es: 'Este pago ya fue revertido.',
  },
  payments_list_payment_ids_most_500: {
    status: 422,
    en: 'The payments must be a list of payment ids (at most 500).',
    es: 'Los pagos deben ser una lista de ids de pago (500 como máximo).',
  },
  payment_not_valid: { status: 422, en: 'The payment is not valid.', es: 'El pago no es válido.' },
  completed_batch_cannot_changed: {
    status: 422,
    en: 'A completed batch cannot be changed.',
    es: 'Un lote completado no se puede cambiar.',
  },
  batch_payments_cannot_deleted_reverse_payments: {
    status: 422,
    en: 'A batch with payments cannot be deleted; reverse its payments instead.',
    es: 'Un lote con pagos no se puede eliminar; revierta sus pagos.',
  },
  payment_goes_into_batch_not_completed: {
    status: 422,
    en: 'A payment goes into a batch that is not completed.',
    es: 'Un pago entra en un lote que no está completado.',
  },
  batch_closed_close_call_one_moves: {
    status: 422,
    en: 'A batch is closed with the close call; this one moves it between In Progress and In Review.',
    es: 'Un lote se cierra con la llamada de cierre; esta lo mueve entre En curso y En revisión.',
  },
  ids_list_batch_ids: {
    status: 422,
    en: 'The ids must be a list of batch ids.',
    es: 'Los ids deben ser una lista de ids de lotes.',
  },
  closed_payment_cannot_changed_reverse_correct: {
    status: 422,
    en: 'A closed payment cannot be changed; reverse it to correct it.',
    es: 'Un pago cerrado no se puede cambiar; reviértalo para corregirlo.',
  },
  payment_not_batch: { status: 422, en: 'The payment is not in this batch.', es: 'El pago no está en este lote.' },
  least_one_service_line_required: {
    status: 422,
    en: 'At least one service line is required.',
    es: 'Se requiere al menos una línea de servicio.',
  },
  distribution_does_not_balance: {
    status: 422,
    en: 'The distribution does not balance.',
    es: 'La distribución no cuadra.',
  },
  field_list_of_ids: {
    status: 422,
    en: 'The {field} must be a list of ids.',
    es: 'El campo {field} debe ser una lista de ids.',
  },
} satisfies Record<string, CatalogueEntry>;
