import type { EntitySchema, FieldSchema } from './entity.ts';

/**
 * A record's lines (a claim's service lines) are their own entity and table, but travel in the
 * parent's body. The parent's line field takes its item schema from the child entity — the fields a
 * person writes, with the child's required list — so the child schema is the one source for the
 * server's validation, the form and the types.
 */
export function withLines(
  schema: EntitySchema,
  entityOf: (name: string) => EntitySchema | undefined,
  where = '',
): EntitySchema {
  const lines = schema['x-resource'].lines;
  if (!lines?.length) return schema;
  const properties = { ...schema.properties };
  for (const line of lines) {
    const child = entityOf(line.entity);
    if (!child) throw new Error(`${where}: at /x-resource/lines: entity '${line.entity}' does not exist`);
    if (!properties[line.field] || properties[line.field].type !== 'array')
      throw new Error(`${where}: at /x-resource/lines: '${line.field}' must be an array property`);
    properties[line.field] = { ...properties[line.field], items: lineItemSchema(child, line.parent) };
  }
  return { ...schema, properties };
}

/** The fields of a line a person writes: everything but the id, the parent's id and computed (read-only) fields. */
export function lineItemSchema(child: EntitySchema, parentField: string): FieldSchema {
  const props = Object.fromEntries(
    Object.entries(child.properties).filter(([k, f]) => k !== 'id' && k !== parentField && !f.readOnly),
  );
  return {
    type: 'object',
    title: child.title,
    additionalProperties: false,
    required: (child.required ?? []).filter((r) => r in props),
    properties: props,
  } as FieldSchema;
}
