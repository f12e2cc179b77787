export type ListFilter = Record<string, string | number | boolean>;

/**
 * One way of asking a window to turn to something (a record, a filtered list, a new record's form): a window
 * not open yet reads it when it mounts (from sessionStorage, once); one already open is told by an event.
 */
function channel<T>(name: string) {
  const key = (appName: string) => `${name}:${appName}`;
  return {
    open(openByName: (name: string) => void, appName: string, value: T): void {
      sessionStorage.setItem(key(appName), JSON.stringify(value));
      openByName(appName);
      window.dispatchEvent(new CustomEvent(name, { detail: { appName, value } }));
    },
    take(appName: string): T | null {
      const v = sessionStorage.getItem(key(appName));
      if (v) sessionStorage.removeItem(key(appName));
      return v ? (JSON.parse(v) as T) : null;
    },
    on(appName: string, open: (value: T) => void): () => void {
      const listener = (e: Event) => {
        const d = (e as CustomEvent<{ appName: string; value: T }>).detail;
        if (d.appName !== appName) return;
        sessionStorage.removeItem(key(appName));
        open(d.value);
      };
      window.addEventListener(name, listener);
      return () => window.removeEventListener(name, listener);
    },
  };
}

const records = channel<number>('open-record');
const filters = channel<ListFilter>('open-filter');
const drafts = channel<Record<string, unknown>>('open-draft');

/** Opens a window on one record (a ledger row's claim, a search hit). */
export const openRecord = records.open;
/** The record a window was asked to open when it mounted (read once). */
export const takeOpenedRecord = records.take;
/** Calls back when this window is asked to open a record while it is open. */
export const onOpenRecord = records.on;

/** Opens a window on its list narrowed by a filter (the guidelines of a claim's payer). */
export const openFilteredList = filters.open;
/** The filter a window was asked to open its list with when it mounted (read once). */
export const takeOpenedFilter = filters.take;
/** Calls back when this window is asked, while open, to show its list with a filter. */
export const onOpenFilteredList = filters.on;

/** Opens a window on a new record's form filled in (a claim from the patient's record). */
export const openDraft = drafts.open;
/** The new record a window was asked to start when it mounted (read once). */
export const takeOpenedDraft = drafts.take;
/** Calls back when this window is asked, while open, to start a new record. */
export const onOpenDraft = drafts.on;
