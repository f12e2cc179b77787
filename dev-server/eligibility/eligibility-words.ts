import { formatCents } from '../../src/domain/money-input.ts';
import { isoToUsDate } from '../../src/domain/formats.ts';
import { frameIn, type Locale } from '../i18n/locale.ts';

/** What a check holds that a biller reads in one line. */
export interface CheckInWords {
  state: string;
  coverage: string | null;
  plan_name: string | null;
  plan_end: string | null;
  deductible: number | null;
  deductible_remaining: number | null;
  out_of_pocket_remaining: number | null;
  copay: number | null;
  coinsurance: string | null;
  rejections: Array<{ words: string; followUp?: string }> | null;
  error: string | null;
}

const COVERAGE: Record<string, string> = {
  active: 'Active coverage',
  inactive: 'Not active',
  unknown: 'Coverage not said',
};

/**
 * A check in one sentence a biller reads at a glance, in the reader's language: whether the coverage is active and
 * under which plan, what remains of the deductible, the copay and coinsurance of an office visit, what remains of the
 * out-of-pocket, and why the payer could not answer; or that the answer is awaited, or why the question failed.
 */
export function checkInWords(c: CheckInWords, locale: Locale, sentThrough?: string | null): string {
  const money = (cents: number) => formatCents(cents, 'us', true);
  // A row read through the store leaves an empty field out; one read by SQL has it null: neither is said.
  const has = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;
  if (c.state === 'failed') return frameIn(locale, 'Could not be asked: {reason}', { reason: c.error ?? '' });
  if (c.state === 'waiting')
    return sentThrough
      ? frameIn(locale, "Asked through {where}; the answer comes with the clearing house's files.", {
          where: sentThrough,
        })
      : frameIn(locale, "Asked; the answer comes with the clearing house's files.");
  const parts = [frameIn(locale, COVERAGE[c.coverage ?? 'unknown'] ?? COVERAGE.unknown)];
  if (c.plan_name) parts.push(frameIn(locale, 'plan {plan}', { plan: c.plan_name }));
  if (c.plan_end) parts.push(frameIn(locale, 'ends {date}', { date: String(isoToUsDate(c.plan_end)) }));
  if (has(c.deductible_remaining))
    parts.push(
      has(c.deductible)
        ? frameIn(locale, 'deductible remaining {left} of {whole}', {
            left: money(c.deductible_remaining),
            whole: money(c.deductible),
          })
        : frameIn(locale, 'deductible remaining {left}', { left: money(c.deductible_remaining) }),
    );
  if (has(c.copay)) parts.push(frameIn(locale, 'copay {amount}', { amount: money(c.copay) }));
  if (has(c.coinsurance)) parts.push(frameIn(locale, 'coinsurance {percent}%', { percent: c.coinsurance }));
  if (has(c.out_of_pocket_remaining))
    parts.push(frameIn(locale, 'out-of-pocket remaining {left}', { left: money(c.out_of_pocket_remaining) }));
  for (const r of c.rejections ?? [])
    parts.push(
      r.followUp
        ? frameIn(locale, 'the payer says: {reason} ({follow})', { reason: r.words, follow: r.followUp })
        : frameIn(locale, 'the payer says: {reason}', { reason: r.words }),
    );
  return parts.join('; ') + '.';
}
