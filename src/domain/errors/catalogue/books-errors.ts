import type { CatalogueEntry } from '../catalogue-entry.ts';

/** Month-end close's refusals: status and sentence in each language, by code. */
export const BOOKS_ERRORS = {
  books_closed: {
    status: 422,
    en: 'The books are closed through {through}: nothing can be dated {day}. Post it in the open period, after {through}.',
    es: 'Los libros están cerrados hasta el {through}: no se puede registrar nada con fecha {day}. Regístrelo en el período abierto, después del {through}.',
  },
  books_checklist_open: {
    status: 422,
    en: '{month} cannot be closed while work dated in it or before is open: {open_batches} payment batches not closed, {unposted_eras} ERAs not posted, {open_exceptions} ERA exceptions not worked, {draft_claims} draft claims, {unapplied_patient_money} patient payments not applied.',
    es: 'No se puede cerrar {month} mientras haya trabajo abierto con fecha en ese mes o antes: {open_batches} lotes de pago sin cerrar, {unposted_eras} ERA sin aplicar, {open_exceptions} excepciones de ERA sin resolver, {draft_claims} reclamos en borrador, {unapplied_patient_money} pagos de pacientes sin aplicar.',
  },
  books_close_only_forward: {
    status: 422,
    en: 'The books are already closed through {through}: close a later month, or reopen first.',
    es: 'Los libros ya están cerrados hasta el {through}: cierre un mes posterior, o reabra primero.',
  },
  books_not_closed: {
    status: 422,
    en: '{month} is not closed: there is nothing to reopen.',
    es: '{month} no está cerrado: no hay nada que reabrir.',
  },
  books_month_like: {
    status: 422,
    en: 'The month must be written as mm/yyyy, e.g. 10/2026, and be over.',
    es: 'El mes debe escribirse como mm/aaaa, por ejemplo 10/2026, y haber terminado.',
  },
  books_reopen_reason: {
    status: 422,
    en: 'Say why the books are reopened (3 to 500 characters).',
    es: 'Indique por qué se reabren los libros (de 3 a 500 caracteres).',
  },
  books_company_not_found: {
    status: 422,
    en: 'The company is not one of this billing company.',
    es: 'La compañía no es de esta compañía de facturación.',
  },
} satisfies Record<string, CatalogueEntry>;
