// Errors are values with an HTTP status and the spec's message text; the error handler renders them.
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: Record<string, string[]>,
    public headers?: Record<string, string>,
    /** extra body fields a client reads (ip_restriction, warning) */
    public extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  unauthorized: 'This action is unauthorized.',
  notFound: 'The requested record was not found.',
  tooMany: 'You have made many requests in a short time, please wait 10 seconds',
  server: 'Internal Server Error. Please try again later.',
  malformed: 'The request body is not valid JSON.',
  unreadable: 'The request body could not be read.',
  tooLarge: 'The request body is too large.',
  invalid: 'The given data was invalid.',
} as const;

export const unauthenticated = (message: string = MESSAGES.unauthenticated) => new HttpError(401, message);
export const forbidden = () => new HttpError(403, MESSAGES.unauthorized);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const invalid = (errors: Record<string, string[]>, message: string = MESSAGES.invalid) =>
  new HttpError(422, message, errors);
