import { DomainError, forbidden } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from './actor.ts';

/**
 * The billing company a person acts for when they write: a Super User names it; anyone else may name one of their
 * own, and one who belongs to a single billing company need not name it. Naming another's is refused.
 */
export function actingBillingCompany(actor: Actor, asked: number | undefined): number {
  const required = () => new DomainError('invalid', {}, { billing_company_id: [{ code: 'billing_company_required' }] });
  if (actor.crossTenant) {
    if (!asked) throw required();
    return asked;
  }
  if (asked !== undefined && !actor.billingCompanyIds.includes(asked)) throw forbidden();
  if (asked) return asked;
  if (actor.billingCompanyIds.length !== 1) throw required();
  return actor.billingCompanyIds[0];
}
