import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { contractRoutes } from './contract-routes.ts';

export const contractsModule: ApiModule<ApiContext> = { name: 'Contracts', routes: contractRoutes };
