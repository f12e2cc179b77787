import type { Actor } from '../security/actor.ts';
import { notFound, DomainError, problem, invalid, forbidden } from '../../src/domain/errors/domain-error.ts';
import { catalog } from '../security/permission-catalog.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Queryable } from '../db/database.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import type { IdentityContext } from '../users/identity-context.ts';

interface Role {
  id: number;
  slug: string;
  name: string;
  type: number;
  billing_company_id: number | null;
}
interface Permission {
  id: number;
  slug: string;
  module: string;
  action: string;
}

const moduleNames = new Map(catalog.modules.map((m) => [m.prefix, m.name]));
/** The catalogue module a permission belongs to: its longest matching prefix (insurancecompany.insuranceplan.view). */
const moduleOf = (slug: string) =>
  [...moduleNames.keys()].filter((p) => slug.startsWith(`${p}.`)).sort((a, b) => b.length - a.length)[0] ??
  slug.split('.')[0];

async function visibleRole(db: Queryable, actor: Actor, id: number, forUpdate = false): Promise<Role> {
  const r = await db.query<Role>(
    `select id, slug, name, type, billing_company_id from roles where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  const role = r.rows[0];
  if (!role) throw notFound('role_does_not_exist');
  const bc = role.billing_company_id === null ? null : Number(role.billing_company_id);
  if (!actor.crossTenant && bc !== null && !actor.billingCompanyIds.includes(bc)) throw notFound('role_does_not_exist');
  return { ...role, id: Number(role.id), billing_company_id: bc };
}

/** Shared (default) roles are changed only by system users: they act for every billing company. */
function requireEditable(actor: Actor, role: Role) {
  if (!actor.crossTenant && role.billing_company_id === null)
    throw new DomainError('only_super_user_change_default_role');
}

async function rolePermissions(db: Queryable, roleId: number): Promise<Permission[]> {
  return (
    await db.query<Permission>(
      'select p.id, p.slug, p.module, p.action from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = $1 order by p.slug',
      [roleId],
    )
  ).rows;
}

function grouped(perms: Permission[]) {
  const out: Record<string, string[]> = {};
  for (const p of perms) (out[moduleNames.get(moduleOf(p.slug)) ?? moduleOf(p.slug)] ??= []).push(p.slug);
  return out;
}

/** The permissions a request names: one in the path (id or slug), or a list, or a whole module, in the body. */
async function namedPermissions(
  db: Queryable,
  req: Parameters<GuardedRoute<IdentityContext>['handle']>[1],
): Promise<Permission[]> {
  const all = (await db.query<Permission>('select id, slug, module, action from permissions order by slug')).rows.map(
    (p) => ({ ...p, id: Number(p.id) }),
  );
  const find = (v: unknown) => all.find((p) => String(p.id) === String(v) || p.slug === v);
  if (req.params.permission !== undefined) {
    const p = find(req.params.permission);
    if (!p) throw notFound('permission_does_not_exist');
    return [p];
  }
  const body = bodyObject(req);
  if (typeof body.module === 'string') {
    const list = all.filter((p) => moduleOf(p.slug) === body.module);
    if (!list.length) throw invalid({ module: [problem('selected_module_invalid')] });
    return list;
  }
  const asked = body.permissions;
  if (!Array.isArray(asked) || !asked.length) throw invalid({ permissions: [problem('permissions_field_required')] });
  const found = asked.map(find);
  if (found.some((p) => !p)) throw invalid({ permissions: [problem('selected_permissions_invalid')] });
  return found as Permission[];
}

async function changePermissions(
  ctx: IdentityContext,
  req: Parameters<GuardedRoute<IdentityContext>['handle']>[1],
  actor: Actor,
  add: boolean,
) {
  return ctx.db.transaction(async (tx) => {
    const role = await visibleRole(tx, actor, idParam(req, 'role'), true);
    requireEditable(actor, role);
    const perms = await namedPermissions(tx, req);
    // Nobody hands out (or takes away) a permission they do not hold themselves.
    if (!actor.crossTenant && perms.some((p) => !actor.permissions.has(p.slug))) throw forbidden();
    const ids = perms.map((p) => p.id);
    const r = add
      ? await tx.query<{ permission_id: number }>(
          'insert into role_permissions (role_id, permission_id) select $1, unnest($2::int[]) on conflict do nothing returning permission_id',
          [role.id, ids],
        )
      : await tx.query<{ permission_id: number }>(
          'delete from role_permissions where role_id = $1 and permission_id = any($2::int[]) returning permission_id',
          [role.id, ids],
        );
    const changed = perms.filter((p) => r.rows.some((x) => Number(x.permission_id) === p.id)).map((p) => p.slug);
    if (changed.length) {
      await writeAudit(tx, actor, {
        entity: 'role',
        entityId: role.id,
        billingCompanyId: role.billing_company_id,
        event: 'permissions_changed',
        oldValues: add ? null : { removed: changed },
        newValues: add ? { added: changed } : null,
      });
    }
    const verb = add ? 'added to' : 'removed from';
    const message =
      changed.length === 1
        ? `Permission ${changed[0]} ${verb} the role ${role.name}.`
        : changed.length
          ? `${changed.length} permissions ${verb} the role ${role.name}.`
          : `No permission was ${add ? 'added' : 'removed'}: the role ${add ? 'already had' : 'did not have'} ${perms.length === 1 ? 'it' : 'them'}.`;
    return { message, role: { id: role.id, name: role.name }, [add ? 'added' : 'removed']: changed };
  });
}

export const roleRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'get',
    path: '/permission/roles-permissions',
    permission: 'permission.manage.role',
    summary: 'Every visible role with its permissions by module',
    async handle(ctx, _req, actor) {
      const params: unknown[] = [];
      const scope = actor.crossTenant
        ? 'true'
        : (params.push(actor.billingCompanyIds),
          'r.billing_company_id is null or r.billing_company_id = any($1::bigint[])');
      const r = await ctx.db.query<Role & { permissions: string[] }>(
        `select r.id, r.slug, r.name, r.type, r.billing_company_id,
                array(select p.slug from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = r.id order by p.slug) as permissions
           from roles r where ${scope} order by r.id`,
        params,
      );
      return r.rows.map((role) => ({
        ...role,
        id: Number(role.id),
        permissions: grouped(role.permissions.map((slug) => ({ slug }) as Permission)),
      }));
    },
  },
  {
    method: 'get',
    path: '/permission/role/{id}',
    permission: 'permission.manage.role',
    summary: 'A role with its permissions',
    async handle(ctx, req, actor) {
      const role = await visibleRole(ctx.db, actor, idParam(req));
      const perms = await rolePermissions(ctx.db, role.id);
      return { ...role, permissions: perms.map((p) => p.slug), permissions_by_module: grouped(perms) };
    },
  },
  {
    method: 'get',
    path: '/permission/permissions-by-role/{id}',
    permission: 'permission.manage.role',
    summary: 'Every module and permission, each marked granted or not for the role',
    async handle(ctx, req, actor) {
      const role = await visibleRole(ctx.db, actor, idParam(req));
      const granted = new Set((await rolePermissions(ctx.db, role.id)).map((p) => p.slug));
      const all = (await ctx.db.query<Permission>('select id, slug, module, action from permissions order by id')).rows;
      return catalog.modules.map((m) => ({
        module: m.prefix,
        name: m.name,
        permissions: all
          .filter((p) => moduleOf(p.slug) === m.prefix)
          .map((p) => ({
            id: Number(p.id),
            slug: p.slug,
            action: p.slug.slice(m.prefix.length + 1),
            granted: granted.has(p.slug),
          })),
      }));
    },
  },
  {
    method: 'patch',
    path: '/permission/assign-permissions-role/{role}/{permission}',
    permission: 'permission.manage.role',
    summary: 'Add one permission to a role',
    handle: (ctx, req, actor) => changePermissions(ctx, req, actor, true),
  },
  {
    method: 'patch',
    path: '/permission/assign-permissions-role/{role}',
    permission: 'permission.manage.role',
    summary: 'Add a list of permissions or a whole module to a role',
    handle: (ctx, req, actor) => changePermissions(ctx, req, actor, true),
  },
  {
    method: 'patch',
    path: '/permission/remove-permission-role/{role}/{permission}',
    permission: 'permission.manage.role',
    summary: 'Remove one permission from a role',
    handle: (ctx, req, actor) => changePermissions(ctx, req, actor, false),
  },
  {
    method: 'patch',
    path: '/permission/remove-permissions-role/{role}',
    permission: 'permission.manage.role',
    summary: 'Remove a list of permissions or a whole module from a role',
    handle: (ctx, req, actor) => changePermissions(ctx, req, actor, false),
  },
  {
    method: 'post',
    path: '/permission/role',
    permission: 'permission.manage.role',
    status: 201,
    summary: "Create a billing company's own role",
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name || name.length > 50)
        throw invalid({ name: [problem(name ? 'name_over_50_characters' : 'name_field_required')] });
      let bc =
        body.billing_company_id === undefined || body.billing_company_id === null
          ? null
          : Number(body.billing_company_id);
      if (!actor.crossTenant) {
        if (bc === null && actor.billingCompanyIds.length === 1) bc = actor.billingCompanyIds[0];
        if (bc === null || !actor.billingCompanyIds.includes(bc))
          throw invalid({ billing_company_id: [problem('billing_company_required')] });
      }
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
      return ctx.db.transaction(async (tx) => {
        const dup = await tx.query(
          'select 1 from roles where coalesce(billing_company_id, 0) = coalesce($1::bigint, 0) and (slug = $2 or lower(name) = lower($3))',
          [bc, slug, name],
        );
        if (dup.rowCount) throw invalid({ name: [problem('role_already_exists')] }, 'role_already_exists');
        // Billing company roles are type 2 (BILLING COMPANY); a Super User's shared role too unless stated.
        const r = await tx.query<{ id: number }>(
          'insert into roles (slug, name, type, billing_company_id) values ($1, $2, 2, $3) returning id',
          [slug, name, bc],
        );
        const role = { id: Number(r.rows[0].id), slug, name, type: 2, billing_company_id: bc };
        await writeAudit(tx, actor, {
          entity: 'role',
          entityId: role.id,
          billingCompanyId: bc,
          event: 'created',
          oldValues: null,
          newValues: role,
        });
        return role;
      });
    },
  },
];
