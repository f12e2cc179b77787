import type { ErrorObject, ValidateFunction } from 'ajv';
import { invalidTexts } from '../../src/domain/errors/domain-error.ts';
import type { ErrorCode } from '../../src/domain/errors/error-catalogue.ts';
import { createAjv } from '../../src/platform/ajv.ts';
import { hasOwnerColumn, type Entity, type FieldSchema } from '../../src/platform/entity.ts';
import type { Locale } from '../i18n/locale.ts';
import { entityRules } from '../../src/domain/rules/entity-rules.ts';

const ajv = createAjv();

/** The largest value a column of the field's type holds: a larger number is refused as input, never sent to SQL. */
const INT4_MAX = 2_147_483_647;
const columnMaximum = (f: FieldSchema) => (f['x-db']?.references ? Number.MAX_SAFE_INTEGER : INT4_MAX);

/**
 * The schema a client may write: readOnly fields removed, unknown fields refused; integers bounded by
 * their column, required texts not empty (values arrive trimmed, so "   " is empty).
 */
export function writeSchema(entity: Entity, tenantOwned: boolean) {
  const required = new Set(entity.schema.required ?? []);
  const properties: Record<string, FieldSchema | object> = Object.fromEntries(
    Object.entries(entity.schema.properties)
      .filter(([, f]) => !f.readOnly)
      .map(([name, f]) => {
        if (f.type === 'integer' && f.format !== 'money' && f.maximum === undefined)
          return [name, { ...f, maximum: columnMaximum(f) }];
        if (f.type === 'string' && required.has(name) && f.minLength === undefined && !f.enum)
          return [name, { ...f, minLength: 1 }];
        return [name, f];
      }),
  );
  if (tenantOwned)
    properties.billing_company_id = {
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      title: 'Billing company',
    };
  return { ...entity.schema, properties, $id: undefined };
}

/** Text as people mean it: surrounding spaces dropped, inside lists and objects too. */
function trimmed(v: unknown): unknown {
  if (typeof v === 'string') return v.trim();
  if (Array.isArray(v)) return v.map(trimmed);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trimmed(x)]));
  return v;
}

/** What validation sees: a null means "no value" (a required field set to null is missing, an optional one cleared). */
const withoutNulls = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null));

export interface EntityWriter {
  /** the fields a client may write, trimmed; read-only and computed ones (id, status, display_name) dropped; null kept (it clears) */
  writable(record: Record<string, unknown>): Record<string, unknown>;
  /** validates a whole record, throwing the 422 with field messages in the caller's language */
  /** throws a 422 naming every field's problems; its headline the given code's sentence (default: the data was invalid) */
  check(record: Record<string, unknown>, locale: Locale, headline?: ErrorCode): void;
  /** every problem of a whole record at once — the schema's and the entity rules' — without throwing */
  problems(record: Record<string, unknown>, locale: Locale): Record<string, string[]>;
  /** validates only the fields present (a PATCH of some fields); required fields are not asked for */
  checkPresent(record: Record<string, unknown>, locale: Locale): void;
  /** the check an update passes to ResourceStore.update: the stored row with these values over it (null clears) must be valid */
  merged(values: Record<string, unknown>, locale: Locale): (current: Record<string, unknown>) => void;
}

const writers = new WeakMap<Entity, EntityWriter>();

/** Compiled once per entity and shared by every route that writes it (the router, audit rollback). */
export function entityWriter(entity: Entity): EntityWriter {
  let w = writers.get(entity);
  if (w) return w;
  const validate: ValidateFunction = ajv.compile(writeSchema(entity, hasOwnerColumn(entity.resource)));
  const {
    required: _required,
    allOf: _allOf,
    ...optional
  } = writeSchema(entity, hasOwnerColumn(entity.resource)) as Record<string, unknown>;
  const validatePresent: ValidateFunction = ajv.compile(optional);
  const readOnly = new Set(
    Object.entries(entity.schema.properties)
      .filter(([, f]) => f.readOnly)
      .map(([k]) => k)
      .concat('display_name', 'version'),
  );
  w = {
    writable: (record) =>
      Object.fromEntries(
        Object.entries(record)
          .filter(([k]) => !readOnly.has(k))
          .map(([k, v]) => [k, trimmed(v)]),
      ),
    check(input, locale, headline) {
      const found = w!.problems(input, locale);
      if (Object.keys(found).length) throw invalidTexts(found, headline);
    },
    problems(input, locale) {
      const record = withoutNulls(input);
      const out = validate(record) ? {} : fieldErrors(entity, validate.errors ?? [], locale);
      // The rules run on what the schema let through too: a person fixing a form sees every problem at once.
      let ruleErrors: Record<string, string[]> = {};
      try {
        ruleErrors = entityRules[entity.name]?.(record, new Date()) ?? {};
      } catch (e) {
        // A rule may not cope with a shape the schema already refused; those errors are the answer then.
        if (!Object.keys(out).length) throw e;
      }
      for (const [field, messages] of Object.entries(ruleErrors)) {
        out[field] = [...(out[field] ?? []), ...messages.filter((m) => !out[field]?.includes(m))];
      }
      return out;
    },
    checkPresent(input, locale) {
      const record = withoutNulls(input);
      if (!validatePresent(record)) throw invalidTexts(fieldErrors(entity, validatePresent.errors ?? [], locale));
    },
    merged(values, locale) {
      // A null in values clears that field: the record checked is the one that will be stored.
      return (current) => w!.check(w!.writable({ ...current, ...values }), locale);
    },
  };
  writers.set(entity, w);
  return w;
}

