import { useEffect, useState } from 'react';
import { api } from '../../session/api.ts';

export interface Suggestion {
  value: string;
  label: string;
  price?: number;
}

/**
 * Look-up as you type: after a short pause, what a list endpoint answers for the text typed. The
 * answer feeds a datalist, so picking stays on the keyboard (arrows, Enter) like any input.
 */
export function useSuggestions(
  path: string | null,
  text: string,
  map: (row: Record<string, unknown>) => Suggestion,
  min = 2,
): Suggestion[] {
  const [items, setItems] = useState<Suggestion[]>([]);
  useEffect(() => {
    const q = text.trim();
    if (!path || q.length < min) {
      setItems([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api<Array<Record<string, unknown>> | { data: Array<Record<string, unknown>> }>(path, {
        query: { search: q, query: q, itemsPerPage: 20 },
      })
        .then((r) => {
          if (live) setItems((Array.isArray(r) ? r : r.data).map(map));
        })
        .catch(() => live && setItems([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // map is a pure mapping of the answer: it does not change what is asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, text, min]);
  return items;
}
