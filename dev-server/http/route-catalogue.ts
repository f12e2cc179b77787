import { auditRoutes } from '../audit/audit-router.ts';
import { claimRoutes } from '../claims/claim-routes.ts';
import { claimSetupRoutes } from '../claims/claim-setup-routes.ts';
import { batchRoutes } from '../batches/batch-routes.ts';
import { fileRoutes } from '../files/file-routes.ts';
import { jobRoutes } from '../jobs/job-routes.ts';
import { masterDataRoutes } from '../master-data/master-data-routes.ts';
import { searchRoutes } from '../search/search-router.ts';
import { identityRoutes } from '../users/identity-routes.ts';
import { exchangeRoutes } from '../exchange/exchange-routes.ts';
import { admissionLookupRoutes, admissionRoutes } from '../admissions/admission-routes.ts';
import { eraLookupRoutes, eraRoutes } from '../payments/era-routes.ts';
import { eobRoutes } from '../payments/eob-routes.ts';
import { batchStateRoutes, paymentLookupRoutes, paymentRoutes } from '../payments/payment-routes.ts';
import { distributionRoutes } from '../payments/distribution-routes.ts';
import { paymentRecordRoutes } from '../payments/payment-record-routes.ts';
import { patientPaymentRoutes } from '../payments/patient-payment-routes.ts';
import { claimPaymentRoutes } from '../payments/claim-payments-routes.ts';
import { denialLookupRoutes, denialRoutes } from '../denials/denial-routes.ts';
import { denialScreenRoutes } from '../denials/denial-screen-routes.ts';
import { ledgerLookupRoutes, ledgerRoutes } from '../ledger/ledger-routes.ts';
import { reportRoutes } from '../reports/report-routes.ts';
import { customReportRoutes, reportPresetRoutes } from '../reports/saved-report-routes.ts';
import { stickyNoteRoutes } from '../desktop/sticky-note-routes.ts';
import { supportRoutes } from '../desktop/support-routes.ts';
import { webBrowserRoutes } from '../desktop/web-browser-routes.ts';
import { messengerRoutes } from '../messenger/messenger-routes.ts';
import { estimateRoutes } from '../estimates/estimate-routes.ts';
import type { GuardedRoute } from './guarded-routes.ts';

/**
 * Every hand-written route of the signed-in API, as declared: the OpenAPI document and the
 * permission walk read this list, so a route cannot answer without saying who may call it.
 */
export const HAND_WRITTEN_ROUTES: Array<GuardedRoute<never>> = [
  ...auditRoutes,
  ...searchRoutes,
  ...fileRoutes,
  ...jobRoutes,
  ...masterDataRoutes,
  ...claimSetupRoutes,
  ...batchRoutes,
  ...claimRoutes,
  ...identityRoutes,
  ...exchangeRoutes,
  ...admissionLookupRoutes,
  ...admissionRoutes,
  ...eraLookupRoutes,
  ...eraRoutes,
  ...eobRoutes,
  ...paymentLookupRoutes,
  ...paymentRoutes,
  ...batchStateRoutes,
  ...distributionRoutes,
  ...paymentRecordRoutes,
  ...patientPaymentRoutes,
  ...claimPaymentRoutes,
  ...denialLookupRoutes,
  ...denialScreenRoutes,
  ...denialRoutes,
  ...ledgerLookupRoutes,
  ...ledgerRoutes,
  ...reportRoutes,
  ...reportPresetRoutes,
  ...customReportRoutes,
  ...stickyNoteRoutes,
  ...supportRoutes,
  ...webBrowserRoutes,
  ...messengerRoutes,
  ...estimateRoutes,
] as Array<GuardedRoute<never>>;
