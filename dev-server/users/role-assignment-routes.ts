import { idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { json } from '../http/answers.ts';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { userEntity, type IdentityContext } from './identity-context.ts';
import { changeRoles, requireOfferedRoles, rolesOf } from './offered-roles.ts';

export const LAST_ROLE_MESSAGE = ERROR_CATALOGUE.user_keep_least_one_role.en;

/** PATCH /permission/assign-role-user/{user}/{role} and remove-role-user: one role at a time, audited. */
function roleChange(add: boolean): GuardedRoute<IdentityContext>['handle'] {
  return async (ctx, req, actor) => {
    const userId = idParam(req, 'user');
    const roleId = idParam(req, 'role');
    const store = new ResourceStore(ctx.db, userEntity(ctx), actor);
    return ctx.db.transaction(async (tx) => {
      const user = await store.get(userId, tx, true);
      const [role] = await requireOfferedRoles(tx, actor, [roleId]);
      const before = (await rolesOf(tx, userId)).map((r) => r.id);
      const next = add ? [...new Set([...before, roleId])] : before.filter((id) => id !== roleId);
      if (!next.length) throw invalid({ roles: [problem('user_keep_least_one_role')] }, 'user_keep_least_one_role');
      if (next.length !== before.length) {
        await changeRoles({ tx, store, actor, user, before, next });
      }
      return {
        message: add
          ? `The role ${role.name} was assigned to the user.`
          : `The role ${role.name} was removed from the user.`,
        roles: (await rolesOf(tx, userId)).map((r) => ({ id: r.id, name: r.name, slug: r.slug })),
      };
    });
  };
}

export const roleAssignmentRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'patch',
    path: '/permission/assign-role-user/{user}/{role}',
    answers: json({ message: 'string', roles: [{ id: 'integer', name: 'string', slug: 'string' }] }),
    permission: 'permission.manage.user',
    stepUp: true,
    summary: 'Give a user a role',
    handle: roleChange(true),
  },
  {
    method: 'patch',
    path: '/permission/remove-role-user/{user}/{role}',
    answers: json({ message: 'string', roles: [{ id: 'integer', name: 'string', slug: 'string' }] }),
    permission: 'permission.manage.user',
    stepUp: true,
    summary: 'Take a role from a user (one must remain)',
    handle: roleChange(false),
  },
];
