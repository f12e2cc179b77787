import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { admissionLookupRoutes, admissionRoutes } from './admission-routes.ts';

export const admissionsModule: ApiModule<ApiContext> = {
  name: 'Admissions',
  routes: [...admissionLookupRoutes, ...admissionRoutes],
};
