import { readFileSync } from 'node:fs';
import type { CodeList, CodeListItem } from '../../src/platform/load-schemas.ts';

const cache = new Map<string, CodeListItem[]>();
/** The items of a schemas/lists file, read once. */
export function codeListFile(name: string): CodeListItem[] {
  let items = cache.get(name);
  if (!items) {
    const list = JSON.parse(readFileSync(new URL(`../../schemas/lists/${name}.json`, import.meta.url), 'utf8')) as CodeList;
    items = list.groups ? Object.values(list.groups).flat() : list.items;
    cache.set(name, items);
  }
  return items;
}
