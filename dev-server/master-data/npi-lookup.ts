import { DomainError } from '../../src/domain/errors/domain-error.ts';

import type { Queryable } from '../db/database.ts';
import type { NpiRecord } from '../codes/nppes-import.ts';
import type { Actor } from '../security/actor.ts';

/** What is known of an NPI: the imported NPPES registry's entry and the records here (that the actor may see) using it. */
export async function npiLookup(db: Queryable, actor: Actor, npi: string) {
  const reg = await db.query<NpiRecord>(
    'select npi, entity_type, name, taxonomy, address, city, state, zip from npi_registry where npi = $1',
    [npi],
  );
  const params: unknown[] = [npi];
  const scope = actor.crossTenant
    ? 'true'
    : (params.push(actor.billingCompanyIds), `billing_company_id = any($2::bigint[])`);
  const used = await db.query<{ entity: string; id: number; name: string; billing_company_id: number }>(
    `select 'company' as entity, id, name, billing_company_id from companies where npi = $1 and ${scope}
         union all select 'facility', id, name, billing_company_id from facilities where npi = $1 and ${scope}
         union all select 'health-professional', id, first_name || ' ' || last_name, billing_company_id from health_professionals where npi = $1 and ${scope}`,
    params,
  );
  const registry = reg.rows[0];
  const usedBy = used.rows;
  if (!registry && !usedBy.length) throw new DomainError('npi_cannot_found');
  const kind = registry
    ? registry.entity_type === 1
      ? 'individual'
      : 'organization'
    : usedBy[0].entity === 'health-professional'
      ? 'individual'
      : 'organization';
  return { npi, kind, entity_type: kind === 'individual' ? 1 : 2, registry: registry ?? null, used_by: usedBy };
}
