import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCodeLists, loadEntities } from '../../src/platform/load-schemas.ts';

// What every generated screen and export prints comes from these labels: a field without one would show its
// storage name (middle_name) to staff, in English or in Spanish.
const ROOT = new URL('../../schemas/', import.meta.url).pathname;
type Node = {
  title?: string;
  'x-ui'?: { label_es?: string; widget?: string };
  properties?: Record<string, Node>;
  items?: Node;
  readOnly?: boolean;
};

describe('labels people read', () => {
  it('every field of every entity, nested ones too, has an English title and a Spanish label', () => {
    const missing: string[] = [];
    const walk = (path: string, node: Node, named: boolean) => {
      if (named && (!node.title || !node['x-ui']?.label_es) && node['x-ui']?.widget !== 'hidden') missing.push(path);
      for (const [k, f] of Object.entries(node.properties ?? {})) walk(`${path}.${k}`, f, true);
      if (node.items?.properties)
        for (const [k, f] of Object.entries(node.items.properties)) walk(`${path}[].${k}`, f, true);
    };
    for (const e of loadEntities(join(ROOT, 'entities'))) {
      for (const [k, f] of Object.entries(e.schema.properties as Record<string, Node>))
        if (k !== 'id') walk(`${e.name}.${k}`, f, true);
    }
    expect(missing).toEqual([]);
  });

  it("every item of the product's own code lists, the X12 meanings too, has a Spanish name (official code sets keep the standard's words)", () => {
    const missing: string[] = [];
    const lists = [...loadCodeLists(join(ROOT, 'lists')), ...loadCodeLists(join(ROOT, 'lists', 'x12'))];
    for (const [name, list] of lists) {
      if ((list as { official?: boolean }).official) continue;
      for (const item of list.groups ? Object.values(list.groups).flat() : list.items)
        if (!item.name_es) missing.push(`${name}: ${String(item.id)}`);
    }
    expect(missing).toEqual([]);
  });
});
