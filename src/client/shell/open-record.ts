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
