import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { estimateRoutes } from './estimate-routes.ts';

export const estimatesModule: ApiModule<ApiContext> = {
  name: 'Medical Store estimates',
  routes: [...estimateRoutes],
};
