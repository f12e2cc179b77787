import { isNpi } from '../../src/domain/formats.ts';
import { problem, invalid, DomainError } from '../../src/domain/errors/domain-error.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import type { StoreContext } from '../resources/store-of.ts';

/**
 * GET /npi/{npi}: what is known of an NPI before a company, facility or professional is created
 * with it. A number whose check digit fails cannot exist; otherwise the imported NPPES registry
 * answers (kind, name, taxonomy, address), and the records here that already use it are listed
 * (only those the caller may see).
 */
export const npiRoutes: GuardedRoute<StoreContext>[] = [
  {
    method: 'get',
    path: '/npi/{npi}',
    permission: [
      'company.create',
      'company.edit',
      'facility.create',
      'facility.edit',
      'healthprofessional.create',
      'healthprofessional.edit',
    ],
    summary: 'NPI look-up: check digit, NPPES registry (when imported) and the records using it',
    async handle(ctx, req, actor) {
      const npi = String(req.params.npi);
      if (!isNpi(npi)) throw invalid({ npi: [problem('npi_does_not_exist')] }, 'npi_does_not_exist');
      const reg = await ctx.db.query<Record<string, unknown>>(
        'select npi, entity_type, name, taxonomy, address, city, state, zip from npi_registry where npi = $1',
        [npi],
      );
      const params: unknown[] = [npi];
      const scope = actor.crossTenant
        ? 'true'
        : (params.push(actor.billingCompanyIds), `billing_company_id = any($2::bigint[])`);
      const used = await ctx.db.query<{ entity: string; id: string; name: string; billing_company_id: string }>(
        `select 'company' as entity, id, name, billing_company_id from companies where npi = $1 and ${scope}
         union all select 'facility', id, name, billing_company_id from facilities where npi = $1 and ${scope}
         union all select 'health-professional', id, first_name || ' ' || last_name, billing_company_id from health_professionals where npi = $1 and ${scope}`,
        params,
      );
      const registry = reg.rows[0];
      const usedBy = used.rows.map((u) => ({
        entity: u.entity,
        id: Number(u.id),
        name: u.name,
        billing_company_id: Number(u.billing_company_id),
      }));
      if (!registry && !usedBy.length) throw new DomainError('npi_cannot_found');
      const kind = registry
        ? Number(registry.entity_type) === 1
          ? 'individual'
          : 'organization'
        : usedBy[0].entity === 'health-professional'
          ? 'individual'
          : 'organization';
      return { npi, kind, entity_type: kind === 'individual' ? 1 : 2, registry: registry ?? null, used_by: usedBy };
    },
  },
];
