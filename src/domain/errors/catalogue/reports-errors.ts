import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The reports module's refusals: status and sentence in each language, by code. */
export const REPORTS_ERRORS = {
  claims_behind_denial_rate_clean_claim: {
    status: 422,
    en: 'The claims behind denial_rate, clean_claim_rate or ar_over_90.',
    es: 'Los reclamos detrás de denial_rate, clean_claim_rate o ar_over_90.',
  },
  favorite_field_true_false: {
    status: 422,
    en: 'The favorite field must be true or false.',
    es: 'El campo favorito debe ser verdadero o falso.',
  },
  format_csv_xlsx_pdf: {
    status: 422,
    en: 'The format must be csv, xlsx or pdf.',
    es: 'El formato debe ser csv, xlsx o pdf.',
  },
  say_which_report: { status: 422, en: 'Say which report.', es: 'Indique qué reporte.' },
  server_runs_no_background_jobs_export: {
    status: 422,
    en: 'This server runs no background jobs: export directly.',
    es: 'Este servidor no ejecuta trabajos en segundo plano: exporte directamente.',
  },
  ids_comma_separated_list_ids: {
    status: 422,
    en: 'The ids must be a comma-separated list of ids.',
    es: 'Los ids deben ser una lista de ids separados por comas.',
  },
  no_such_report: { status: 422, en: 'There is no such report.', es: 'No existe ese reporte.' },
  filters_object: { status: 422, en: 'The filters must be an object.', es: 'Los filtros deben ser un objeto.' },
  not_columns_of_report: {
    status: 422,
    en: 'Not a column of the report: {columns}.',
    es: 'No es una columna del informe: {columns}.',
  },
} satisfies Record<string, CatalogueEntry>;
