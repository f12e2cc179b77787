import { useEffect } from 'react';
import { api } from '../session/api.ts';
import type { ClientEntity } from '../schema/entities.ts';

type Data = Record<string, unknown> | undefined;

/**
 * Lists a schema says to prefill (x-ui.prefill): once the field they depend on is chosen and the list holds no choice
 * yet, it gets the first one its source offers (a stay's policy, in force, when its patient is picked). A list the
 * person has filled is never touched; a choice changed meanwhile is not overwritten by a late answer.
 */
export function usePrefill(entity: ClientEntity, data: Data, setData: (update: (d: Data) => Data) => void): void {
  const lists = Object.entries(entity.schema.properties).flatMap(([name, f]) =>
    f['x-ui']?.prefill ? [{ name, ...f['x-ui'].prefill }] : [],
  );
  const chosen = (list: unknown, item: string) =>
    Array.isArray(list) && list.some((row) => (row as Record<string, unknown> | null)?.[item] != null);
  const key = lists.map((l) => `${String(data?.[l.dependsOn] ?? '')}:${chosen(data?.[l.name], l.itemField)}`).join('|');
  useEffect(() => {
    let live = true;
    for (const l of lists) {
      const parent = data?.[l.dependsOn];
      if (parent === undefined || parent === null || parent === '' || chosen(data?.[l.name], l.itemField)) continue;
      api<Array<{ id: number }>>(l.source, { query: { [l.dependsOn]: parent } })
        .then((choices) => {
          if (!live || !choices[0]) return;
          setData((d) =>
            d && d[l.dependsOn] === parent && !chosen(d[l.name], l.itemField)
              ? { ...d, [l.name]: [{ [l.itemField]: choices[0].id }] }
              : d,
          );
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
    // The lists' parents and whether each list holds a choice: nothing else starts a prefill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
