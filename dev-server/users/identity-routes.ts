import { ipRulePreviewRoutes } from '../access/ip-rule-preview.ts';
import { roleRoutes } from '../access/role-routes.ts';
import { sessionRoutes } from '../auth/session-routes.ts';
import { mfaRoutes } from '../auth/mfa-routes.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import { profileRoutes } from '../profile/profile-routes.ts';
import type { IdentityContext } from './identity-context.ts';
import { roleAssignmentRoutes } from './role-assignment-routes.ts';
import { userRoutes } from './user-routes.ts';

/** Every hand-written identity route, static paths before /user/{id}. The permission walk reads this list. */
export const identityRoutes: GuardedRoute<IdentityContext>[] = [
  ...sessionRoutes,
  ...mfaRoutes,
  ...profileRoutes,
  ...roleAssignmentRoutes,
  ...roleRoutes,
  ...userRoutes,
  ...ipRulePreviewRoutes,
];
