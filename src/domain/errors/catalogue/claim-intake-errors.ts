/**
 * What the intake of a practice's 837 finds wrong in a claim file, in each language, by code: each finding says where
 * (loop, segment, element, segment number) in the way a person fixes it in their system.
 */
export const CLAIM_INTAKE_ERRORS = {
  intake_file_required: {
    status: 422,
    en: 'Choose the 837 file of the claims to bring in.',
    es: 'Elija el archivo 837 de los reclamos que desea traer.',
  },
  intake_envelope: {
    status: 422,
    en: 'The envelope: {text}',
    es: 'El sobre: {text}',
  },
  intake_hl_id_repeated: {
    status: 422,
    en: 'HL {id} is used twice: each hierarchical level needs its own number, counted 1, 2, 3… in the file.',
    es: 'El HL {id} se usa dos veces: cada nivel jerárquico necesita su propio número, contados 1, 2, 3… en el archivo.',
  },
  intake_hl_id_out_of_order: {
    status: 422,
    en: 'HL {id} comes where HL {expected} was expected: levels are numbered 1, 2, 3… in the order they appear.',
    es: 'El HL {id} aparece donde se esperaba el HL {expected}: los niveles se numeran 1, 2, 3… en el orden en que aparecen.',
  },
  intake_hl_parent_unknown: {
    status: 422,
    en: 'HL {id} names parent {parent}, which is not a level before it.',
    es: 'El HL {id} nombra como padre al {parent}, que no es un nivel anterior.',
  },
  intake_hl_parent_wrong_level: {
    status: 422,
    en: 'HL {id} (level {level}) must sit under a level {wanted}; its parent {parent} is level {actual}.',
    es: 'El HL {id} (nivel {level}) debe estar bajo un nivel {wanted}; su padre {parent} es de nivel {actual}.',
  },
  intake_hl_level_unknown: {
    status: 422,
    en: 'HL {id} has level code {level}: an 837 has billing provider (20), subscriber (22) and patient (23) levels.',
    es: 'El HL {id} tiene el código de nivel {level}: un 837 tiene niveles de proveedor de facturación (20), suscriptor (22) y paciente (23).',
  },
  intake_composite_expected: {
    status: 422,
    en: '{segment}{element} "{value}" must be a composite (qualifier{separator}code), e.g. ABK{separator}J069.',
    es: '{segment}{element} "{value}" debe ser un compuesto (calificador{separator}código), p. ej. ABK{separator}J069.',
  },
  intake_lx_sequence: {
    status: 422,
    en: 'Service line LX {found} where LX {expected} was expected: a claim numbers its lines 1, 2, 3…',
    es: 'Línea de servicio LX {found} donde se esperaba LX {expected}: un reclamo numera sus líneas 1, 2, 3…',
  },
  intake_claim_unbalanced: {
    status: 422,
    en: 'Claim {claim}: the total charge (CLM02) ${total} is not the sum of its lines ${lines}.',
    es: 'Reclamo {claim}: el cargo total (CLM02) ${total} no es la suma de sus líneas ${lines}.',
  },
  intake_npi_invalid: {
    status: 422,
    en: '{who} NPI "{npi}" is not a valid NPI (10 digits with a check digit).',
    es: '{who}: el NPI "{npi}" no es un NPI válido (10 dígitos con dígito de control).',
  },
  intake_date_invalid: {
    status: 422,
    en: '{segment}{element} "{value}" is not a date (CCYYMMDD).',
    es: '{segment}{element} "{value}" no es una fecha (AAAAMMDD).',
  },
  intake_range_backwards: {
    status: 422,
    en: '{segment}{element} "{value}" ends before it begins.',
    es: '{segment}{element} "{value}" termina antes de empezar.',
  },
  intake_amount_invalid: {
    status: 422,
    en: '{segment}{element} "{value}" is not an amount.',
    es: '{segment}{element} "{value}" no es un monto.',
  },
  intake_claim_number_repeated: {
    status: 422,
    en: 'Claim number {claim} is used by {count} claims of this file: each claim needs its own patient control number (CLM01).',
    es: 'El número de reclamo {claim} lo usan {count} reclamos de este archivo: cada reclamo necesita su propio número de control del paciente (CLM01).',
  },
  intake_element_required: {
    status: 422,
    en: '{segment}{element} ({name}) is required.',
    es: '{segment}{element} ({name}) es obligatorio.',
  },
  intake_segment_required: {
    status: 422,
    en: 'Claim {claim} has no {segment} ({name}).',
    es: 'El reclamo {claim} no tiene {segment} ({name}).',
  },
  intake_code_value: {
    status: 422,
    en: '{segment}{element} "{value}" is not one of the codes it takes ({codes}).',
    es: '{segment}{element} "{value}" no es uno de los códigos que admite ({codes}).',
  },
  intake_payer_unknown: {
    status: 422,
    en: "The payer {payer} (payer id {payer_id}) is not among this billing company's payers: add it, or its id in the payer's settings.",
    es: 'El pagador {payer} (id de pagador {payer_id}) no está entre los pagadores de esta compañía de facturación: agréguelo, o su id en la configuración del pagador.',
  },
  intake_billing_provider_unknown: {
    status: 422,
    en: "The billing provider {name} (NPI {npi}) is not one of this billing company's clinics: add it, or its NPI to the clinic.",
    es: 'El proveedor de facturación {name} (NPI {npi}) no es una de las clínicas de esta compañía de facturación: agréguelo, o su NPI a la clínica.',
  },
  intake_pointer_beyond: {
    status: 422,
    en: 'Claim {claim}, line {line}: the diagnosis pointer {pointer} (SV107) points at no diagnosis of the claim, which has {count}.',
    es: 'Reclamo {claim}, línea {line}: el puntero de diagnóstico {pointer} (SV107) no apunta a ningún diagnóstico del reclamo, que tiene {count}.',
  },
  intake_charge_file_unreadable: {
    status: 422,
    en: 'The charge file {file} could not be read as a CSV or an XLSX workbook of at most 200,000 rows.',
    es: 'El archivo de cargos {file} no se pudo leer como CSV o libro XLSX de hasta 200.000 filas.',
  },
  intake_column_missing: {
    status: 422,
    en: "The charge file has no column for {column}: add it, or say which column holds it in the clinic's charge file columns.",
    es: 'El archivo de cargos no tiene una columna para {column}: agréguela, o indique qué columna la contiene en las columnas del archivo de cargos de la clínica.',
  },
  intake_cell_required: {
    status: 422,
    en: 'Row {row}: {column} is empty.',
    es: 'Fila {row}: {column} está vacío.',
  },
  intake_cell_invalid: {
    status: 422,
    en: 'Row {row}: {column} "{value}" is not valid.',
    es: 'Fila {row}: {column} «{value}» no es válido.',
  },
  intake_nothing_to_import: {
    status: 422,
    en: 'The claim file {file} has nothing left to import: every claim of it is imported or already held.',
    es: 'El archivo de reclamos {file} no tiene nada más que importar: cada reclamo ya está importado o registrado.',
  },
  intake_no_claims: {
    status: 422,
    en: "The file {file} holds no 837 claims: a claim file is an 837P or 837I a practice's system wrote.",
    es: 'El archivo {file} no contiene reclamos 837: un archivo de reclamos es un 837P o 837I escrito por el sistema de la práctica.',
  },
} as const;
