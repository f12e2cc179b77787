import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The master-data module's refusals: status and sentence in each language, by code. */
export const MASTER_DATA_ERRORS = {
  selected_company_invalid: {
    status: 422,
    en: 'The selected company is invalid.',
    es: 'La compañía seleccionada no es válida.',
  },
  company_what_linked_belong_same_billing: {
    status: 422,
    en: 'A company and what it is linked to belong to the same billing company.',
    es: 'Una compañía y lo que se le vincula pertenecen a la misma compañía de facturación.',
  },
  services_field_list: {
    status: 422,
    en: 'The services field must be a list.',
    es: 'El campo servicios debe ser una lista.',
  },
  billing_company_id: {
    status: 422,
    en: 'The billing company must be an id.',
    es: 'La compañía de facturación debe ser un identificador.',
  },
  selected_billing_company_invalid: {
    status: 422,
    en: 'The selected billing company is invalid.',
    es: 'La compañía de facturación seleccionada no es válida.',
  },
  facility_already_registered: {
    status: 422,
    en: 'The facility is already registered',
    es: 'La instalación ya está registrada',
  },
  unit_field_required: { status: 422, en: 'The unit field is required.', es: 'El campo unidad es obligatorio.' },
  codes_field_list_procedure_codes: {
    status: 422,
    en: 'The codes field must be a list of procedure codes.',
    es: 'El campo códigos debe ser una lista de códigos de procedimiento.',
  },
  procedure_code_not_found: {
    status: 404,
    en: 'Procedure code not found',
    es: 'Código de procedimiento no encontrado',
  },
  npi_does_not_exist: { status: 422, en: "The NPI doesn't exist", es: 'El NPI no existe' },
  npi_cannot_found: { status: 404, en: 'The NPI cannot be found', es: 'No se encuentra el NPI' },
  ncci_table: {
    status: 422,
    en: 'Say which CMS table the file is with --table ({tables}): its name does not tell.',
    es: 'Indique qué tabla de CMS es el archivo con --table ({tables}): su nombre no lo dice.',
  },
  ncci_effective: {
    status: 422,
    en: 'Give the day the MUE file takes effect with --effective mm/dd/yyyy: its name does not tell (CMS names it …_Eff_01-01-2026.csv).',
    es: 'Indique el día en que el archivo MUE entra en vigor con --effective mm/dd/aaaa: su nombre no lo dice (CMS lo nombra …_Eff_01-01-2026.csv).',
  },
} satisfies Record<string, CatalogueEntry>;
