import type { CatalogueEntry } from '../catalogue-entry.ts';

/** Payer contracts' and underpayments' refusals and findings: status and sentence in each language, by code. */
export const CONTRACTS_ERRORS = {
  fee_schedule_file_unread: {
    status: 422,
    en: 'The fee schedule could not be read: send a CSV file or an XLSX workbook whose first row names its columns.',
    es: 'No se pudo leer el tarifario: envíe un archivo CSV o un libro XLSX cuya primera fila nombre sus columnas.',
  },
  fee_schedule_no_code_column: {
    status: 422,
    en: 'The fee schedule has no procedure column: name one "procedure_code", "CPT", "HCPCS" or "code". Columns found: {columns}.',
    es: 'El tarifario no tiene columna de procedimiento: nombre una "procedure_code", "CPT", "HCPCS" o "code". Columnas encontradas: {columns}.',
  },
  fee_schedule_no_price_column: {
    status: 422,
    en: 'The fee schedule has no price column: name one "amount", "fee", "allowed", "price" or "percentage". Columns found: {columns}.',
    es: 'El tarifario no tiene columna de precio: nombre una "amount", "fee", "allowed", "price" o "percentage". Columnas encontradas: {columns}.',
  },
  fee_schedule_rows_wrong: {
    status: 422,
    en: '{count} rows of the fee schedule are wrong; nothing was imported. Mend them (each is listed with its row number) or leave them out.',
    es: '{count} filas del tarifario tienen errores; no se importó nada. Corríjalas (cada una aparece con su número de fila) o quítelas.',
  },
  fee_schedule_empty: {
    status: 422,
    en: 'The fee schedule has no rows under its header.',
    es: 'El tarifario no tiene filas bajo su encabezado.',
  },
  fee_schedule_too_many_rows: {
    status: 422,
    en: 'A fee schedule holds at most {max} rows; this one has more. Split it, or leave out the codes the contract does not pay.',
    es: 'Un tarifario tiene como máximo {max} filas; este tiene más. Divídalo o quite los códigos que el contrato no paga.',
  },
  fee_schedule_file_too_large: {
    status: 422,
    en: 'The workbook unpacks to more than a fee schedule of {max} rows can hold (or is not a plain XLSX); nothing was read. Save it again as XLSX or CSV with the schedule only.',
    es: 'El libro ocupa al descomprimirse más de lo que cabe en un tarifario de {max} filas (o no es un XLSX normal); no se leyó nada. Guárdelo de nuevo como XLSX o CSV solo con el tarifario.',
  },
  rate_code: {
    status: 422,
    en: 'The procedure code must be a CPT or HCPCS code: 5 letters and digits, such as 99213 or A0425.',
    es: 'El código de procedimiento debe ser un código CPT o HCPCS: 5 letras y dígitos, como 99213 o A0425.',
  },
  rate_modifier: {
    status: 422,
    en: 'A modifier is two letters or digits.',
    es: 'Un modificador son dos letras o dígitos.',
  },
  rate_place_of_service: {
    status: 422,
    en: 'A place of service is two digits.',
    es: 'Un lugar de servicio son dos dígitos.',
  },
  rate_amount: {
    status: 422,
    en: 'The amount must be dollars and cents from 0.00 to 9,999,999.99 ("{value}" is not).',
    es: 'El monto debe ser dólares y centavos de 0.00 a 9,999,999.99 ("{value}" no lo es).',
  },
  rate_percentage: {
    status: 422,
    en: 'The percentage must be a number like 80 or 112.5 ("{value}" is not).',
    es: 'El porcentaje debe ser un número como 80 o 112.5 ("{value}" no lo es).',
  },
  rate_units_basis: {
    status: 422,
    en: 'The units basis must be "per unit" or "per line" ("{value}" is not).',
    es: 'La base de unidades debe ser "per unit" o "per line" ("{value}" no lo es).',
  },
  rate_repeated: {
    status: 422,
    en: 'Row {first} already prices this procedure with this modifier and place of service.',
    es: 'La fila {first} ya pone precio a este procedimiento con este modificador y lugar de servicio.',
  },
  variance_ids_most_500: {
    status: 422,
    en: 'The ids must be a list of underpayment ids (at most 500).',
    es: 'Los ids deben ser una lista de ids de pagos de menos (500 como máximo).',
  },
  underpayment_statuses_bulk: {
    status: 422,
    en: 'Choose a status from the list.',
    es: 'Elija un estatus de la lista.',
  },
} satisfies Record<string, CatalogueEntry>;
