import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { fileRoutes } from './file-routes.ts';

export const filesModule: ApiModule<ApiContext> = {
  name: 'Files',
  routes: [...fileRoutes],
};
