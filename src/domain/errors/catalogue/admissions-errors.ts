import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The admissions module's refusals: status and sentence in each language, by code. */
export const ADMISSIONS_ERRORS = {
  room_not_in_unit: {
    status: 422,
    en: 'The room {room} is not in this unit.',
    es: 'La habitación {room} no está en esta unidad.',
  },
  unit_of_other_company: {
    status: 422,
    en: 'The unit belongs to another company.',
    es: 'La unidad pertenece a otra compañía.',
  },
  policy_not_patients: { status: 422, en: "The policy is not the patient's.", es: 'La póliza no es del paciente.' },
  policy_not_in_force_on: {
    status: 422,
    en: 'The policy {policy_number} is not in force on {date}.',
    es: 'La póliza {policy_number} no está vigente el {date}.',
  },
  program_not_offered: {
    status: 422,
    en: 'The program is not offered by this company.',
    es: 'La compañía no ofrece este programa.',
  },
  discharge_date_invalid: {
    status: 422,
    en: 'The discharge date is not a valid date.',
    es: 'La fecha de alta no es una fecha válida.',
  },
  discharge_hour_range: {
    status: 422,
    en: 'The discharge hour must be between 0 and 23.',
    es: 'La hora de alta debe estar entre 0 y 23.',
  },
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
