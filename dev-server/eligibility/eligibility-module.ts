import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { eligibilityRoutes } from './eligibility-routes.ts';

export const eligibilityModule: ApiModule<ApiContext> = {
  name: 'Eligibility',
  routes: [...eligibilityRoutes],
};