type Templates = Record<string, (title: string, p: Record<string, unknown>) => string>;

// Laravel-style sentences users of the predecessor know, in both languages.
const TEMPLATES: Record<Locale, Templates> = {
  en: {
    required: (t) => `The ${t} field is required.`,
    unknown: (_t, p) => `The field ${p.field} is not allowed.`,
    maxLength: (t, p) => `The ${t} may not be greater than ${p.limit} characters.`,
    minLength: (t, p) =>
      p.limit === 1 ? `The ${t} field is required.` : `The ${t} must be at least ${p.limit} characters.`,
    type: (t, p) => `The ${t} must be ${p.type === 'integer' ? 'an integer' : `a ${p.type}`}.`,
    enum: (t) => `The selected ${t} is invalid.`,
    maximum: (t, p) => `The ${t} may not be greater than ${p.limit}.`,
    minimum: (t, p) => `The ${t} must be greater than ${p.limit}.`,
    minItems: (t, p) => `The ${t} needs at least ${p.limit === 1 ? 'one item' : `${p.limit} items`}.`,
    maxItems: (t, p) => `The ${t} may not have more than ${p.limit} items.`,
    uniqueItems: (t) => `The ${t} may not repeat an item.`,
    'us-date': (t) => `The ${t} is not a valid date (mm/dd/yyyy).`,
    email: (t) => `The ${t} must be a valid email address.`,
    phone: (t) => `The ${t} must be 10 digits in the format xxx-xxx-xxxx.`,
    zip: (t) => `The ${t} must be 5 or 9 digits.`,
    ssn: (t) => `The ${t} must be in the format xxx-xx-xxxx.`,
    npi: () => `The NPI doesn't exist`,
    'tax-id': (t) => `The ${t} must be 10 characters in the format xx-xxxxxxx.`,
    ein: (t) => `The ${t} must be 9 numbers.`,
    upin: (t) => `The ${t} must be 4 to 6 letters or digits.`,
    naic: (t) => `The ${t} must be 6 characters.`,
    ndc: (t) => `The ${t} must be in the format XXXXX-XXXX-XX.`,
    units: (t) => `The ${t} may have at most 8 integer digits and 3 decimals.`,
    'card-number': (t) => `The ${t} must be 16 digits.`,
    'card-expiry': (t) => `The ${t} must be in the format mm/yyyy.`,
    website: (t) => `The ${t} must be a valid website.`,
    state: (t) => `The ${t} must be a two-letter state code.`,
    'street-address': (t) => `The ${t} cannot be a PO box.`,
    'x12-id': (t) =>
      `The ${t} may hold only letters, digits, spaces and - . / (a clearing house reads * : ^ ~ as separators).`,
    invalid: (t) => `The ${t} format is invalid.`,
  },
  es: {
    required: (t) => `El campo ${t} es obligatorio.`,
    unknown: (_t, p) => `El campo ${p.field} no está permitido.`,
    maxLength: (t, p) => `El campo ${t} no puede tener más de ${p.limit} caracteres.`,
    minLength: (t, p) =>
      p.limit === 1 ? `El campo ${t} es obligatorio.` : `El campo ${t} debe tener al menos ${p.limit} caracteres.`,
    type: (t, p) =>
      `El campo ${t} debe ser ${p.type === 'integer' ? 'un número entero' : p.type === 'string' ? 'un texto' : p.type === 'boolean' ? 'verdadero o falso' : 'un número'}.`,
    enum: (t) => `El valor seleccionado de ${t} no es válido.`,
    maximum: (t, p) => `El campo ${t} no puede ser mayor que ${p.limit}.`,
    minimum: (t, p) => `El campo ${t} debe ser mayor que ${p.limit}.`,
    minItems: (t, p) => `El campo ${t} necesita al menos ${p.limit === 1 ? 'un elemento' : `${p.limit} elementos`}.`,
    maxItems: (t, p) => `El campo ${t} no puede tener más de ${p.limit} elementos.`,
    uniqueItems: (t) => `El campo ${t} no puede repetir un elemento.`,
    'us-date': (t) => `El campo ${t} no es una fecha válida (mm/dd/aaaa).`,
    email: (t) => `El campo ${t} debe ser un correo electrónico válido.`,
    phone: (t) => `El campo ${t} debe tener 10 dígitos con el formato xxx-xxx-xxxx.`,
    zip: (t) => `El campo ${t} debe tener 5 o 9 dígitos.`,
    ssn: (t) => `El campo ${t} debe tener el formato xxx-xx-xxxx.`,
    npi: () => `El NPI no existe`,
    'tax-id': (t) => `El campo ${t} debe tener 10 caracteres con el formato xx-xxxxxxx.`,
    ein: (t) => `El campo ${t} debe tener 9 números.`,
    upin: (t) => `El campo ${t} debe tener de 4 a 6 letras o dígitos.`,
    naic: (t) => `El campo ${t} debe tener 6 caracteres.`,
    ndc: (t) => `El campo ${t} debe tener el formato XXXXX-XXXX-XX.`,
    units: (t) => `El campo ${t} admite como máximo 8 dígitos enteros y 3 decimales.`,
    'card-number': (t) => `El campo ${t} debe tener 16 dígitos.`,
    'card-expiry': (t) => `El campo ${t} debe tener el formato mm/aaaa.`,
    website: (t) => `El campo ${t} debe ser un sitio web válido.`,
    state: (t) => `El campo ${t} debe ser un código de estado de dos letras.`,
    'street-address': (t) => `El campo ${t} no puede ser un apartado postal (PO box).`,
    'x12-id': (t) =>
      `El campo ${t} solo admite letras, dígitos, espacios y - . / (la cámara de compensación lee * : ^ ~ como separadores).`,
    invalid: (t) => `El formato del campo ${t} no es válido.`,
  },
};

