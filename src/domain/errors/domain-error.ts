import type { ErrorCode } from './error-catalogue.ts';

/** A value a message names; a name people read in their language (a state) carries both. */
export type ErrorParams = Record<string, string | number | { en: string; es: string }>;

/** One problem with one field: a catalogue code and the values its sentence names. */
export interface FieldProblem {
  code: ErrorCode;
  params?: ErrorParams;
}

/**
 * An error the domain or the data layer raises: a code from the catalogue, the values its message
 * names, and the fields at fault by path (service_lines.2.units). It carries no HTTP status and no
 * text: the catalogue maps the code to both, in English and Spanish, in one place.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
    readonly fields: Record<string, FieldProblem[]> = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/** A 422 on one field. */
export const fieldError = (field: string, code: ErrorCode, params?: ErrorParams) =>
  new DomainError('invalid', {}, { [field]: [{ code, params }] });
