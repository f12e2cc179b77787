import { notFound, DomainError, problem, invalid, forbidden } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import type { LoginHours } from '../security/login-hours.ts';
import { ALWAYS_MFA_ROLES, catalog } from '../security/permission-catalog.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';

interface Role {
  id: number;
  slug: string;
  name: string;
  type: number;
  billing_company_id: number | null;
  /** its people must sign in with an authenticator (always so for Super Users and managers) */
  mfa_required: boolean;
  /** when its people may sign in and work (null: at any time) */
  login_hours: LoginHours | null;
}

/** A role's two-step policy as people see it: the company's choice, or always for the roles that must. */
const withPolicy = <R extends Role>(role: R): R & { mfa_always: boolean } => ({
  ...role,
  mfa_required: role.mfa_required || ALWAYS_MFA_ROLES.includes(role.slug),
  // the policy cannot be turned off for this role (a screen shows its switch fixed)
  mfa_always: ALWAYS_MFA_ROLES.includes(role.slug),
});
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

export async function visibleRole(
  db: Queryable,
  actor: Actor,
  id: number,
  forUpdate = false,
): Promise<Role & { mfa_always: boolean }> {
  const r = await db.query<Role>(
    `select id, slug, name, type, billing_company_id, mfa_required, login_hours from roles where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  const role = r.rows[0];
  if (!role) throw notFound('role_does_not_exist');
  const bc = role.billing_company_id === null ? null : Number(role.billing_company_id);
  if (!actor.crossTenant && bc !== null && !actor.billingCompanyIds.includes(bc)) throw notFound('role_does_not_exist');
  return withPolicy({ ...role, id: Number(role.id), billing_company_id: bc });
}

/** Shared (default) roles are changed only by system users: they act for every billing company. */
export function requireEditable(actor: Actor, role: Role) {
  if (!actor.crossTenant && role.billing_company_id === null)
    throw new DomainError('only_super_user_change_default_role');
}

export async function rolePermissions(db: Queryable, roleId: number): Promise<Permission[]> {
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

/** How a request names permissions: one in its path (id or slug), or in its body a list or a whole module. */
export interface PermissionNaming {
  permission?: string;
  body: Record<string, unknown>;
}

/** The permissions a request names: one in the path (id or slug), or a list, or a whole module, in the body. */
async function namedPermissions(db: Queryable, naming: PermissionNaming): Promise<Permission[]> {
  const all = (await db.query<Permission>('select id, slug, module, action from permissions order by slug')).rows.map(
    (p) => ({ ...p, id: Number(p.id) }),
  );
  const find = (v: unknown) => all.find((p) => String(p.id) === String(v) || p.slug === v);
  if (naming.permission !== undefined) {
    const p = find(naming.permission);
    if (!p) throw notFound('permission_does_not_exist');
    return [p];
  }
  const body = naming.body;
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

/** Grants (add) or withdraws the named permissions of a role, in one transaction, audited when anything changed. */
export async function changeRolePermissions(
  db: Database,
  actor: Actor,
  change: { roleId: number; add: boolean } & PermissionNaming,
) {
  const { add } = change;
  return db.transaction(async (tx) => {
    const role = await visibleRole(tx, actor, change.roleId, true);
    requireEditable(actor, role);
    const perms = await namedPermissions(tx, change);
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

/** Every role the actor may see (shared ones and their billing companies' own) with its permissions by module. */
export async function rolesWithPermissions(db: Queryable, actor: Actor) {
  const params: unknown[] = [];
  const scope = actor.crossTenant
    ? 'true'
    : (params.push(actor.billingCompanyIds),
      'r.billing_company_id is null or r.billing_company_id = any($1::bigint[])');
  const r = await db.query<Role & { permissions: string[] }>(
    `select r.id, r.slug, r.name, r.type, r.billing_company_id, r.mfa_required, r.login_hours,
                array(select p.slug from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = r.id order by p.slug) as permissions
           from roles r where ${scope} order by r.id`,
    params,
  );
  return r.rows.map((role) => ({
    ...withPolicy(role),
    id: Number(role.id),
    permissions: grouped(role.permissions.map((slug) => ({ slug }) as Permission)),
  }));
}

/** A role with its permissions, flat and by module. */
export async function roleWithPermissions(db: Queryable, actor: Actor, id: number) {
  const role = await visibleRole(db, actor, id);
  const perms = await rolePermissions(db, role.id);
  return { ...role, permissions: perms.map((p) => p.slug), permissions_by_module: grouped(perms) };
}

/** Every catalogue module and permission, each marked granted or not for the role. */
export async function permissionsByRole(db: Queryable, actor: Actor, id: number) {
  const role = await visibleRole(db, actor, id);
  const granted = new Set((await rolePermissions(db, role.id)).map((p) => p.slug));
  const all = (await db.query<Permission>('select id, slug, module, action from permissions order by id')).rows;
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
}

/** Creates a billing company's own role (a Super User may create a shared one), audited. */
export async function createRole(db: Database, actor: Actor, body: Record<string, unknown>) {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name || name.length > 50)
    throw invalid({ name: [problem(name ? 'name_over_50_characters' : 'name_field_required')] });
  let bc =
    body.billing_company_id === undefined || body.billing_company_id === null ? null : Number(body.billing_company_id);
  if (!actor.crossTenant) {
    if (bc === null && actor.billingCompanyIds.length === 1) bc = actor.billingCompanyIds[0];
    if (bc === null || !actor.billingCompanyIds.includes(bc))
      throw invalid({ billing_company_id: [problem('billing_company_required')] });
  }
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return db.transaction(async (tx) => {
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
}
