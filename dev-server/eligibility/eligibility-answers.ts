import type { Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { costShare, type EligibilityAnswer } from '../../src/domain/x12/eligibility-271-reader.ts';

/** A rate in basis points as a person reads a percentage (2000 → "20", 1250 → "12.5"), without floating point. */
export const percentText = (bp: number | undefined) => {
  if (bp === undefined) return null;
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${Math.floor(bp / 100)}${fraction ? `.${fraction}` : ''}`;
};

/** What the policy's check keeps of an answer: the coverage and the money that matters, each benefit and reason in words. */
export function keptOf(a: EligibilityAnswer) {
  // An office visit's cost sharing: its own copay and coinsurance, else the plan's general lines.
  const money = costShare(a, '98');
  return {
    trace: a.trace,
    coverage: a.coverage,
    plan_name: a.plan.name ?? null,
    plan_begin: a.plan.begin ?? null,
    plan_end: a.plan.end ?? null,
    deductible: money.deductible ?? null,
    deductible_remaining: money.deductibleRemaining ?? null,
    out_of_pocket_remaining: money.outOfPocketRemaining ?? null,
    copay: money.copay ?? null,
    coinsurance: percentText(money.coinsurance),
    rejections: a.rejections,
    benefits: a.benefits.map((b) => ({
      code: b.code,
      words: b.words || `Benefit code ${b.code} (not known here)`,
      coverage_level: b.coverageLevel ?? null,
      service_types: b.serviceTypes.map((s) => s.words ?? `Service type ${s.code} (not known here)`),
      period: b.period ?? null,
      amount: b.amount ?? null,
      percent: percentText(b.percent),
      in_network: b.inNetwork ?? null,
      messages: b.messages,
    })),
  };
}

/**
 * Payers' answers kept on the checks that asked them, found by their trace within the billing company, in one
 * statement for any number (a batch 271 answers thousands): the coverage, plan, cost sharing, every benefit and
 * rejection in words. An answer whose trace no check of ours carries is returned unmatched; one already applied is
 * applied again (the same answer read twice changes nothing a person would see).
 */
export async function applyEligibilityAnswers(
  tx: Queryable,
  actor: Actor,
  billingCompanyId: number,
  answers: EligibilityAnswer[],
  answerFileId: number | null,
): Promise<{ applied: Array<{ id: number; coverage: string }>; unmatched: string[] }> {
  const kept = answers.filter((a) => a.trace).map(keptOf);
  if (!kept.length) return { applied: [], unmatched: answers.map(() => '(no trace)') };
  const updated = await tx.query<{ id: string; trace: string; coverage: string }>(
    `update eligibility_checks e
        set state = 'answered', coverage = x.coverage, plan_name = x.plan_name, plan_begin = x.plan_begin::date,
            plan_end = x.plan_end::date, deductible = x.deductible, deductible_remaining = x.deductible_remaining,
            out_of_pocket_remaining = x.out_of_pocket_remaining, copay = x.copay, coinsurance = x.coinsurance,
            rejections = x.rejections, benefits = x.benefits, error = null, answered_at = app_now(),
            answer_file_id = $3, version = e.version + 1, updated_at = app_now()
       from jsonb_to_recordset($2::jsonb) as x(trace text, coverage text, plan_name text, plan_begin text, plan_end text,
            deductible bigint, deductible_remaining bigint, out_of_pocket_remaining bigint, copay bigint, coinsurance text,
            rejections jsonb, benefits jsonb)
      where e.billing_company_id = $1 and e.trace = x.trace
      returning e.id, e.trace, e.coverage`,
    [billingCompanyId, JSON.stringify(kept), answerFileId],
  );
  const found = new Set(updated.rows.map((r) => r.trace));
  const byTrace = new Map(kept.map((k) => [k.trace, k]));
  await writeAuditMany(tx, actor, {
    entity: 'eligibility-check',
    event: 'updated',
    rows: updated.rows.map((r) => {
      const { benefits: _b, rejections, ...rest } = byTrace.get(r.trace)!;
      return {
        entityId: Number(r.id),
        billingCompanyId,
        oldValues: { state: 'waiting' },
        newValues: { ...rest, state: 'answered', rejections: rejections.map((x) => x.code) },
      };
    }),
  });
  return {
    applied: updated.rows.map((r) => ({ id: Number(r.id), coverage: r.coverage })),
    unmatched: answers.filter((a) => !a.trace || !found.has(a.trace)).map((a) => a.trace ?? '(no trace)'),
  };
}
