import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { claimIntakeRoutes } from './claim-intake-routes.ts';

/** Claims in from the practices' own systems: their 837 files checked and previewed before anything is written. */
export const claimIntakeModule: ApiModule<ApiContext> = {
  name: 'Claim intake',
  routes: [...claimIntakeRoutes],
};
