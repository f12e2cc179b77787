import { columnLabel, type Locale, type Translate } from '../i18n/i18n.ts';
import { entities, type ClientEntity, type FieldSchema } from '../schema/entities.ts';

/** A field of this entity, else of any entity (a command on an admission may answer with its claim's findings). */
function fieldNamed(entity: ClientEntity, name: string): FieldSchema | undefined {
  const own = entity.schema.properties[name] as FieldSchema | undefined;
  if (own) return own;
  for (const e of entities) {
    const f = e.schema.properties[name] as FieldSchema | undefined;
    if (f) return f;
  }
  return undefined;
}

/**
 * What a refusal's finding is about, in words: `services.2.price` → "Service lines, row 3: Price". The path is the
 * server's key for the field; a person reads the field's label (in their language), never the storage name.
 */
export function findingLabel(entity: ClientEntity, path: string, locale: Locale, t: Translate): string {
  const [top, index, sub] = path.split('.');
  const field = fieldNamed(entity, top);
  const label = columnLabel(field, top, locale, t);
  if (index === undefined || !/^\d+$/.test(index)) return label;
  const row = t('record.finding_row', { row: Number(index) + 1 });
  if (!sub) return `${label}, ${row}`;
  // A row's field: in the array's own items, else in the entity its rows are (a claim's services are claim-service).
  const items = (field as { items?: { properties?: Record<string, FieldSchema> } } | undefined)?.items;
  const rows = entity.resource.lines?.find((l) => l.field === top);
  const rowEntity = rows ? entities.find((e) => e.name === rows.entity) : undefined;
  const subField =
    items?.properties?.[sub] ??
    (rowEntity?.schema.properties[sub] as FieldSchema | undefined) ??
    fieldNamed(entity, sub);
  return `${label}, ${row}: ${columnLabel(subField, sub, locale, t)}`;
}
