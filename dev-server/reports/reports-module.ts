import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { reportRoutes } from './report-routes.ts';
import { reportPresetRoutes, customReportRoutes } from './saved-report-routes.ts';

export const reportsModule: ApiModule<ApiContext> = {
  name: 'Reports',
  routes: [...reportRoutes, ...reportPresetRoutes, ...customReportRoutes],
};
