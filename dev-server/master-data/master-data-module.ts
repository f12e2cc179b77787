import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { masterDataRoutes } from './master-data-routes.ts';

export const masterDataModule: ApiModule<ApiContext> = {
  name: 'Master data',
  routes: [...masterDataRoutes],
};
