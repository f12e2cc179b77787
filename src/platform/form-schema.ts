import { hasOwnerColumn, type BulkAct, type EntitySchema, type FieldSchema, type ResourceMeta } from './entity.ts';

/** What a form needs of an entity: its schema and its resource's metadata. */
export interface FormEntity {
  name: string;
  schema: EntitySchema;
  resource: ResourceMeta;
}

/** The JSON Schema a form validates against: plain JSON, the same in the generator and in the browser. */
export type FormSchema = Record<string, unknown> & { $id: string; properties: Record<string, unknown> };

/** An entity's fields in the order its x-ui.order gives (the file's order otherwise), those `keep` says. */
export function orderedFields(
  e: { schema: EntitySchema },
  keep: (name: string, f: FieldSchema) => boolean = () => true,
): Array<[string, FieldSchema]> {
  const all = Object.entries(e.schema.properties).filter(([n, f]) => keep(n, f));
  return all
    .map((x, i) => [x, i] as const)
    .sort((a, b) => (a[0][1]['x-ui']?.order ?? 1000 + a[1]) - (b[0][1]['x-ui']?.order ?? 1000 + b[1]))
    .map(([x]) => x);
}

/** Whether a Super User's form differs from staff's: it picks the billing company (or companies) of the record. */
const differsForSuperUser = (e: FormEntity) =>
  hasOwnerColumn(e.resource) || Boolean(e.schema.properties.billing_company_ids);

/** The name of the form a person gets for the entity. */
export const formId = (e: FormEntity, superUser: boolean) =>
  `form:${e.name}:${superUser && differsForSuperUser(e) ? 'super' : 'staff'}`;

/**
 * The form of a record: its writable fields (without the platform's x- keywords) and what it requires; a Super User
 * also picks the billing company of a tenant-owned record. `$id` names it, so the validator compiled for it at build
 * time (npm run generate: the browser compiles no code, its Content-Security-Policy forbids it) is found again.
 */
export function formSchema(entity: FormEntity, superUser: boolean, id = formId(entity, superUser)): FormSchema {
  const properties: Record<string, unknown> = {};
  const pickCompany = hasOwnerColumn(entity.resource) && superUser;
  if (pickCompany) properties.billing_company_id = { type: 'integer' };
  for (const [name, field] of orderedFields(entity, (_n, f) => !f.readOnly)) {
    const { 'x-ui': _u, 'x-list': _l, 'x-db': _d, ...plain } = field;
    properties[name] = plain;
  }
  const required = (entity.schema.required ?? []).filter(
    (r) => r in properties && !(r === 'billing_company_ids' && !superUser),
  );
  if (pickCompany) required.push('billing_company_id');
  return {
    $id: id,
    type: 'object',
    properties,
    required,
    ...(entity.schema.allOf ? { allOf: entity.schema.allOf } : {}),
  };
}

/** The entity narrowed to the fields a bulk change sets, each optional and writable. */
export function bulkFormEntity<E extends FormEntity>(entity: E, bulk: BulkAct): E {
  const properties = Object.fromEntries(
    bulk.fields.map((f) => [f, { ...entity.schema.properties[f], readOnly: false }]),
  );
  return {
    ...entity,
    resource: { ...entity.resource, tenancy: 'global' },
    schema: { ...entity.schema, required: [], properties },
  };
}

/** The name of a bulk change's form. */
export const bulkFormId = (entity: FormEntity, bulk: BulkAct) => `form:${entity.name}:bulk:${bulk.path}`;

/** A bulk change's form: only the fields it sets. */
export const bulkFormSchema = (entity: FormEntity, bulk: BulkAct): FormSchema =>
  formSchema(bulkFormEntity(entity, bulk), false, bulkFormId(entity, bulk));

/** Every form an entity has: staff's, a Super User's (when it differs), and one per bulk change with fields. */
export function formVariants(entity: FormEntity): FormSchema[] {
  return [
    formSchema(entity, false),
    ...(differsForSuperUser(entity) ? [formSchema(entity, true)] : []),
    ...(entity.resource.bulk ?? []).filter((b) => b.fields.length).map((b) => bulkFormSchema(entity, b)),
  ];
}
