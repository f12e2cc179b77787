import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { jobRoutes } from './job-routes.ts';

export const jobsModule: ApiModule<ApiContext> = {
  name: 'Background jobs',
  // Mounted only where the server runs jobs (needsJobs): there the context's queue is present.
  routes: jobRoutes as unknown as ApiModule<ApiContext>['routes'],
  needsJobs: true,
};
