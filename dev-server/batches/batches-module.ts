import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { batchRoutes } from './batch-routes.ts';

export const batchesModule: ApiModule<ApiContext> = {
  name: 'Claim batches',
  routes: [...batchRoutes],
};
