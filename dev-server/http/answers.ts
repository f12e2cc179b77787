/**
 * What a hand-written route answers, declared beside it like its permission. The OpenAPI document
 * publishes it (generators/openapi.ts), and under the tests every JSON answer is checked against it
 * (answer-check.ts), so a declaration cannot drift from what the code sends.
 *
 * Shapes are written small: `{ id: 'integer', name: 'string', 'note?': 'string?' }` is an object
 * whose id and name are always there and whose note may be absent (key ending in ?) or null (type
 * ending in ?); `[shape]` is a list of it; `record('claim')` one of an entity's records. Objects
 * name what a client may rely on; they may carry more.
 */
export type JsonSchema = { [keyword: string]: unknown };

/** A ready JSON Schema inside a shape (an entity's record, a list of picker items). */
export class Schema {
  constructor(readonly json: JsonSchema) {}
}

type Primitive = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'any';
export type Shape = `${Primitive}` | `${Primitive}?` | Schema | Shape[] | { [key: string]: Shape };

export type Answer =
  | { kind: 'json'; schema: JsonSchema; description: string }
  | { kind: 'file'; mediaTypes: string[]; description: string }
  | { kind: 'empty'; description: string };

export function schemaOf(shape: Shape): JsonSchema {
  if (shape instanceof Schema) return shape.json;
  if (Array.isArray(shape)) return { type: 'array', items: shape.length ? schemaOf(shape[0]) : {} };
  if (typeof shape === 'string') {
    const nullable = shape.endsWith('?');
    const type = shape.replace(/\?$/, '');
    if (type === 'any') return {};
    return { type: nullable ? [type, 'null'] : type };
  }
  const entries = Object.entries(shape);
  return {
    type: 'object',
    required: entries.filter(([k]) => !k.endsWith('?')).map(([k]) => k),
    properties: Object.fromEntries(entries.map(([k, v]) => [k.replace(/\?$/, ''), schemaOf(v)])),
  };
}

/** A JSON answer of this shape. */
export const json = (shape: Shape, description = 'Done'): Answer => ({
  kind: 'json',
  schema: schemaOf(shape),
  description,
});

/** A file streamed out (a PDF, an X12 file, a CSV). */
export const file = (mediaTypes: string[], description = 'The file'): Answer => ({
  kind: 'file',
  mediaTypes,
  description,
});

/** Nothing: 204, or a stream of events. */
export const empty = (description = 'No content'): Answer => ({ kind: 'empty', description });

/** One record of an entity as the store reads it (its schema's fields, null where not filled, and what it adds). */
export const record = (entity: string) => new Schema({ $ref: `#/components/schemas/${entity}Record` });

/** Picker items: [{id, name}]. */
export const idNames = new Schema({ type: 'array', items: { $ref: '#/components/schemas/ListItem' } });

/** A sentence for the person (translated on the way out), with what else the act answers. */
export const message = (rest: { [key: string]: Shape } = {}): Answer => json({ message: 'string', ...rest });

/** A page of a list: its rows, how many match in all and how many pages that makes. */
export const page = (row: Shape, rest: { [key: string]: Shape } = {}): Shape => ({
  data: [row],
  count: 'integer',
  numberOfPages: 'integer',
  ...rest,
});

/** One field of an entity's record (a list kept inside it, such as a company's services). */
export const fieldOf = (entity: string, field: string) =>
  new Schema({ $ref: `#/components/schemas/${entity}Record/properties/${field}` });

/** A shape, or null in its place (a plan not chosen, a registry that did not answer). */
export const maybe = (shape: Shape) => new Schema({ anyOf: [schemaOf(shape), { type: 'null' }] });
