import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAjv } from './ajv.ts';
import type { Entity, EntitySchema } from './entity.ts';
import { withCodeLists } from './code-list-fields.ts';
import { machineProblems } from './state-machine.ts';
import { withLines } from './lines.ts';

export class SchemaFileError extends Error {}

const metaPath = new URL('../../schemas/meta/entity.meta.schema.json', import.meta.url);

/** Reads every schemas/entities/*.schema.json, checks it against the meta-schema and fails with file and JSON path. */
export function loadEntities(entitiesDir: string, listsDir = join(entitiesDir, '..', 'lists')): Entity[] {
  const ajv = createAjv();
  const lists = loadCodeLists(listsDir);
  const validateMeta = ajv.compile(JSON.parse(readFileSync(metaPath, 'utf8')));
  const entities: Entity[] = [];
  for (const fileName of readdirSync(entitiesDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const file = join(entitiesDir, fileName);
    let schema: EntitySchema;
    try {
      schema = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new SchemaFileError(`${file}: not valid JSON (${(e as Error).message})`);
    }
    if (!validateMeta(schema)) {
      const err = validateMeta.errors![0];
      const extra = err.params && 'additionalProperty' in err.params ? ` '${err.params.additionalProperty}'` : '';
      throw new SchemaFileError(`${file}: at ${err.instancePath || '/'}: ${err.message}${extra}`);
    }
    schema = withCodeLists(schema, (name) => lists.get(name), file);
    for (const req of schema.required ?? []) {
      if (!schema.properties[req]) throw new SchemaFileError(`${file}: at /required: '${req}' is not a property`);
    }
    try {
      ajv.compile(schema);
    } catch (e) {
      throw new SchemaFileError(`${file}: ${(e as Error).message}`);
    }
    const states = schema['x-states'];
    if (states) {
      const problems = machineProblems(states);
      const field = schema.properties[states.field];
      if (!field || field.type !== 'integer' || !field.readOnly)
        problems.push(`field '${states.field}' must be a read-only integer property (it changes only by transitions)`);
      if (problems.length) throw new SchemaFileError(`${file}: at /x-states: ${problems.join('; ')}`);
    }
    for (const ix of schema['x-resource'].indexes ?? []) {
      const unknown = [...ix.columns, ...(ix.include ?? [])].filter((c) => !schema.properties[c]);
      if (unknown.length)
        throw new SchemaFileError(
          `${file}: at /x-resource/indexes: ${unknown.map((c) => `'${c}'`).join(', ')} is not a property`,
        );
    }
    if (
      schema['x-resource'].appendOnly &&
      (schema['x-resource'].delete || schema['x-resource'].status || schema['x-resource'].fieldUpdates)
    ) {
      throw new SchemaFileError(
        `${file}: at /x-resource: an append-only entity has no delete, status toggle or field updates`,
      );
    }
    const code = schema.properties.code;
    if (schema['x-resource'].codeTemplate && (!code || code.type !== 'string' || !code.readOnly)) {
      throw new SchemaFileError(
        `${file}: at /x-resource/codeTemplate: the entity needs a read-only string property 'code' to hold it`,
      );
    }
    entities.push({
      name: fileName.replace(/\.schema\.json$/, ''),
      file,
      schema,
      resource: schema['x-resource'],
      states,
    });
  }
  // Lines travel in their parent's body: the parent's field takes the child entity's item schema.
  for (const e of entities) {
    if (!e.resource.lines) continue;
    try {
      e.schema = withLines(e.schema, (name) => entities.find((x) => x.name === name)?.schema, e.file);
    } catch (err) {
      throw new SchemaFileError((err as Error).message);
    }
    e.resource = e.schema['x-resource'];
  }
  const seen = new Map<string, string>();
  for (const e of entities) {
    for (const key of [
      ...(e.resource.viewOf ? [] : [`table:${e.resource.table}`]),
      `base:${e.resource.basePath}`,
      `module:${e.resource.module}`,
    ]) {
      if (seen.has(key)) throw new SchemaFileError(`${e.file}: ${key} is already used by ${seen.get(key)}`);
      seen.set(key, e.file);
    }
  }
  return entities;
}

export interface CodeListItem {
  id: number | string;
  code?: string;
  name: string;
  /** the name in Spanish, where the list gives one */ name_es?: string;
  /** false: kept for old records, not offered */ public?: boolean;
}
/** A code list; groups when the list answers several named lists at once (policy types: general and secondary). */
export interface CodeList {
  name: string;
  items: CodeListItem[];
  groups?: Record<string, CodeListItem[]>;
}

export function loadCodeLists(listsDir: string): Map<string, CodeList> {
  const lists = new Map<string, CodeList>();
  if (!existsSync(listsDir)) return lists;
  for (const f of readdirSync(listsDir).filter((n) => n.endsWith('.json'))) {
    lists.set(f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(listsDir, f), 'utf8')));
  }
  return lists;
}

let productCodeListsCache: Map<string, CodeList> | null = null;
/** The product's own code lists (schemas/lists), read once: for the server's look-ups outside an app's load. */
export function productCodeLists(): Map<string, CodeList> {
  productCodeListsCache ??= loadCodeLists(new URL('../../schemas/lists', import.meta.url).pathname);
  return productCodeListsCache;
}

let x12CodeListsCache: Map<string, CodeList> | null = null;
/** The X12 code lists (schemas/lists/x12): the meanings of what payers send, for reading kept answers in Spanish. */
export function x12CodeLists(): Map<string, CodeList> {
  x12CodeListsCache ??= loadCodeLists(new URL('../../schemas/lists/x12', import.meta.url).pathname);
  return x12CodeListsCache;
}

let productEntitiesCache: Entity[] | null = null;
/** The product's own entities (schemas/entities), read once: for work outside a request (jobs). */
export function productEntities(): Entity[] {
  productEntitiesCache ??= loadEntities(new URL('../../schemas/entities', import.meta.url).pathname);
  return productEntitiesCache;
}
