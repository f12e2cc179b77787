import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { claimStatusRoutes } from './status-routes.ts';

export const claimStatusModule: ApiModule<ApiContext> = {
  name: 'Claim status',
  routes: [...claimStatusRoutes],
};
