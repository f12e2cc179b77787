import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isNpi, isPhone, isSsn, isUsDate, isZip } from '../domain/formats.ts';
import { isIp } from '../domain/ip-address.ts';

// ajv-formats is CommonJS: under Node's ESM loader its function arrives as .default.
type AddFormats = (ajv: Ajv, formats: string[]) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

/** The platform's x- keywords, registered so that ajv's strict mode stays on for everything else. */
// strictRequired is off so an if/then may require a field declared once, at the top (user_id when applies_to is user).
export const PLATFORM_KEYWORDS = ['x-resource', 'x-ui', 'x-list', 'x-db'];

export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, useDefaults: false });
  addFormats(ajv, ['email', 'uri', 'date-time']);
  ajv.addVocabulary(PLATFORM_KEYWORDS);
  ajv.addFormat('us-date', isUsDate);
  ajv.addFormat('phone', isPhone);
  ajv.addFormat('ssn', isSsn);
  ajv.addFormat('zip', isZip);
  ajv.addFormat('npi', isNpi);
  ajv.addFormat('ip', isIp);
  return ajv;
}
