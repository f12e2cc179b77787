import { api } from '../session/api.ts';

const inFlight = new Map<string, Promise<unknown>>();

/**
 * A picker's choices, asked once however many pickers ask at the same moment: a claim's form opens with four provider
 * pickers (billing, rendering, referring, supervising) over the same list, which were four identical calls. Only calls in
 * flight are shared; a picker that opens later asks again and sees what changed since.
 */
export function sharedOptions<T>(source: string, query: Record<string, unknown>, ask = api): Promise<T> {
  const key = `${source}?${JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)))}`;
  let call = inFlight.get(key) as Promise<T> | undefined;
  if (!call) {
    call = ask<T>(source, { query }).finally(() => inFlight.delete(key));
    inFlight.set(key, call);
  }
  return call;
}
