import { hasOwnerColumn, type Entity, type FieldSchema } from './entity.ts';
import { actionSlug } from './route-plan.ts';

/** Every field of a schema, with those inside its arrays and objects (a claim's lines, a patient's addresses). */
function* allFields(properties: Record<string, FieldSchema> | undefined): Generator<FieldSchema> {
  for (const field of Object.values(properties ?? {})) {
    yield field;
    const items = field.items as FieldSchema | undefined;
    yield* allFields(field.properties as Record<string, FieldSchema> | undefined);
    if (items) {
      yield items;
      yield* allFields(items.properties as Record<string, FieldSchema> | undefined);
    }
  }
}

/**
 * Who may read a record's name: the view permission of the record's own entity, and that of every entity with a field
 * pointing at it (a reference to its table, or a picker reading its get-list). A payment processor who may list
 * payment batches reads the names of the companies and payers they name, in cells and pickers, while the company's
 * full record stays behind company.view. One rule from the schemas, not a grant per role: a new reference field
 * makes its target's names readable to whoever reads the field.
 */
export function nameReaders(entities: Entity[]): Map<string, string[]> {
  const byTable = new Map(entities.filter((e) => !e.resource.viewOf).map((e) => [e.resource.table, e]));
  const byPicker = new Map(entities.map((e) => [`/${e.resource.basePath}/get-list`, e]));
  const readers = new Map(entities.map((e) => [e.name, new Set([actionSlug(e.resource, 'view')])]));
  const billingCompany = byTable.get('billing_companies');
  for (const pointing of entities) {
    const slug = actionSlug(pointing.resource, 'view');
    // A record of a billing company names it (the column the platform adds, not a field of the schema).
    if (billingCompany && hasOwnerColumn(pointing.resource)) readers.get(billingCompany.name)!.add(slug);
    for (const field of allFields(pointing.schema.properties)) {
      const target = byTable.get(field['x-db']?.references ?? '') ?? byPicker.get(field['x-ui']?.source ?? '');
      if (target) readers.get(target.name)!.add(slug);
    }
  }
  return new Map([...readers].map(([name, slugs]) => [name, [...slugs]]));
}
