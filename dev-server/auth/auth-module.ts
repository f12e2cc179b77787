import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { recoveryRoutes } from './recovery-router.ts';
import { sessionRoutes } from './auth-router.ts';

/** Signing in, recovering an account and the session's own routes: declared like the rest, open where no token can exist yet. */
export const authModule: ApiModule<ApiContext> = {
  name: 'Sign-in',
  routes: [...signInRoutes, ...recoveryRoutes, ...sessionRoutes],
};
