import type { ErrorParams } from './domain-error.ts';
import type { CatalogueEntry } from './catalogue-entry.ts';
import { ACCESS_ERRORS } from './catalogue/access-errors.ts';
import { ADMISSIONS_ERRORS } from './catalogue/admissions-errors.ts';
import { AUDIT_ERRORS } from './catalogue/audit-errors.ts';
import { AUTH_ERRORS } from './catalogue/auth-errors.ts';
import { BATCHES_ERRORS } from './catalogue/batches-errors.ts';
import { BOOKS_ERRORS } from './catalogue/books-errors.ts';
import { CLAIMS_ERRORS } from './catalogue/claims-errors.ts';
import { CLAIM_INTAKE_ERRORS } from './catalogue/claim-intake-errors.ts';
import { CONTRACTS_ERRORS } from './catalogue/contracts-errors.ts';
import { DENIALS_ERRORS } from './catalogue/denials-errors.ts';
import { DESKTOP_ERRORS } from './catalogue/desktop-errors.ts';
import { ELIGIBILITY_ERRORS } from './catalogue/eligibility-errors.ts';
import { ESTIMATES_ERRORS } from './catalogue/estimates-errors.ts';
import { EXCHANGE_ERRORS } from './catalogue/exchange-errors.ts';
import { FILES_ERRORS } from './catalogue/files-errors.ts';
import { HTTP_ERRORS } from './catalogue/http-errors.ts';
import { LIST_ERRORS } from './catalogue/list-errors.ts';
import { LEDGER_ERRORS } from './catalogue/ledger-errors.ts';
import { MASTER_DATA_ERRORS } from './catalogue/master-data-errors.ts';
import { MESSENGER_ERRORS } from './catalogue/messenger-errors.ts';
import { PAPER_ERRORS } from './catalogue/paper-errors.ts';
import { PATIENTS_ERRORS } from './catalogue/patients-errors.ts';
import { PAYMENTS_ERRORS } from './catalogue/payments-errors.ts';
import { PROFILE_ERRORS } from './catalogue/profile-errors.ts';
import { REPORTS_ERRORS } from './catalogue/reports-errors.ts';
import { SEARCH_ERRORS } from './catalogue/search-errors.ts';
import { USERS_ERRORS } from './catalogue/users-errors.ts';

export type Locale = 'en' | 'es';

/**
 * Every typed error: its HTTP status and its sentence in each language. {name} parts are filled
 * from the error's params. Spec texts are kept word for word ("Action not allowed").
 */
