import { ipAllowed, restrictionsOfUsers, type Restriction } from '../security/ip-restriction-check.ts';
import { entityWriter } from '../resources/validation.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, type GuardedRoute } from '../http/guarded-routes.ts';
import type { IdentityContext } from '../users/identity-context.ts';

interface Affected {
  id: number;
  email: string;
  name: string;
  last_ip: string | null;
  allowed_before: boolean;
  allowed_after: boolean;
}

/**
 * Before an IP rule is saved: who of the billing company it concerns, and who of them, signing in
 * from the address they last used, would be let in before and after it. The screens show this so
 * that nobody turns a billing company into a whitelist by surprise.
 */
export const ipRulePreviewRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'post',
    path: '/user-restriction-by-ip/preview',
    permission: 'setting.restriction.create',
    summary: 'Who an IP rule would affect, and who it would lock out (from the address each last signed in from)',
    async handle(ctx, req, actor, res) {
      const entity = ctx.entities.find((e) => e.name === 'ip-restriction')!;
      const { writable, check } = entityWriter(entity);
      const rule = writable(bodyObject(req));
      const bc = actor.crossTenant
        ? Number(rule.billing_company_id)
        : actor.billingCompanyIds.length === 1
          ? actor.billingCompanyIds[0]
          : Number(rule.billing_company_id);
      if (!Number.isSafeInteger(bc) || (!actor.crossTenant && !actor.billingCompanyIds.includes(bc)))
        throw new DomainError('invalid', {}, { billing_company_id: [{ code: 'billing_company_required' }] });
      check({ ...rule, billing_company_id: bc }, res.locals.locale);
      const proposed: Restriction = {
        id: 0,
        ip_beginning: String(rule.ip_beginning),
        ip_finish: (rule.ip_finish as string | undefined) ?? null,
        applies_to: String(rule.applies_to),
        user_id: (rule.user_id as number | undefined) ?? null,
        role_id: (rule.role_id as number | undefined) ?? null,
      };
      const people = await ctx.db.query<{
        id: number;
        email: string;
        name: string;
        last_ip: string | null;
        role_ids: number[];
      }>(
        `select u.id, u.email, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
              (select s.ip from sessions s where s.user_id = u.id order by s.created_at desc limit 1) as last_ip,
              array(select role_id from user_roles where user_id = u.id) as role_ids
         from users u join billing_company_users m on m.user_id = u.id and m.billing_company_id = $1 order by u.id limit 500`,
        [bc],
      );
      const restrictions = await restrictionsOfUsers(
        ctx.db,
        people.rows.map((p) => Number(p.id)),
      );
      const affected: Affected[] = [];
      for (const p of people.rows) {
        const roles = p.role_ids.map(Number);
        const concerns =
          proposed.applies_to === 'billing_company' ||
          (proposed.applies_to === 'user' && proposed.user_id === Number(p.id)) ||
          (proposed.applies_to === 'role' && proposed.role_id !== null && roles.includes(proposed.role_id));
        const current = restrictions.get(Number(p.id))!;
        const ip = Number(p.id) === actor.userId ? actor.ip : p.last_ip;
        const before = ip ? ipAllowed(ip, Number(p.id), roles, current) : true;
        const after = ip ? ipAllowed(ip, Number(p.id), roles, [...current, proposed]) : true;
        // The first rule makes a whitelist: everyone of the company is concerned when it would shut them out.
        if (concerns || before !== after)
          affected.push({
            id: Number(p.id),
            email: p.email,
            name: p.name,
            last_ip: ip,
            allowed_before: before,
            allowed_after: after,
          });
      }
      const locked = affected.filter((a) => a.allowed_before && !a.allowed_after);
      return { affected, locked_out: locked.length, locks_you_out: locked.some((a) => a.id === actor.userId) };
    },
  },
];
