import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { auditRoutes } from './audit-router.ts';

export const auditModule: ApiModule<ApiContext> = {
  name: 'Audit',
  routes: [...auditRoutes],
};
