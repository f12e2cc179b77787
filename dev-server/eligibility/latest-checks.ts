import type { Queryable } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import { checkInWords, type CheckInWords } from './eligibility-words.ts';

/** A policy's latest eligibility check as a screen shows it beside the policy: where it stands and the answer in words. */
export interface LatestCheck {
  id: number;
  state: string;
  coverage: string | null;
  asked_at: string;
  words: string;
}

/** The latest check of each of these policies, in one statement (the index on billing company and policy serves it). */
export async function latestChecks(
  db: Queryable,
  billingCompanyId: number,
  policyIds: number[],
  locale: Locale,
): Promise<Map<number, LatestCheck>> {
  if (!policyIds.length) return new Map();
  const r = await db.query<CheckInWords & { id: string; insurance_policy_id: string; asked_at: string }>(
    `select distinct on (insurance_policy_id) id, insurance_policy_id, state, coverage, plan_name, plan_end::text, deductible, deductible_remaining,
            out_of_pocket_remaining, copay, coinsurance, rejections, error, to_char(asked_at, 'MM/DD/YYYY HH24:MI') as asked_at
       from eligibility_checks where billing_company_id = $1 and insurance_policy_id = any($2::bigint[])
      order by insurance_policy_id, asked_at desc, id desc`,
    [billingCompanyId, policyIds],
  );
  const cents = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return new Map(
    r.rows.map((c) => [
      Number(c.insurance_policy_id),
      {
        id: Number(c.id),
        state: c.state,
        coverage: c.coverage,
        asked_at: c.asked_at,
        words: checkInWords(
          {
            ...c,
            deductible: cents(c.deductible),
            deductible_remaining: cents(c.deductible_remaining),
            out_of_pocket_remaining: cents(c.out_of_pocket_remaining),
            copay: cents(c.copay),
          },
          locale,
        ),
      },
    ]),
  );
}
