import { loadCodeLists, type CodeList, type CodeListItem } from '../../src/platform/load-schemas.ts';

let lists: Map<string, CodeList> | undefined;
/** The items of a schemas/lists file, grouped or not, read once by the platform's loader. */
export function codeListFile(name: string): CodeListItem[] {
  lists ??= loadCodeLists(new URL('../../schemas/lists', import.meta.url).pathname);
  const list = lists.get(name);
  if (!list) throw new Error(`no code list ${name}`);
  return list.groups ? Object.values(list.groups).flat() : list.items;
}
