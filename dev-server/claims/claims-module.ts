import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { claimSetupRoutes } from './claim-setup-routes.ts';
import { claimRoutes } from './claim-routes.ts';

export const claimsModule: ApiModule<ApiContext> = {
  name: 'Claims',
  routes: [...claimSetupRoutes, ...claimRoutes],
};
