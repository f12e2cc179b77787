import { agingSource } from './aging.ts';
import { censusSource } from './census.ts';
import { chargesSource } from './charges.ts';
import { claimOutcomesSource } from './claim-outcomes.ts';
import { paymentsPostedSource } from './payments-posted.ts';
import type { ReportSource } from './source.ts';

/** The SQL sources report definitions name (x `source`). */
export const REPORT_SOURCES: Record<string, ReportSource> = {
  'insurance-aging': (input) => agingSource(input, ['insurance']),
  'month-end-aging': (input) => agingSource(input, ['insurance', 'patient']),
  charges: chargesSource,
  'payments-posted': paymentsPostedSource,
  'claim-outcomes': claimOutcomesSource,
  census: censusSource,
};
