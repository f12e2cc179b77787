/** A line without empty fields: the server refuses nothing it does not know, and an empty cell is no value. */
export function clean<L extends Record<string, unknown>>(l: L): L {
  return Object.fromEntries(
    Object.entries(l).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)),
  ) as L;
}
