import type { StateMachine } from './state-machine.ts';

// The shape of an entity schema file, as the meta-schema (schemas/meta) allows it.
export interface FieldSchema {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  title: string;
  format?: string;
  readOnly?: boolean;
  default?: unknown;
  enum?: unknown[];
  maxLength?: number;
  'x-ui'?: {
    widget?: string;
    order?: number;
    section?: string;
    label_es?: string;
    /** a line under the field saying what it is for (its label stays short enough to read whole) */
    help?: string;
    help_es?: string;
    placeholder?: string;
    /** a schemas/lists file whose ids are the allowed values */ codeList?: string;
    /** a picker whose choices follow another field */ dependsOn?: string;
    /**
     * a list left empty is filled with the first choice its source offers (?{dependsOn}=…) once dependsOn is chosen:
     * a stay's policy when its patient is picked
     */
    prefill?: { source: string; dependsOn: string; itemField: string };
    /** the API path a search-select widget asks (?query) for its choices */ source?: string;
    /**
     * the row field that carries the referenced record's name (the API answers it with the row), shown instead of
     * asking the referenced list, which the reader's role may not be allowed to list
     */
    nameFrom?: string;
    /**
     * may hold a sentence the system wrote (src/domain/history-notes.ts): kept in English, answered in the reader's
     * language; a person's own words are answered as written
     */
    systemWords?: true;
    /** findings kept as catalogue codes with their parameters, answered in the reader's language */
    problems?: true;
    /** asked for (and sent) only while these fields have these values */ visibleWhen?: Record<
      string,
      string | number | boolean
    >;
  };
  'x-list'?: {
    column?: boolean;
    sortable?: boolean;
    filter?: 'text' | 'equals' | 'boolean' | 'date-range' | 'number' | 'number-range' | 'contains';
    searchable?: boolean;
    /** a money column is summed over the whole list unless false */ sum?: boolean;
  };
  'x-db'?: {
    index?: boolean;
    unique?: true | 'case-insensitive';
    uniqueMessage?: string;
    references?: string;
    virtual?: boolean;
    /** ssn, card: the typed value is kept only as {name}_hash (look-ups) and {name}_last4 (shown) */
    protect?: 'ssn' | 'card' | 'encrypt';
    /** a column never read back into answers (an SSN's look-up hash) */
    secret?: boolean;
    /** a column the database computes from others (an SQL expression over this table's columns): read, never written */
    generated?: string;
  };
  [keyword: string]: unknown;
}

/** A change made to many records of a list at once (its fields), or an act on them when it has none (ask their payers). */
export interface BulkAct {
  path: string;
  action: string;
  label: string;
  label_es?: string;
  fields: string[];
}