/** The schema of a field by its path: properties by name, array items by index. */
function fieldAt(entity: Entity, path: string[]): FieldSchema | undefined {
  let node: Record<string, unknown> | undefined = { properties: entity.schema.properties };
  for (const part of path) {
    if (!node) return undefined;
    node = /^\d+$/.test(part)
      ? (node.items as Record<string, unknown> | undefined)
      : (node.properties as Record<string, Record<string, unknown>> | undefined)?.[part];
  }
  return node as FieldSchema | undefined;
}

/** ajv errors → { field: [messages] } in plain words with the field's title in the caller's language. */
export function fieldErrors(entity: Entity, errors: ErrorObject[], locale: Locale = 'en'): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const say = TEMPLATES[locale];
  const add = (field: string, msg: string) => (out[field] ??= []).includes(msg) || out[field].push(msg);
  for (const e of errors) {
    // Nested fields are named by their path (social_networks.0.network), so a form can place the message.
    const path = e.instancePath.split('/').slice(1);
    if (e.keyword === 'required') path.push((e.params as { missingProperty: string }).missingProperty);
    if (e.keyword === 'additionalProperties')
      path.push((e.params as { additionalProperty: string }).additionalProperty);
    if (e.keyword === 'if') continue;
    // Money past its limit says so once: the format error would only repeat it.
    if (
      e.keyword === 'format' &&
      (e.params as { format?: string }).format === 'money' &&
      errors.some((o) => o !== e && o.instancePath === e.instancePath)
    )
      continue;
    const field = path.join('.') || '_';
    // An item of a list of codes has no title of its own: it is named by its list ("condition codes").
    const titled =
      /^\d+$/.test(path[path.length - 1] ?? '') && !fieldAt(entity, path)?.title ? path.slice(0, -1) : path;
    const prop = fieldAt(entity, titled);
    const title = (
      (locale === 'es' ? prop?.['x-ui']?.label_es : undefined) ??
      prop?.title ??
      field.replace(/_/g, ' ')
    ).toLowerCase();
    const p: Record<string, unknown> = { ...(e.params as Record<string, unknown>), field };
    const key =
      e.keyword === 'additionalProperties'
        ? 'unknown'
        : e.keyword === 'exclusiveMinimum'
          ? 'minimum'
          : e.keyword === 'format'
            ? say[String(p.format)]
              ? String(p.format)
              : 'invalid'
            : say[e.keyword]
              ? e.keyword
              : 'invalid';
    add(field, say[key](title, p));
  }
  return out;
}
