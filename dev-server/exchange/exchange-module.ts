import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { exchangeRoutes } from './exchange-routes.ts';

export const exchangeModule: ApiModule<ApiContext> = {
  name: 'Clearing-house exchange',
  routes: [...exchangeRoutes],
};
