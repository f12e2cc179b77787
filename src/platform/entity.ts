// The shape of an entity schema file, as the meta-schema (schemas/meta) allows it.
export interface FieldSchema {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  title: string;
  format?: string;
  readOnly?: boolean;
  default?: unknown;
  enum?: unknown[];
  maxLength?: number;
  'x-ui'?: { widget?: string; order?: number; section?: string; label_es?: string; placeholder?: string };
  'x-list'?: { column?: boolean; sortable?: boolean; filter?: 'text' | 'equals' | 'boolean' | 'date-range' | 'number'; searchable?: boolean };
  'x-db'?: { index?: boolean; unique?: true | 'case-insensitive'; uniqueMessage?: string; money?: boolean; references?: string };
  [keyword: string]: unknown;
}

export interface ResourceMeta {
  module: string;
  basePath: string;
  table: string;
  displayName: string;
  tenancy: 'global' | 'billing-company' | 'self';
  permission: string;
  label_es?: string;
  menu?: { name: string; category: string; route: string; window?: { width?: number; height?: number } };
  status?: { field: string; paths: Array<'change-status/{id}' | '{id}/change-status'> };
  createPaths?: string[];
  /** permission action that allows DELETE; absent means the entity cannot be deleted */
  delete?: string;
  getBy?: Array<{ path: string; field: string; notFound?: string }>;
  fieldUpdates?: Array<{ path: string; fields: string[] }>;
  lists?: Record<string, string>;
  duplicateMessage?: string;
  searchFilter?: string;
}

export interface EntitySchema {
  $schema: string;
  title: string;
  type: 'object';
  required?: string[];
  additionalProperties?: false;
  'x-resource': ResourceMeta;
  properties: Record<string, FieldSchema>;
}

export interface Entity {
  /** file name without .schema.json, e.g. billing-company */
  name: string;
  file: string;
  schema: EntitySchema;
  resource: ResourceMeta;
}
