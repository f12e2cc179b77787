import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The admissions module's refusals: status and sentence in each language, by code. */
export const ADMISSIONS_ERRORS = {
  no_units_rooms_registered_company: {
    status: 404,
    en: 'There are no units/rooms registered for this company',
    es: 'No hay unidades/habitaciones registradas para esta compañía',
  },
  discharge_made_from_discharge_window_route: {
    status: 422,
    en: 'A discharge is made from the discharge window; this route undoes one.',
    es: 'El alta se da desde la ventana de alta; esta ruta deshace una.',
  },
  billed_admission_cannot_changed: {
    status: 422,
    en: 'A billed admission cannot be changed.',
    es: 'Una admisión facturada no se puede cambiar.',
  },
  admission_cannot_discharged_yet: {
    status: 422,
    en: 'The admission cannot be discharged yet.',
    es: 'La admisión aún no puede darse de alta.',
  },
  room_full: { status: 422, en: 'The room is full.', es: 'La habitación está llena.' },
  only_discharged_admission_transferred_billing: {
    status: 422,
    en: 'Only a discharged admission is transferred to billing.',
    es: 'Solo una admisión dada de alta pasa a facturación.',
  },
  claim_made_from_admission_did_not: {
    status: 422,
    en: 'The claim made from this admission did not pass verification.',
    es: 'El reclamo hecho con esta admisión no pasó la verificación.',
  },
} satisfies Record<string, CatalogueEntry>;
