import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The denials module's refusals: status and sentence in each language, by code. */
export const DENIALS_ERRORS = {
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
