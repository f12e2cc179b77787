import { writeAudit } from '../db/audit-writer.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { requireEditable, visibleRole } from './roles.ts';

type Role = Awaited<ReturnType<typeof visibleRole>>;
/** A role's rules for its people (two-step sign-in, sign-in hours): columns of the role, set one at a time. */
type Policy = 'mfa_required' | 'login_hours';

/**
 * Sets one of a role's policies: the role locked, changeable by the actor, the value refused when the role may not
 * carry it, written and audited with the value before and after.
 */
export async function changeRolePolicy<P extends Policy>(
  db: Database,
  actor: Actor,
  roleId: number,
  policy: P,
  value: Role[P],
  refuse?: (role: Role) => void,
): Promise<Role> {
  return db.transaction(async (tx) => {
    const role = await visibleRole(tx, actor, roleId, true);
    requireEditable(actor, role);
    refuse?.(role);
    await tx.query(`update roles set ${policy} = $2 where id = $1`, [
      roleId,
      value !== null && typeof value === 'object' ? JSON.stringify(value) : value,
    ]);
    await writeAudit(tx, actor, {
      entity: 'role',
      event: 'updated',
      entityId: roleId,
      billingCompanyId: role.billing_company_id,
      oldValues: { [policy]: role[policy] },
      newValues: { [policy]: value },
    });
    return role;
  });
}
