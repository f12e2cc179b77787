import { agingSource } from './aging.ts';
import { badDebtSource } from './bad-debt.ts';
import { censusSource } from './census.ts';
import { changesByModuleSource } from './changes-by-module.ts';
import { facilitiesSource } from './facilities.ts';
import { healthProfessionalsSource } from './health-professionals.ts';
import { patientsSource } from './patients.ts';
import { postedPaymentAuditSource } from './posted-payment-audit.ts';
import { chargesSource } from './charges.ts';
import { claimOutcomesSource } from './claim-outcomes.ts';
import { contractVariancesSource } from './contract-variances.ts';
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
  'posted-payment-audit': postedPaymentAuditSource,
  patients: patientsSource,
  facilities: facilitiesSource,
  'health-professionals': healthProfessionalsSource,
  'bad-debt': badDebtSource,
  'changes-by-module': changesByModuleSource,
  'contract-variances': contractVariancesSource,
};
