import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { denialLookupRoutes, denialRoutes } from './denial-routes.ts';
import { denialScreenRoutes } from './denial-screen-routes.ts';

export const denialsModule: ApiModule<ApiContext> = {
  name: 'Denials',
  routes: [...denialLookupRoutes, ...denialRoutes, ...denialScreenRoutes],
};
