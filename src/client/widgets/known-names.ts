/**
 * The names of records this page has already been shown, by the picker source that names them (/patient/get-list):
 * a picker holding one of them (a new claim's patient, opened from that patient) shows the name at once instead of
 * asking the server first. Kept for the page's life only; a picker still asks in the background and takes a newer name.
 */
const bySource = new Map<string, Map<string, string>>();

export function rememberNames(source: string, items: ReadonlyArray<{ id: unknown; name: unknown }>): void {
  if (!source || !items.length) return;
  const names = bySource.get(source) ?? new Map<string, string>();
  for (const it of items) if (typeof it.name === 'string' && it.name) names.set(String(it.id), it.name);
  bySource.set(source, names);
}

export function knownNames(source: string): Record<string, string> {
  return Object.fromEntries(bySource.get(source) ?? []);
}

/** The picker source that names an entity's records (as form-schema's sourceFor builds it). */
export const namesSource = (basePath: string) => `/${basePath}/get-list`;
