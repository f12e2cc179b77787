import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { eraLookupRoutes, eraRoutes } from './era-routes.ts';
import { eobRoutes } from './eob-routes.ts';
import { paymentLookupRoutes, paymentRoutes, batchStateRoutes } from './payment-routes.ts';
import { distributionRoutes } from './distribution-routes.ts';
import { paymentRecordRoutes } from './payment-record-routes.ts';
import { patientPaymentRoutes } from './patient-payment-routes.ts';
import { claimPaymentRoutes } from './claim-payments-routes.ts';

export const paymentsModule: ApiModule<ApiContext> = {
  name: 'Payments',
  routes: [
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
  ],
};
