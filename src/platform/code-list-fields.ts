import type { CodeList } from './load-schemas.ts';

type Node = Record<string, unknown> & {
  'x-ui'?: { codeList?: string };
  items?: Node;
  properties?: Record<string, Node>;
};

/** How people read a list item: "code - name" where the code says something the name does not, in their language where the list has it. */
export function codeListLabel(item: { code?: string; name: string; name_es?: string }, locale: string = 'en'): string {
  const name = (locale === 'es' && item.name_es) || item.name;
  return item.code && item.code !== item.name ? `${item.code} - ${name}` : name;
}

/** Every id of a list, grouped or not (a retired item stays valid on old records). */
export const codeListIds = (list: CodeList) =>
  (list.groups ? Object.values(list.groups).flat() : list.items).map((i) => i.id);

/**
 * A field that names a code list (x-ui.codeList) takes the list's ids as its enum — the list file is
 * the one source of the allowed values, for the server's validation and the form's choices alike.
 * An array field names the list for its items. Answers a copy; the schema file is left as written.
 */
export function withCodeLists<T extends object>(
  schema: T,
  listOf: (name: string) => CodeList | undefined,
  where = '',
): T {
  const walk = (node: Node, path: string): Node => {
    const out: Node = { ...node };
    const name = node['x-ui']?.codeList;
    if (name) {
      const list = listOf(name);
      if (!list) throw new Error(`${where}: at ${path}: code list '${name}' does not exist in schemas/lists`);
      if (node.type === 'array') out.items = { ...(node.items ?? {}), enum: codeListIds(list) };
      else out.enum = codeListIds(list);
    }
    if (node.properties)
      out.properties = Object.fromEntries(
        Object.entries(node.properties).map(([k, v]) => [k, walk(v, `${path}/properties/${k}`)]),
      );
    if (node.items && !name) out.items = walk(node.items, `${path}/items`);
    return out;
  };
  return walk(schema as Node, '') as T;
}
