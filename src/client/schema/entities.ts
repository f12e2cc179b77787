import type { EntitySchema, FieldSchema, ResourceMeta } from '../../platform/entity.ts';
import { codeListLabel, withCodeLists } from '../../platform/code-list-fields.ts';
import type { CodeList } from '../../platform/load-schemas.ts';
import type { StateMachine } from '../../platform/state-machine.ts';
import { withLines } from '../../platform/lines.ts';

/** Every entity schema, read at build time: the client's screens come from these files alone. */
const files = import.meta.glob('../../../schemas/entities/*.schema.json', { eager: true, import: 'default' }) as Record<
  string,
  EntitySchema
>;

const listFiles = import.meta.glob('../../../schemas/lists/*.json', { eager: true, import: 'default' }) as Record<
  string,
  CodeList
>;
/** The code lists by file name (address-types…): choices and their names for fields that name one. */
export const codeLists = new Map(
  Object.entries(listFiles).map(([path, list]) => [path.split('/').pop()!.replace('.json', ''), list]),
);

/** The name people read for a code list's id, in their language where the list has one ("P - Primary"). */
export function codeListName(list: string, id: unknown, locale: 'en' | 'es'): string {
  const items = codeLists.get(list);
  const all = items ? (items.groups ? Object.values(items.groups).flat() : items.items) : [];
  const item = all.find((i) => i.id === id);
  return item ? codeListLabel(item, locale) : String(id);
}

export interface ClientEntity {
  name: string;
  schema: EntitySchema;
  resource: ResourceMeta;
}

/** The machine a state field follows: its cells show coloured state names (the client keeps it beside the field). */
const MACHINE = Symbol('state machine');
type WithMachine = FieldSchema & { [MACHINE]?: StateMachine };
export const stateMachineOf = (field: FieldSchema) => (field as WithMachine)[MACHINE];

function withStateField(schema: EntitySchema): EntitySchema {
  const m = schema['x-states'];
  if (!m) return schema;
  const field: WithMachine = { ...schema.properties[m.field], [MACHINE]: m };
  return { ...schema, properties: { ...schema.properties, [m.field]: field } };
}

const loaded: ClientEntity[] = Object.entries(files)
  .map(([path, file]) => ({
    name: path.split('/').pop()!.replace('.schema.json', ''),
    schema: withStateField(withCodeLists(file, (n) => codeLists.get(n), path)),
    resource: file['x-resource'],
  }))
  .sort((a, b) => a.name.localeCompare(b.name));
// A record's lines (a claim's services) take their item schema from the line entity, as on the server.
export const entities: ClientEntity[] = loaded.map((e) => ({
  ...e,
  schema: withLines(e.schema, (n) => loaded.find((x) => x.name === n)?.schema, e.name),
}));

export const entityByName = (name: string) => entities.find((e) => e.name === name);
export const entityByMenu = (menuName: string) =>
  entities.find(
    (e) =>
      e.resource.menu?.name === menuName ||
      (menuName === 'My Billing Company Management' && e.name === 'billing-company'),
  );
/** The entity that owns a table (a view over claims never stands for them). */
export const entityOfTable = (table: string | undefined) =>
  table ? entities.find((e) => e.resource.table === table && !e.resource.viewOf) : undefined;
export const entityByModule = (module: string) =>
  entities.find((e) => e.resource.module === module || e.resource.searchFilter === module);

export type { FieldSchema };

export { orderedFields } from '../../platform/form-schema.ts';

/** The status field and its change-status path, if the entity has one. */
export const statusOf = (e: ClientEntity) =>
  e.resource.status ? { field: e.resource.status.field, path: e.resource.status.paths[0] } : null;
