import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { FORMAT_CHECKS, NUMBER_FORMAT_CHECKS } from '../domain/formats.ts';

// ajv-formats is CommonJS: under Node's ESM loader its function arrives as .default.
type AddFormats = (ajv: Ajv, formats: string[]) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

/** The platform's x- keywords, registered so that ajv's strict mode stays on for everything else. */
// strictRequired is off so an if/then may require a field declared once, at the top (user_id when applies_to is user).
export const PLATFORM_KEYWORDS = ['x-resource', 'x-ui', 'x-list', 'x-db', 'x-states'];

export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, useDefaults: false });
  addFormats(ajv, ['email', 'uri', 'date-time']);
  ajv.addVocabulary(PLATFORM_KEYWORDS);
  for (const [name, check] of Object.entries(FORMAT_CHECKS)) ajv.addFormat(name, check);
  for (const [name, validate] of Object.entries(NUMBER_FORMAT_CHECKS))
    ajv.addFormat(name, { type: 'number', validate });
  return ajv;
}
