import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The cost estimate's refusals: status and sentence in each language, by code. */
export const ESTIMATES_ERRORS = {
  procedure_not_found: { status: 422, en: 'The procedure was not found.', es: 'No se encontró el procedimiento.' },
  plan_must_be_id: { status: 422, en: 'The plan must be an id.', es: 'El plan debe ser un id.' },
  estimate_lines_between: {
    status: 422,
    en: 'Add between 1 and {max} procedures.',
    es: 'Agregue entre 1 y {max} procedimientos.',
  },
  procedure_code_not_valid: {
    status: 422,
    en: 'The procedure code is not valid.',
    es: 'El código de procedimiento no es válido.',
  },
  estimate_units_whole_1_999: {
    status: 422,
    en: 'The units must be a whole number from 1 to 999.',
    es: 'Las unidades deben ser un número entero de 1 a 999.',
  },
  deductible_left_amount: {
    status: 422,
    en: 'The deductible left must be an amount in cents from 0 to 999,999.99.',
    es: 'El deducible restante debe ser un monto de 0 a 999,999.99.',
  },
  coinsurance_percentage: {
    status: 422,
    en: 'The coinsurance must be a percentage from 0 to 100, with at most two decimals.',
    es: 'El coseguro debe ser un porcentaje de 0 a 100, con a lo sumo dos decimales.',
  },
} satisfies Record<string, CatalogueEntry>;
