import { auditRoutes } from '../audit/audit-router.ts';
import { claimRoutes } from '../claims/claim-routes.ts';
import { claimSetupRoutes } from '../claims/claim-setup-routes.ts';
import { batchRoutes } from '../batches/batch-routes.ts';
import { fileRoutes } from '../files/file-routes.ts';
import { jobRoutes } from '../jobs/job-routes.ts';
import { masterDataRoutes } from '../master-data/master-data-routes.ts';
import { searchRoutes } from '../search/search-router.ts';
import { identityRoutes } from '../users/identity-routes.ts';
import type { GuardedRoute } from './guarded-routes.ts';

/**
 * Every hand-written route of the signed-in API, as declared: the OpenAPI document and the
 * permission walk read this list, so a route cannot answer without saying who may call it.
 */
export const HAND_WRITTEN_ROUTES: Array<GuardedRoute<never>> = [
  ...auditRoutes, ...searchRoutes, ...fileRoutes, ...jobRoutes, ...masterDataRoutes, ...claimSetupRoutes, ...batchRoutes, ...claimRoutes, ...identityRoutes,
] as Array<GuardedRoute<never>>;
