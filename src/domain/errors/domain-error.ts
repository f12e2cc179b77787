import type { ErrorCode } from './error-catalogue.ts';

/** A value a message names; a name people read in their language (a state) carries both. */
export type ErrorParams = Record<string, string | number | { en: string; es: string }>;

/** One problem with one field: a catalogue code and the values its sentence names. */
export interface FieldProblem {
  code: ErrorCode;
  params?: ErrorParams;
}

/** What a refusal tells a client besides its sentence: fields it reads (blocked, new_device) and when to retry. */
export interface ErrorDetails {
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
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
    readonly details: ErrorDetails = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/** One field's problem by its code. */
export const problem = (code: ErrorCode, params?: ErrorParams): FieldProblem => (params ? { code, params } : { code });

/**
 * A sentence a shared rule already wrote (the schemas' rules and the checks the forms run too, whose
 * Spanish the forms read from messages.es.json): carried as its text and translated from it.
 */
export const ruleText = (text: string): FieldProblem => ({ code: 'rule_text', params: { text } });

/** A 422 on one field. */
export const fieldError = (field: string, code: ErrorCode, params?: ErrorParams) =>
  new DomainError('invalid', {}, { [field]: [problem(code, params)] });

/** A 422 naming each field's problems; its headline another code's sentence when given. */
export const invalid = (fields: Record<string, FieldProblem[]>, code: ErrorCode = 'invalid', params?: ErrorParams) =>
  new DomainError(code, params, fields);

/** A shared rule's sentences by field as field problems, to which the server's own (by code) may be added. */
export const textProblems = (errors: Record<string, string[]>): Record<string, FieldProblem[]> =>
  Object.fromEntries(Object.entries(errors).map(([f, texts]) => [f, texts.map(ruleText)]));

/** A 422 from a rule's sentences collected by field. */
export const invalidTexts = (errors: Record<string, string[]>, code: ErrorCode = 'invalid', params?: ErrorParams) =>
  invalid(textProblems(errors), code, params);

export const notFound = (code: ErrorCode = 'not_found', params?: ErrorParams) => new DomainError(code, params);
export const forbidden = () => new DomainError('forbidden');
export const unauthenticated = (code: ErrorCode = 'unauthenticated') => new DomainError(code);
