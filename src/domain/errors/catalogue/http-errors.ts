import type { CatalogueEntry } from '../catalogue-entry.ts';

/** Refusals of the HTTP layer itself: a request it cannot read, a path it does not serve, a client too fast. */
export const HTTP_ERRORS = {
  route_not_found: { status: 404, en: 'Not found.', es: 'No encontrado.' },
  server_busy: {
    status: 503,
    en: 'The server is busy right now. Please try again in a moment.',
    es: 'El servidor está ocupado en este momento. Vuelva a intentarlo en un momento.',
  },
  too_many_requests: {
    status: 429,
    en: 'You have made many requests in a short time, please wait 10 seconds',
    es: 'Ha realizado muchas solicitudes en poco tiempo, espere 10 segundos',
  },
  recovery_limit: {
    status: 429,
    en: 'Too many account recovery requests from this address. Try again in {minutes} minutes.',
    es: 'Demasiadas solicitudes de recuperación de cuenta desde esta dirección. Inténtelo de nuevo en {minutes} minutos.',
  },
  export_limit: {
    status: 429,
    en: 'You have exported many times in a short time. Try again in {minutes} minutes.',
    es: 'Ha exportado muchas veces en poco tiempo. Inténtelo de nuevo en {minutes} minutos.',
  },
  upload_limit: {
    status: 429,
    en: 'You have uploaded many files in a short time. Try again in {minutes} minutes.',
    es: 'Ha subido muchos archivos en poco tiempo. Inténtelo de nuevo en {minutes} minutos.',
  },
  phi_search_limit: {
    status: 429,
    en: 'You have searched patients many times in a short time. Try again in {minutes} minutes.',
    es: 'Ha buscado pacientes muchas veces en poco tiempo. Inténtelo de nuevo en {minutes} minutos.',
  },
  server_error: {
    status: 500,
    en: 'Internal Server Error. Please try again later.',
    es: 'Error interno del servidor. Inténtelo de nuevo más tarde.',
  },
  body_not_json: {
    status: 400,
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la solicitud no es un JSON válido.',
  },
  body_unreadable: {
    status: 400,
    en: 'The request body could not be read.',
    es: 'No se pudo leer el cuerpo de la solicitud.',
  },
  body_too_large: {
    status: 413,
    en: 'The request body is too large.',
    es: 'El cuerpo de la solicitud es demasiado grande.',
  },
  encoding_unsupported: {
    status: 415,
    en: 'Unsupported request encoding.',
    es: 'Codificación de la solicitud no admitida.',
  },
  body_not_object: {
    status: 422,
    en: 'The request body must be a JSON object.',
    es: 'El cuerpo de la solicitud debe ser un objeto JSON.',
  },
  status_true_or_false: {
    status: 422,
    en: 'The status must be true or false.',
    es: 'El estado debe ser verdadero o falso.',
  },
  field_true_or_false: {
    status: 422,
    en: 'The {field} must be true or false.',
    es: 'El campo {field} debe ser verdadero o falso.',
  },
  field_over_max_characters: {
    status: 422,
    en: 'The {field} may not be greater than {max} characters.',
    es: 'El campo {field} no puede tener más de {max} caracteres.',
  },
  field_not_allowed: {
    status: 422,
    en: 'The field {field} is not allowed.',
    es: 'El campo {field} no está permitido.',
  },
  field_an_id: { status: 422, en: 'The {field} must be an id.', es: 'El campo {field} debe ser un id.' },
} satisfies Record<string, CatalogueEntry>;
