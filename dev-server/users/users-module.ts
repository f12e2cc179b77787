import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { identityRoutes } from './identity-routes.ts';

export const usersModule: ApiModule<ApiContext> = {
  name: 'Identity and access',
  routes: [...identityRoutes],
};
