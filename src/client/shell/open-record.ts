const KEY = (appName: string) => `open-record:${appName}`;
const EVENT = 'open-record';

/**
 * Opens a window on one record (a ledger row's claim, a search hit): a window not open yet reads it
 * when it mounts; one already open is told, and turns to the record.
 */
export function openRecord(openByName: (name: string) => void, appName: string, id: number): void {
  sessionStorage.setItem(KEY(appName), String(id));
  openByName(appName);
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { appName, id } }));
}

/** The record a window was asked to open when it mounted (read once). */
export function takeOpenedRecord(appName: string): number | null {
  const v = sessionStorage.getItem(KEY(appName));
  if (v) sessionStorage.removeItem(KEY(appName));
  return v ? Number(v) : null;
}

/** Calls back when this window is asked to open a record while it is open. */
export function onOpenRecord(appName: string, open: (id: number) => void): () => void {
  const listener = (e: Event) => {
    const d = (e as CustomEvent<{ appName: string; id: number }>).detail;
    if (d.appName !== appName) return;
    sessionStorage.removeItem(KEY(appName));
    open(d.id);
  };
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}

const FILTER_KEY = (appName: string) => `open-filter:${appName}`;
const FILTER_EVENT = 'open-filter';
export type ListFilter = Record<string, string | number | boolean>;

/** Opens a window on its list narrowed by a filter (the guidelines of a claim's payer), as openRecord does for a record. */
export function openFilteredList(openByName: (name: string) => void, appName: string, filter: ListFilter): void {
  sessionStorage.setItem(FILTER_KEY(appName), JSON.stringify(filter));
  openByName(appName);
  window.dispatchEvent(new CustomEvent(FILTER_EVENT, { detail: { appName, filter } }));
}

/** The filter a window was asked to open its list with when it mounted (read once). */
export function takeOpenedFilter(appName: string): ListFilter | null {
  const v = sessionStorage.getItem(FILTER_KEY(appName));
  if (v) sessionStorage.removeItem(FILTER_KEY(appName));
  return v ? (JSON.parse(v) as ListFilter) : null;
}

/** Calls back when this window is asked, while open, to show its list with a filter. */
export function onOpenFilteredList(appName: string, open: (filter: ListFilter) => void): () => void {
  const listener = (e: Event) => {
    const d = (e as CustomEvent<{ appName: string; filter: ListFilter }>).detail;
    if (d.appName !== appName) return;
    sessionStorage.removeItem(FILTER_KEY(appName));
    open(d.filter);
  };
  window.addEventListener(FILTER_EVENT, listener);
  return () => window.removeEventListener(FILTER_EVENT, listener);
}
