/**
 * The query keys a list filter (x-list.filter) is sent under: a range as its two bounds (follow_up_date_from and
 * _to, billed_amount_min and _max), any other kind under the field's own name. The list's filters panel, the saved
 * filters and their check on the server read the same keys from here.
 */
export function filterKeys(name: string, kind: string): string[] {
  if (kind === 'date-range') return [`${name}_from`, `${name}_to`];
  if (kind === 'number-range') return [`${name}_min`, `${name}_max`];
  return [name];
}
