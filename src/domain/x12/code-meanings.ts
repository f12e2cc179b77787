import categories from '../../../schemas/lists/x12/claim-status-categories.json' with { type: 'json' };
import groups from '../../../schemas/lists/x12/adjustment-groups.json' with { type: 'json' };
import reasons from '../../../schemas/lists/x12/adjustment-reasons.json' with { type: 'json' };

// The code lists are data (schemas/lists/x12); imported, not read from disk, so the client can use them too.
const table = (list: { items: Array<{ code: string; name: string }> }) => new Map(list.items.map((i) => [i.code, i.name]));
const GROUPS = table(groups);
const REASONS = table(reasons);
export const STATUS_CATEGORIES = new Map(categories.items.map((c) => [c.code, c]));

/** "CO-45: Contractual obligation …; Charge above the fee schedule …" — every code the product shows carries its meaning. */
export function describeAdjustment(group: string, reason: string): string {
  return `${group}-${reason}: ${REASONS.get(reason) ?? `Adjustment reason ${reason}`} (${GROUPS.get(group) ?? `group ${group}`})`;
}
