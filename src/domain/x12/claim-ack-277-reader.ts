import type { Transaction } from './interchange-reader.ts';
import { components } from './segments.ts';
import type { Separators } from './separators.ts';
import { STATUS_CATEGORIES as categories } from './code-meanings.ts';

export interface ClaimStatus277 {
  /** TRN02 at the claim level: the patient control number the provider sent */
  claimControl: string;
  patient?: { lastName?: string; firstName?: string; memberId?: string };
  category: string;
  categoryMeaning: string;
  outcome: string;
  statusCode?: string;
  entityCode?: string;
  date?: string;
  amount?: string;
  payerClaimNumber?: string;
}

/** Claim-level statuses of a 277CA or 277 (HL level PT): STC category with its meaning, accepted or rejected. */
export function read277(tx: Transaction, sep: Separators): ClaimStatus277[] {
  const out: ClaimStatus277[] = [];
  let level = '';
  let patient: ClaimStatus277['patient'];
  let control = '';
  let current: ClaimStatus277 | null = null;
  for (const { id, elements: e } of tx.segments) {
    if (id === 'HL') { level = e[3]; current = null; patient = undefined; control = ''; }
    else if (id === 'NM1' && (e[1] === 'QC' || e[1] === 'IL') && level === 'PT') patient = { lastName: e[3] || undefined, firstName: e[4] || undefined, memberId: e[9] || undefined };
    else if (id === 'TRN' && level === 'PT') control = e[2];
    else if (id === 'STC' && level === 'PT') {
      const [category, statusCode, entityCode] = components(e[1], sep);
      const c = categories.get(category);
      current = { claimControl: control, patient, category, categoryMeaning: c?.name ?? `Unknown category ${category}`, outcome: c?.outcome ?? 'unknown', statusCode, entityCode, date: e[2] || undefined, amount: e[4] || undefined };
      out.push(current);
    } else if (id === 'REF' && current && (e[1] === '1K')) current.payerClaimNumber = e[2];
  }
  return out;
}
