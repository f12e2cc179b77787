import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { booksRoutes } from './books-routes.ts';

/** Month-end close: a billing company's books closed through a day, and reopened with a reason. */
export const booksModule: ApiModule<ApiContext> = {
  name: 'Month-end close',
  routes: booksRoutes,
};
