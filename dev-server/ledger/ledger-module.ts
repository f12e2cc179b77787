import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { ledgerLookupRoutes, ledgerRoutes } from './ledger-routes.ts';

export const ledgerModule: ApiModule<ApiContext> = {
  name: 'Ledger',
  routes: [...ledgerLookupRoutes, ...ledgerRoutes],
};
