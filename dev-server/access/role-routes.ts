import type { Request } from 'express';
import { json, type Shape } from '../http/answers.ts';
import { setRoleMfaRequired } from '../auth/mfa-policy.ts';
import { setRoleLoginHours } from './role-login-hours.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import type { IdentityContext } from '../users/identity-context.ts';
import {
  changeRolePermissions,
  createRole,
  permissionsByRole,
  roleWithPermissions,
  rolesWithPermissions,
} from './roles.ts';

/** A permission change as its route names it: the role in the path, the permissions in the path or the body. */
const permissionChange = (req: Request, add: boolean) => ({
  roleId: idParam(req, 'role'),
  add,
  permission: req.params.permission === undefined ? undefined : String(req.params.permission),
  body: req.params.permission === undefined ? bodyObject(req) : {},
});

/** A role: its slug and name, its type, the billing company that owns it (none: the system's) and its two-step rule. */
const ROLE = {
  id: 'integer',
  slug: 'string',
  name: 'string',
  type: 'integer',
  billing_company_id: 'integer?',
  mfa_required: 'boolean',
  login_hours: 'object?',
} satisfies Shape;

export const roleRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'get',
    path: '/permission/roles-permissions',
    answers: json([{ ...ROLE, permissions: 'object' }]),
    permission: 'permission.manage.role',
    summary: 'Every visible role with its permissions by module',
    handle: (ctx, _req, actor) => rolesWithPermissions(ctx.db, actor),
  },
  {
    method: 'get',
    path: '/permission/role/{id}',
    answers: json({
      ...ROLE,
      mfa_always: 'boolean',
      permissions: ['string'],
      permissions_by_module: 'object',
    }),
    permission: 'permission.manage.role',
    summary: 'A role with its permissions',
    handle: (ctx, req, actor) => roleWithPermissions(ctx.db, actor, idParam(req)),
  },
  {
    method: 'get',
    path: '/permission/permissions-by-role/{id}',
    answers: json([{ module: 'string', name: 'string', permissions: ['object'] }]),
    permission: 'permission.manage.role',
    summary: 'Every module and permission, each marked granted or not for the role',
    handle: (ctx, req, actor) => permissionsByRole(ctx.db, actor, idParam(req)),
  },
  {
    method: 'patch',
    path: '/permission/assign-permissions-role/{role}/{permission}',
    answers: json({ message: 'string', role: { id: 'integer', name: 'string' }, added: ['string'] }),
    stepUp: true,
    permission: 'permission.manage.role',
    summary: 'Add one permission to a role',
    handle: (ctx, req, actor) => changeRolePermissions(ctx.db, actor, permissionChange(req, true)),
  },
  {
    method: 'patch',
    path: '/permission/assign-permissions-role/{role}',
    answers: json({ message: 'string', role: { id: 'integer', name: 'string' }, added: ['string'] }),
    stepUp: true,
    permission: 'permission.manage.role',
    summary: 'Add a list of permissions or a whole module to a role',
    handle: (ctx, req, actor) => changeRolePermissions(ctx.db, actor, permissionChange(req, true)),
  },
  {
    method: 'patch',
    path: '/permission/remove-permission-role/{role}/{permission}',
    answers: json({ message: 'string', role: { id: 'integer', name: 'string' }, removed: ['string'] }),
    stepUp: true,
    permission: 'permission.manage.role',
    summary: 'Remove one permission from a role',
    handle: (ctx, req, actor) => changeRolePermissions(ctx.db, actor, permissionChange(req, false)),
  },
  {
    method: 'patch',
    path: '/permission/remove-permissions-role/{role}',
    answers: json({ message: 'string', role: { id: 'integer', name: 'string' }, removed: ['string'] }),
    stepUp: true,
    permission: 'permission.manage.role',
    summary: 'Remove a list of permissions or a whole module from a role',
    handle: (ctx, req, actor) => changeRolePermissions(ctx.db, actor, permissionChange(req, false)),
  },
  {
    method: 'put',
    path: '/permission/role/{id}/two-step',
    answers: json({ id: 'integer', mfa_required: 'boolean' }),
    stepUp: true,
    permission: 'permission.manage.role',
    summary:
      "Whether the role's people must sign in with an authenticator ({required}); always so for Super Users and managers",
    handle: (ctx, req, actor) => setRoleMfaRequired(ctx.db, actor, idParam(req), bodyObject(req).required),
  },
  {
    method: 'put',
    path: '/permission/role/{id}/login-hours',
    answers: json({ id: 'integer', login_hours: 'object?' }),
    stepUp: true,
    permission: 'permission.manage.role',
    summary:
      "When the role's people may sign in and work ({login_hours: {days: [1-7, Monday first], from: 'HH:MM', to: 'HH:MM', time_zone} or null for any time}); outside them sign-in is refused and open sessions end; never for Super Users",
    handle: (ctx, req, actor) => setRoleLoginHours(ctx.db, actor, idParam(req), bodyObject(req).login_hours),
  },
  {
    method: 'post',
    path: '/permission/role',
    answers: json({ id: 'integer', slug: 'string', name: 'string', type: 'integer', billing_company_id: 'integer' }),
    stepUp: true,
    permission: 'permission.manage.role',
    status: 201,
    summary: "Create a billing company's own role",
    handle: (ctx, req, actor) => createRole(ctx.db, actor, bodyObject(req)),
  },
];
