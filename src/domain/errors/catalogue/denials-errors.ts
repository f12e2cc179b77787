import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The denials module's refusals: status and sentence in each language, by code. */
export const DENIALS_ERRORS = {
  claim_was_not_found: { status: 404, en: 'The claim was not found.', es: 'No se encontró el reclamo.' },
  say_how_patient_contacted: {
    status: 422,
    en: 'Say how the patient was contacted.',
    es: 'Indique cómo se contactó al paciente.',
  },
  department_responsible_invalid: {
    status: 422,
    en: 'The selected department responsible is invalid.',
    es: 'El departamento responsable seleccionado no es válido.',
  },
  bulk_change_nothing_named: {
    status: 422,
    en: 'Say what to change: assigned user, follow-up date, department or sub-status.',
    es: 'Indique qué cambiar: usuario asignado, fecha de seguimiento, departamento o subestado.',
  },
  status_one_of: {
    status: 422,
    en: 'The status must be one of {allowed}.',
    es: 'El estado debe ser uno de {allowed}.',
  },
  carc_code_like: {
    status: 422,
    en: 'The CARC must be a code like 50 or CO-50.',
    es: 'El CARC debe ser un código como 50 o CO-50.',
  },
  rarc_code_like: {
    status: 422,
    en: 'The RARC must be a code like N130 or MA130.',
    es: 'El RARC debe ser un código como N130 o MA130.',
  },
  policy_not_one_claim_billed: {
    status: 422,
    en: 'The policy is not one the claim was billed to.',
    es: 'La póliza no es una de las facturadas en el reclamo.',
  },
  ids_list_claim_ids_most_500: {
    status: 422,
    en: 'The ids must be a list of claim ids (at most 500).',
    es: 'Los ids deben ser una lista de ids de reclamo (500 como máximo).',
  },
  user_does_not_work_billing_company: {
    status: 422,
    en: 'The user does not work for this billing company.',
    es: 'El usuario no trabaja para esta compañía de facturación.',
  },
  refile_not_changed_cancel_while_waits: {
    status: 422,
    en: 'A refile is not changed: cancel it while it waits and refile the claim again.',
    es: 'Un reenvío no se cambia: cancélelo mientras espera y reenvíe el reclamo otra vez.',
  },
  only_claim_payer_answered_approved_rejected: {
    status: 422,
    en: 'Only a claim the payer answered (approved, rejected, denied or complete) is refiled.',
    es: 'Solo se reenvía un reclamo que el pagador respondió (aprobado, rechazado, denegado o completo).',
  },
  claim_no_secondary_policy_bill: {
    status: 422,
    en: 'The claim has no secondary policy to bill.',
    es: 'El reclamo no tiene póliza secundaria a la cual facturar.',
  },
  policy_billed_claim_s_secondary_policy: {
    status: 422,
    en: "The policy billed must be the claim's secondary policy.",
    es: 'La póliza facturada debe ser la póliza secundaria del reclamo.',
  },
  primary_payer_s_adjudication_posted_before: {
    status: 422,
    en: "The primary payer's adjudication must be posted before billing the secondary payer.",
    es: 'La adjudicación del pagador primario debe aplicarse antes de facturar al pagador secundario.',
  },
  corrected_void_claim_names_payer_s: {
    status: 422,
    en: "A corrected or void claim names the payer's claim number (REF F8).",
    es: 'Un reclamo corregido o anulado indica el número de reclamo del pagador (REF F8).',
  },
  only_refile_not_yet_transmitted_cancelled: {
    status: 422,
    en: 'Only a refile not yet transmitted can be cancelled.',
    es: 'Solo se puede cancelar un reenvío aún no transmitido.',
  },
} satisfies Record<string, CatalogueEntry>;
