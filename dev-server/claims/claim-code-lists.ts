import { productCodeLists, type CodeListItem } from '../../src/platform/load-schemas.ts';

/** The items of a schemas/lists file, grouped or not, read once by the platform's loader. */
export function codeListFile(name: string): CodeListItem[] {
  const list = productCodeLists().get(name);
  if (!list) throw new Error(`no code list ${name}`);
  return list.groups ? Object.values(list.groups).flat() : list.items;
}

/** The X12 code an item of a list carries (an ins type's, a relationship's), by its id. */
export const codeOf = (list: string, id: unknown): string | undefined =>
  (codeListFile(list).find((i) => i.id === id) as { code?: string } | undefined)?.code;

/** The id of the item of a list that carries an X12 code (a relationship's 19), the reverse of codeOf. */
export const idOfCode = (list: string, code: string | undefined): number | undefined =>
  code === undefined
    ? undefined
    : (codeListFile(list).find((i) => (i as { code?: string }).code === code)?.id as number);