export const ERROR_CATALOGUE = {
  not_found: { status: 404, en: 'The requested record was not found.', es: 'No se encontró el registro solicitado.' },
  not_found_message: { status: 404, en: '{message}', es: '{message}' },
  rule_text: { status: 422, en: '{text}', es: '{text}' },
  unauthenticated: { status: 401, en: 'Unauthenticated.', es: 'No autenticado.' },
  forbidden: { status: 403, en: 'This action is unauthorized.', es: 'Esta acción no está autorizada.' },
  invalid: { status: 422, en: 'The given data was invalid.', es: 'Los datos proporcionados no son válidos.' },
  required: { status: 422, en: 'The {field} field is required.', es: 'El campo {field} es obligatorio.' },
  billing_company_required: {
    status: 422,
    en: 'The billing company field is required.',
    es: 'El campo compañía de facturación es obligatorio.',
  },
  duplicate: { status: 422, en: '{message}', es: '{message}' },
  reference_invalid: {
    status: 422,
    en: 'The selected {field} is invalid.',
    es: 'El valor seleccionado de {field} no es válido.',
  },
  in_use: {
    status: 422,
    en: 'The record is in use and cannot be deleted; disable it instead.',
    es: 'El registro está en uso y no se puede eliminar; desactívelo en su lugar.',
  },
  stale: {
    status: 409,
    en: 'This record was changed by someone else after you opened it (you edited version {expected}; it is now at version {actual}). Reload it and make your change again.',
    es: 'Otra persona cambió este registro después de que usted lo abrió (usted editó la versión {expected}; ahora está en la versión {actual}). Vuelva a cargarlo y repita su cambio.',
  },
  version_required: {
    status: 428,
    en: 'Send the version of the record you edited (its version field) so that a newer change is never overwritten.',
    es: 'Envíe la versión del registro que editó (su campo version) para que nunca se sobrescriba un cambio más reciente.',
  },
  version_invalid: {
    status: 422,
    en: 'The version must be a positive integer.',
    es: 'La versión debe ser un número entero positivo.',
  },
  status_update_failed: { status: 422, en: 'Error Updating Status', es: 'Error al actualizar el estado' },
  transition_not_allowed: {
    status: 422,
    en: 'Action not allowed: {entity} cannot go from {from} to {to}.',
    es: 'Acción no permitida: {entity} no puede pasar de {from} a {to}.',
  },
  state_unknown: { status: 422, en: 'The state {state} does not exist.', es: 'El estado {state} no existe.' },
  note_required: {
    status: 422,
    en: 'A note is required to move from {from} to {to}.',
    es: 'Se requiere una nota para pasar de {from} a {to}.',
  },
  not_editable: {
    status: 422,
    en: 'Action not allowed: {entity} cannot be changed while it is {state}.',
    es: 'Acción no permitida: {entity} no se puede cambiar mientras está {state}.',
  },
  append_only: {
    status: 405,
    en: 'Records of {entity} are never changed or deleted; record a reversing entry instead.',
    es: 'Los registros de {entity} nunca se cambian ni se eliminan; registre un asiento de reverso en su lugar.',
  },
  append_only_rollback: {
    status: 422,
    en: 'Error, unable to restore registry: records of {entity} are append-only; record a reversing entry instead.',
    es: 'Error, no se puede restaurar el registro: los registros de {entity} solo admiten nuevos asientos; registre un reverso en su lugar.',
  },
  rollback_creation: {
    status: 422,
    en: 'Error, unable to restore registry: a creation cannot be rolled back. Disable the record instead.',
    es: 'Error, no se puede restaurar el registro: una creación no se puede revertir. Desactive el registro en su lugar.',
  },
  rollback_invalid: {
    status: 422,
    en: 'The old data is no longer valid and cannot be restored.',
    es: 'Los datos anteriores ya no son válidos y no se pueden restaurar.',
  },
  // Rules that read other rows (dev-server/resources/stored-rules.ts)
  npi_not_organization: {
    status: 422,
    en: 'The NPI belongs to a health professional; a company or facility needs an organization NPI.',
    es: 'El NPI pertenece a un profesional de la salud; una compañía o instalación necesita un NPI de organización.',
  },
  npi_not_individual: {
    status: 422,
    en: 'The NPI belongs to a company or facility; a health professional needs an individual NPI.',
    es: 'El NPI pertenece a una compañía o instalación; un profesional de la salud necesita un NPI individual.',
  },
  repeated_responsibility: {
    status: 422,
    en: 'The patient already has an active policy with this responsibility.',
    es: 'El paciente ya tiene una póliza activa con esta responsabilidad.',
  },
  plan_of_other_payer: {
    status: 422,
    en: 'The insurance plan does not belong to the insurance company.',
    es: 'El plan de seguro no pertenece a la aseguradora.',
  },
  reference_of_other_company: {
    status: 422,
    en: 'The selected record belongs to another billing company.',
    es: 'El registro seleccionado pertenece a otra compañía de facturación.',
  },
  unknown_taxonomy: {
    status: 422,
    en: 'The taxonomy code is not in the NUCC code set.',
    es: 'El código de taxonomía no está en el conjunto de códigos NUCC.',
  },
  // Requests no route should see (dev-server/http/request-guards.ts)
  nul_character: {
    status: 422,
    en: 'The text may not contain a NUL character.',
    es: 'El texto no puede contener un carácter NUL.',
  },
  key_not_allowed: {
    status: 422,
    en: 'This field name is not allowed.',
    es: 'Este nombre de campo no está permitido.',
  },
  nesting_too_deep: {
    status: 422,
    en: 'The data is nested too deeply (at most {max} levels).',
    es: 'Los datos están anidados a demasiada profundidad (como máximo {max} niveles).',
  },
  unsupported_media_type: {
    status: 415,
    en: 'The request body must be JSON (application/json) or multipart/form-data, not {type}.',
    es: 'El cuerpo de la solicitud debe ser JSON (application/json) o multipart/form-data, no {type}.',
  },
  bad_request_url: {
    status: 400,
    en: 'The address of the request is malformed.',
    es: 'La dirección de la solicitud está mal formada.',
  },
  bad_value: {
    status: 422,
    en: 'A value in the request is out of range or malformed.',
    es: 'Un valor de la solicitud está fuera de rango o mal formado.',
  },
  upload_malformed: {
    status: 400,
    en: 'The upload was cut off or is malformed.',
    es: 'La carga se interrumpió o está mal formada.',
  },
  submitter_in_use: {
    status: 422,
    en: "Another billing company already sends with this submitter id to this clearing house; a submitter id is one billing company's.",
    es: 'Otra compañía de facturación ya envía con este id de remitente a esta cámara de compensación; un id de remitente es de una sola compañía de facturación.',
  },
  sftp_login_in_use: {
    status: 422,
    en: 'Another billing company already uses this SFTP host and user; only a Super User can set an account on it.',
    es: 'Otra compañía de facturación ya usa este servidor y usuario SFTP; solo un Super Usuario puede configurar una cuenta en él.',
  },
  file_not_code_set: {
    status: 422,
    en: 'The file is not a code-set release: upload the release as a code set first.',
    es: 'El archivo no es una versión de códigos: súbalo primero como conjunto de códigos.',
  },
  ip_rule_locks_you_out: {
    status: 422,
    en: 'This rule would lock you out: your current address ({ip}) would no longer be allowed. Add a rule that allows it first.',
    es: 'Esta regla lo dejaría fuera: su dirección actual ({ip}) ya no estaría permitida. Agregue primero una regla que la permita.',
  },
  shared_catalogue: {
    status: 403,
    en: "Records of {entity} are shared by every billing company: only a Super User changes them. Ask support, or keep your own settings in your billing company's records.",
    es: 'Los registros de {entity} son compartidos por todas las compañías de facturación: solo un Super Usuario los cambia. Pida ayuda a soporte o guarde sus propios ajustes en los registros de su compañía.',
  },
  tenant_record_platform_role: {
    status: 403,
    en: "This {entity} is a billing company's own: only its people (or a Super User) change it. A platform role reads it.",
    es: 'Este registro de {entity} es propio de una compañía de facturación: solo su personal (o un Super Usuario) lo cambia. Un rol de plataforma lo lee.',
  },
  file_empty: { status: 422, en: 'The file is empty.', es: 'El archivo está vacío.' },
  file_too_large: {
    status: 413,
    en: 'The file is larger than {limit} allowed for {kind}.',
    es: 'El archivo supera los {limit} permitidos para {kind}.',
  },
  file_type: {
    status: 422,
    en: 'A file of type {type} cannot be stored as {kind}.',
    es: 'Un archivo de tipo {type} no se puede guardar como {kind}.',
  },
  file_kind: { status: 422, en: 'The file kind {kind} does not exist.', es: 'El tipo de archivo {kind} no existe.' },
  job_unknown: { status: 422, en: 'There is no job of kind {kind}.', es: 'No existe un trabajo del tipo {kind}.' },
  sub_status_not_allowed: {
    status: 422,
    en: 'The sub-status does not belong to the chosen status or is disabled.',
    es: 'El subestado no pertenece al estado elegido o está deshabilitado.',
  },
  policy_of_other_patient: {
    status: 422,
    en: "The policy is not one of the patient's.",
    es: 'La póliza no es del paciente.',
  },
  rule_configuration_exists: {
    status: 422,
    en: 'Exists a rule with this configuration',
    es: 'Existe una regla con esta configuración',
  },
  claim_not_found: { status: 404, en: 'Claim Not Found', es: 'Reclamo no encontrado' },
  patient_without_policies: { status: 422, en: 'Patient without policies', es: 'Paciente sin pólizas' },
  // Each module's own refusals.
  ...ACCESS_ERRORS,
  ...ADMISSIONS_ERRORS,
  ...AUDIT_ERRORS,
  ...AUTH_ERRORS,
  ...BATCHES_ERRORS,
  ...BOOKS_ERRORS,
  ...CLAIMS_ERRORS,
  ...CLAIM_INTAKE_ERRORS,
  ...CONTRACTS_ERRORS,
  ...DENIALS_ERRORS,
  ...DESKTOP_ERRORS,
  ...ELIGIBILITY_ERRORS,
  ...ESTIMATES_ERRORS,
  ...EXCHANGE_ERRORS,
  ...FILES_ERRORS,
  ...HTTP_ERRORS,
  ...LEDGER_ERRORS,
  ...LIST_ERRORS,
  ...MASTER_DATA_ERRORS,
  ...MESSENGER_ERRORS,
  ...PAPER_ERRORS,
  ...PATIENTS_ERRORS,
  ...PAYMENTS_ERRORS,
  ...PROFILE_ERRORS,
  ...REPORTS_ERRORS,
  ...SEARCH_ERRORS,
  ...USERS_ERRORS,
} satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const isErrorCode = (code: string): code is ErrorCode => code in ERROR_CATALOGUE;

/** The sentence of a code in a language, its {parts} filled. */
export function errorText(code: ErrorCode, params: ErrorParams = {}, locale: Locale = 'en'): string {
  const template = ERROR_CATALOGUE[code][locale];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined ? whole : typeof v === 'object' ? v[locale] : String(v);
  });
}

/**
 * The HTTP status an error answers with: a refusal naming fields at fault is a 422 whatever its headline
 * (a sentence may head a 404 in one place and a field's 422 in another); otherwise its code's status.
 */
export function errorStatus(err: { code: ErrorCode; fields: Record<string, unknown> }): number {
  const own = ERROR_CATALOGUE[err.code].status;
  // Fields at fault make a 422, except a payload refused for its size: 413 (Content Too Large), on whichever field.
  return Object.keys(err.fields).length && own !== 413 ? 422 : own;
}
