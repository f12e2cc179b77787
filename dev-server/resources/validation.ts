import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../src/platform/ajv.ts';
import type { Entity, FieldSchema } from '../../src/platform/entity.ts';

const ajv = createAjv();

/** The schema a client may write: readOnly fields removed, unknown fields refused. */
export function writeSchema(entity: Entity, tenantOwned: boolean) {
  const properties: Record<string, FieldSchema | object> = Object.fromEntries(
    Object.entries(entity.schema.properties).filter(([, f]) => !f.readOnly),
  );
  if (tenantOwned) properties.billing_company_id = { type: 'integer', minimum: 1, title: 'Billing company' };
  return { ...entity.schema, properties, $id: undefined };
}

export function compileWrite(entity: Entity): ValidateFunction {
  return ajv.compile(writeSchema(entity, entity.resource.tenancy === 'billing-company'));
}

/** ajv errors → { field: [messages] } in plain words with the field's title. */
export function fieldErrors(entity: Entity, errors: ErrorObject[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, msg: string) => (out[field] ??= []).includes(msg) || out[field].push(msg);
  for (const e of errors) {
    const field = e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty
      : e.keyword === 'additionalProperties' ? (e.params as { additionalProperty: string }).additionalProperty
      : e.instancePath.split('/')[1] ?? '_';
    const title = (entity.schema.properties[field]?.title ?? field.replace(/_/g, ' ')).toLowerCase();
    const p = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case 'required': add(field, `The ${title} field is required.`); break;
      case 'additionalProperties': add(field, `The field ${field} is not allowed.`); break;
      case 'maxLength': add(field, `The ${title} may not be greater than ${p.limit} characters.`); break;
      case 'minLength': add(field, p.limit === 1 ? `The ${title} field is required.` : `The ${title} must be at least ${p.limit} characters.`); break;
      case 'type': add(field, `The ${title} must be ${p.type === 'integer' ? 'an integer' : `a ${p.type}`}.`); break;
      case 'enum': add(field, `The selected ${title} is invalid.`); break;
      case 'format': add(field, formatMessage(title, String(p.format))); break;
      case 'maximum': add(field, `The ${title} may not be greater than ${p.limit}.`); break;
      case 'minimum': case 'exclusiveMinimum': add(field, `The ${title} must be greater than ${p.limit}.`); break;
      default: add(field, `The ${title} format is invalid.`);
    }
  }
  return out;
}

function formatMessage(title: string, format: string): string {
  switch (format) {
    case 'us-date': return `The ${title} is not a valid date (mm/dd/yyyy).`;
    case 'email': return `The ${title} must be a valid email address.`;
    case 'phone': return `The ${title} must be 10 digits in the format xxx-xxx-xxxx.`;
    case 'zip': return `The ${title} must be 5 or 9 digits.`;
    case 'ssn': return `The ${title} must be in the format xxx-xx-xxxx.`;
    case 'npi': return `The NPI doesn't exist`;
    default: return `The ${title} format is invalid.`;
  }
}
