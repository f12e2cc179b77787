import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The users module's refusals: status and sentence in each language, by code. */
export const USERS_ERRORS = {
  roles_field_required: { status: 422, en: 'The roles field is required.', es: 'El campo roles es obligatorio.' },
  selected_roles_invalid: {
    status: 422,
    en: 'The selected roles are invalid.',
    es: 'Los roles seleccionados no son válidos.',
  },
  user_keep_least_one_role: {
    status: 422,
    en: 'A user must keep at least one role.',
    es: 'Un usuario debe conservar al menos un rol.',
  },
  user_does_not_exist: { status: 404, en: "The user doesn't exist", es: 'El usuario no existe' },
  selected_billing_companies_invalid: {
    status: 422,
    en: 'The selected billing companies are invalid.',
    es: 'Las compañías de facturación seleccionadas no son válidas.',
  },
  user_already_exists_email: {
    status: 422,
    en: 'User already exists for this email',
    es: 'Ya existe un usuario con este correo electrónico',
  },
  ssn_format_xxx_xx_xxxx: {
    status: 422,
    en: 'The SSN must be in the format xxx-xx-xxxx.',
    es: 'El SSN debe tener el formato xxx-xx-xxxx.',
  },
} satisfies Record<string, CatalogueEntry>;
