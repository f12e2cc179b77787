import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The access module's refusals: status and sentence in each language, by code. */
export const ACCESS_ERRORS = {
  role_does_not_exist: { status: 404, en: 'The role does not exist.', es: 'El rol no existe.' },
  only_super_user_change_default_role: {
    status: 403,
    en: 'Only a Super User can change a default role; create a role for your billing company instead.',
    es: 'Solo un Super Usuario puede cambiar un rol predeterminado; cree un rol para su compañía de facturación.',
  },
  permission_does_not_exist: { status: 404, en: 'The permission does not exist.', es: 'El permiso no existe.' },
  selected_module_invalid: {
    status: 422,
    en: 'The selected module is invalid.',
    es: 'El módulo seleccionado no es válido.',
  },
  permissions_field_required: {
    status: 422,
    en: 'The permissions field is required.',
    es: 'El campo permisos es obligatorio.',
  },
  selected_permissions_invalid: {
    status: 422,
    en: 'The selected permissions are invalid.',
    es: 'Los permisos seleccionados no son válidos.',
  },
  role_already_exists: { status: 422, en: 'This role already exists.', es: 'Este rol ya existe.' },
  name_field_required: { status: 422, en: 'The name field is required.', es: 'El campo nombre es obligatorio.' },
  name_over_50_characters: {
    status: 422,
    en: 'The name may not be greater than 50 characters.',
    es: 'El campo nombre no puede tener más de 50 caracteres.',
  },
} satisfies Record<string, CatalogueEntry>;
