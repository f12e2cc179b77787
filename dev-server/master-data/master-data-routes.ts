import type { GuardedRoute } from '../http/guarded-routes.ts';
import { patientRoutes } from '../patients/patient-routes.ts';
import { policyRoutes } from '../patients/policy-routes.ts';
import { billingCompanyLinkRoutes, linkRoutes } from './link-routes.ts';
import { healthProfessionalRoutes, type ProfessionalContext } from './health-professional-routes.ts';
import { lookupRoutes } from './lookup-routes.ts';
import { npiRoutes } from './npi-routes.ts';

/**
 * The hand-written master-data routes (document 2 §7 beyond list/show/create/edit/status): mounted
 * before the generic router, because /unit/get-list-rooms must not be read as /unit/{id}.
 */
export const masterDataRoutes: GuardedRoute<ProfessionalContext>[] = [
  ...patientRoutes,
  ...policyRoutes,
  ...npiRoutes,
  ...linkRoutes,
  ...billingCompanyLinkRoutes,
  ...lookupRoutes,
  ...healthProfessionalRoutes,
];
