import type { GuardedRoute } from './guarded-routes.ts';

/**
 * What a domain folder gives the API: its name (the OpenAPI tag its routes are listed under), its
 * routes, each with the permission it needs, and what of the context it cannot do without.
 */
export interface ApiModule<C> {
  name: string;
  routes: Array<GuardedRoute<C>>;
  /** mounted only where the server runs background jobs */
  needsJobs?: boolean;
}
