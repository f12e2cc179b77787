import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { messengerRoutes } from './messenger-routes.ts';

export const messengerModule: ApiModule<ApiContext> = {
  name: 'Messenger',
  routes: [...messengerRoutes],
};
