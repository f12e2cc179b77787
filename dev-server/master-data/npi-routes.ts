import { isNpi } from '../../src/domain/formats.ts';
import { json, maybe } from '../http/answers.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import type { StoreContext } from '../resources/store-of.ts';
import { npiLookup } from './npi-lookup.ts';

/** An NPI whose check digit holds; one that fails cannot exist. */
function validNpi(v: unknown): string {
  const npi = String(v);
  if (!isNpi(npi)) throw invalid({ npi: [problem('npi_does_not_exist')] }, 'npi_does_not_exist');
  return npi;
}

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
    answers: json({
      npi: 'string',
      kind: 'string',
      entity_type: 'integer',
      registry: maybe({
        npi: 'string',
        entity_type: 'integer',
        name: 'string',
        taxonomy: 'any',
        address: 'any',
        city: 'any',
        state: 'any',
        zip: 'any',
      }),
      used_by: [{ entity: 'string', id: 'integer', name: 'string', billing_company_id: 'integer' }],
    }),
    permission: [
      'company.create',
      'company.edit',
      'facility.create',
      'facility.edit',
      'healthprofessional.create',
      'healthprofessional.edit',
    ],
    summary: 'NPI look-up: check digit, NPPES registry (when imported) and the records using it',
    handle: (ctx, req, actor) => npiLookup(ctx.db, actor, validNpi(req.params.npi)),
  },
];
