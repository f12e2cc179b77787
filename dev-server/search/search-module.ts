import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { searchRoutes } from './search-router.ts';

export const searchModule: ApiModule<ApiContext> = {
  name: 'Search',
  routes: [...searchRoutes],
};
