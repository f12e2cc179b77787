import { FORMAT_CHECKS, NUMBER_FORMAT_CHECKS } from './formats.ts';

/**
 * The product's own formats as the forms' validators check them: the server's checks, so a form refuses what the
 * server would. Money is a number format (cents), the rest check text.
 */
export const FORM_FORMATS = {
  ...FORMAT_CHECKS,
  ...Object.fromEntries(Object.entries(NUMBER_FORMAT_CHECKS).map(([k, validate]) => [k, { type: 'number', validate }])),
};

/** A text's length as JSON Schema counts it: in characters, a pair of UTF-16 surrogates being one. */
const characters = (text: string) => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** ajv's runtime helpers that compiled validators ask for by module name (see generators/form-validators.ts). */
export function formRuntime(name: string): { default: unknown } {
  if (name === 'ajv/dist/runtime/ucs2length') return { default: characters };
  throw new Error(`A form validator asked for ${name}, which is not given`);
}
