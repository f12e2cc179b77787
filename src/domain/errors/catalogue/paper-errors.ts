import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The paper module's refusals (forms and letters): status and sentence in each language, by code. */
export const PAPER_ERRORS = {
  mode_data_pre_printed_forms_full: {
    status: 422,
    en: 'The mode must be data (for pre-printed forms) or full (the form drawn, for plain paper).',
    es: 'El modo debe ser data (para formularios preimpresos) o full (el formulario dibujado, para papel en blanco).',
  },
  name_offset_between_0_72_points: {
    status: 422,
    en: 'The {name} offset must be between 0 and 72 points.',
    es: 'El desplazamiento {name} debe estar entre 0 y 72 puntos.',
  },
  letter_text_required: {
    status: 422,
    en: 'Write the letter before printing it: it is empty.',
    es: 'Escriba la carta antes de imprimirla: está vacía.',
  },
  letter_text_too_long: {
    status: 422,
    en: 'A letter may hold at most {max} characters.',
    es: 'Una carta puede tener como máximo {max} caracteres.',
  },
} satisfies Record<string, CatalogueEntry>;