export interface ResourceMeta {
  module: string;
  basePath: string;
  table: string;
  displayName: string;
  /**
   * member: rows (users) belong to billing companies through billing_company_users; shared: a code
   * table whose rows without a billing company are the shipped set every billing company reads, and
   * whose rows with one are that billing company's own (the CPT codes it licenses and bills).
   */
  tenancy: 'global' | 'billing-company' | 'self' | 'member' | 'shared';
  /** the table is made by a core (hand-written) migration; the generator only adds the schema's columns */
  coreTable?: boolean;
  /** route kinds a hand-written router serves instead of the generic one (still planned and documented) */
  handWritten?: Array<'list' | 'getList' | 'show' | 'create' | 'update' | 'changeStatus' | 'delete' | 'transition'>;
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
  /** the record's screen offers its conversations in Messenger, as threads about this kind of record */
  messenger?: 'claim' | 'patient' | 'payment';
  /** the code a new record is given from its id (PB-{id:8} → PB-00000042); the field `code` is read-only */
  codeTemplate?: string;
  /** search ignores hyphens on both sides (SSNs, phone numbers, medical record numbers) */
  searchStripsHyphens?: boolean;
  /**
   * A name key (the last name, then the first): across every billing company a search of words matches
   * the start of this key, as a master patient index is searched, and sorting by its first field walks its index.
   */
  nameKey?: { fields: string[] };
  /** asked before a create (GET /{basePath}/{path} with these fields): the same person or thing may already be here */
  duplicateCheck?: { path: string; fields: string[] };
  /** the permission slug of an action when it is not {permission}.{action}: one rule per permission, whichever route serves the data */
  actions?: Record<string, string>;
  /** official code-set releases a Super User may import from the list (a job with progress) */
  codeSetImports?: Array<'icd10cm' | 'hcpcs' | 'taxonomy' | 'pos' | 'carc' | 'rarc'>;
  /** a record is a patient's protected health information: every read of one is recorded (who, when, from where; not what it holds) */
  phi?: boolean;
  /** its screen offers who read or changed the person's records (GET {basePath}/{id}/accesses): HIPAA's accounting */
  accesses?: boolean;
  /** rows are never updated or deleted (payments, adjustments, ledger entries): a correction is a reversing row */
  appendOnly?: boolean;
  /** files brought into the list through the upload queue (kind), then taken in by a POST to `then` */
  fileImports?: Array<{
    label: string;
    label_es?: string;
    kind: 'era' | 'eob' | 'upload';
    accept?: string;
    action: string;
    then: string;
  }>;
  /** the order a list opens in (the denial worklist: most money first); id ascending otherwise */
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  /** a read-only view over another entity's rows (the denial worklist over claims): no table of its own, every route hand-written */
  viewOf?: string;
  /** a change made to many records of the list at once (the denial worklist's assign, sub-status, follow-up): POST {basePath}/{path} {ids, …fields}, answering {updated, failed[{id, error}]} */
  bulk?: BulkAct[];
  /** a new record's starting values asked of the server (GET {basePath}/{path} with the fields its parent screen sets): a tracking's claim number and policy from its claim */
  createDefaults?: string;
  /** rows only the product writes (a log): no create, update or delete route */
  systemWritten?: boolean;
  /** records of another entity shown on this one's screen: the child's field holding this record's id */
  children?: Array<{ entity: string; field: string; label: string; label_es?: string; addAfterCreate?: boolean }>;
  /** rows of another entity written with this record in one transaction (a claim's service lines): body field → child entity */
  lines?: Array<{ entity: string; field: string; parent: string }>;
  /** rows written only with their parent record: read routes only */
  lineOf?: { entity: string; field: string };
  /** operations offered as buttons on the record's screen (hand-written routes), with the states they apply in */
  commands?: Array<{
    path: string;
    method: 'get' | 'post' | 'put' | 'patch';
    label: string;
    label_es?: string;
    action: string;
    when?: Record<string, Array<string | number | boolean>>;
    /** the JSON body; '{id}' in a value is the record's id */ body?: Record<string, unknown>;
    /**
     * file: a document opened in a new tab; letter: a letter read and edited first (`{path}/text` answers its text),
     * then the command posts `{text}` and opens the PDF; job: progress shown until it ends; message: the answer's
     * message shown; draft: a new record's values for the app `opens`
     */
    result?: 'record' | 'file' | 'letter' | 'job' | 'message' | 'dialog' | 'draft';
    /** with result dialog: the registered dialog */ dialog?: string;
    /** with result draft: the app (its menu name) whose new-record form the answer fills */ opens?: string;
  }>;
  /** the states in which a record may be edited: Edit is offered only then (the server refuses the rest) */
  editableWhen?: Record<string, Array<string | number | boolean>>;
  /** composite indexes a list needs: columns after the tenant's, and columns carried so counts and sums read the index alone */
  indexes?: Array<{ columns: string[]; include?: string[] }>;
  /** extra submit buttons of the form: a hand-written route that takes the same body (save and verify) */
  formActions?: Array<{
    label: string;
    label_es?: string;
    action: string;
    create: { method: 'post' | 'put'; path: string };
    edit: { method: 'post' | 'put'; path: string };
  }>;
}

export interface EntitySchema {
  $schema: string;
  title: string;
  type: 'object';
  required?: string[];
  additionalProperties?: false;
  'x-resource': ResourceMeta;
  /** a declared state machine over one integer field */
  'x-states'?: StateMachine;
  /** conditional requirements (if/then), e.g. user_id when applies_to is user */
  allOf?: object[];
  properties: Record<string, FieldSchema>;
}

export interface Entity {
  /** file name without .schema.json, e.g. billing-company */
  name: string;
  file: string;
  schema: EntitySchema;
  resource: ResourceMeta;
  /** the schema's x-states, when it declares one */
  states?: StateMachine;
}

/** Whether rows carry a billing_company_id column: always for billing-company rows, null for a shared table's shipped rows. */
export const hasOwnerColumn = (resource: Pick<ResourceMeta, 'tenancy'>) =>
  resource.tenancy === 'billing-company' || resource.tenancy === 'shared';
