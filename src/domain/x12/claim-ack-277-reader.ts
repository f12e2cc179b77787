import type { Transaction } from './interchange-reader.ts';
import { components } from './segments.ts';
import type { Separators } from './separators.ts';
import { STATUS_CATEGORIES as categories, describeStatusOf } from './code-meanings.ts';

export interface ClaimStatus277 {
  /** whose status it is: the claim's, or a whole information receiver's or provider's (277 X212) */
  level: 'claim' | 'receiver' | 'provider';
  /** TRN02: at the claim level the patient control number the provider sent */
  claimControl: string;
  patient?: { lastName?: string; firstName?: string; memberId?: string };
  category: string;
  categoryMeaning: string;
  outcome: string;
  statusCode?: string;
  statusMeaning?: string;
  entityCode?: string;
  date?: string;
  amount?: string;
  payerClaimNumber?: string;
  /** who answers (loop 2100A NM1): the clearing house (AY) or the payer (PR) */
  from?: 'clearing house' | 'payer';
}

// HL levels: 277CA uses PT for the claim; the 277 claim status response (X212) uses 22 and 23
// (subscriber, dependent), with statuses possible at 21 (information receiver) and 19 (provider).
const LEVELS: Record<string, ClaimStatus277['level']> = {
  PT: 'claim',
  '22': 'claim',
  '23': 'claim',
  '21': 'receiver',
  '19': 'provider',
  IR: 'receiver',
  '1P': 'provider',
};

/** Statuses of a 277CA or 277: STC category and status code with their meanings, accepted or rejected. */
export function read277(tx: Transaction, sep: Separators): ClaimStatus277[] {
  const out: ClaimStatus277[] = [];
  let level = '';
  let patient: ClaimStatus277['patient'];
  let control = '';
  let from: ClaimStatus277['from'];
  for (const { id, elements: e } of tx.segments) {
    if (id === 'HL') {
      level = e[3];
      patient = undefined;
      control = '';
    } else if (id === 'NM1' && level === '20' && (e[1] === 'AY' || e[1] === 'PR'))
      from = e[1] === 'AY' ? 'clearing house' : 'payer';
    else if (id === 'NM1' && (e[1] === 'QC' || e[1] === 'IL') && LEVELS[level] === 'claim')
      patient = { lastName: e[3] || undefined, firstName: e[4] || undefined, memberId: e[9] || undefined };
    else if (id === 'TRN') control = e[2];
    else if (id === 'STC' && LEVELS[level]) {
      const [category, statusCode, entityCode] = components(e[1], sep);
      const c = categories.get(category);
      out.push({
        level: LEVELS[level],
        claimControl: control,
        patient,
        category,
        categoryMeaning: c?.name ?? `Unknown category ${category}`,
        outcome: c?.outcome ?? 'unknown',
        statusCode: statusCode || undefined,
        statusMeaning: describeStatusOf(statusCode || undefined, entityCode || undefined),
        entityCode: entityCode || undefined,
        from,
        date: e[2] || undefined,
        amount: e[4] || undefined,
      });
    } else if (id === 'REF' && e[1] === '1K' && out.length && LEVELS[level] === 'claim')
      out[out.length - 1].payerClaimNumber = e[2];
  }
  return out;
}
