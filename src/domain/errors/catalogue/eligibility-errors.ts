import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The eligibility module's refusals: status and sentence in each language, by code. */
export const ELIGIBILITY_ERRORS = {
  eligibility_no_account: {
    status: 422,
    en: 'The billing company has no clearing house account to ask the payer through.',
    es: 'La compañía de facturación no tiene cuenta en una cámara de compensación por la que preguntar al pagador.',
  },
  eligibility_policy_required: {
    status: 422,
    en: 'Choose the policies to ask about.',
    es: 'Elija las pólizas por las que preguntar.',
  },
  eligibility_too_many: {
    status: 422,
    en: 'At most {max} policies can be asked about at once.',
    es: 'Se puede preguntar por {max} pólizas como máximo a la vez.',
  },
  inquiry_claims_required: {
    status: 422,
    en: 'Choose the claims to ask about.',
    es: 'Elija los reclamos por los que preguntar.',
  },
  inquiry_claims_too_many: {
    status: 422,
    en: 'At most {max} claims can be asked about at once.',
    es: 'Se puede preguntar por {max} reclamos como máximo a la vez.',
  },
  eligibility_days_ahead: {
    status: 422,
    en: 'The days ahead must be a whole number from 0 to 60.',
    es: 'Los días por delante deben ser un número entero de 0 a 60.',
  },
  eligibility_nothing_to_ask: {
    status: 422,
    en: 'No policy has a claim or admission in those days.',
    es: 'Ninguna póliza tiene un reclamo o admisión en esos días.',
  },
} satisfies Record<string, CatalogueEntry>;
