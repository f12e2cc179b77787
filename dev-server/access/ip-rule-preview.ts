import type { Restriction } from '../security/ip-restriction-check.ts';
import { json } from '../http/answers.ts';
import { ipRuleEffect } from './ip-rule-effect.ts';
import { entityWriter } from '../resources/validation.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, type GuardedRoute } from '../http/guarded-routes.ts';
import type { IdentityContext } from '../users/identity-context.ts';

/**
 * Before an IP rule is saved: who of the billing company it concerns, and who of them, signing in
 * from the address they last used, would be let in before and after it. The screens show this so
 * that nobody turns a billing company into a whitelist by surprise.
 */
export const ipRulePreviewRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'post',
    path: '/user-restriction-by-ip/preview',
    answers: json({
      affected: [
        {
          id: 'integer',
          email: 'string',
          name: 'string',
          last_ip: 'string?',
          allowed_before: 'boolean',
          allowed_after: 'boolean',
        },
      ],
      locked_out: 'integer',
      locks_you_out: 'boolean',
    }),
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
      return ipRuleEffect(ctx.db, actor, bc, proposed);
    },
  },
];
