import type { Actor } from '../security/actor.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { ssnHash } from '../security/ssn-protection.ts';
import { usDateToIso } from '../../src/domain/formats.ts';
import type { PatientContext } from './patient-routes.ts';

export const DUPLICATE_PATIENT_MESSAGE = 'This patient is already registered';

/** What a duplicate check asks, as the query names it (dates mm/dd/yyyy, checked by the route). */
export type PatientMatch = Record<string, string | undefined>;

/** The same person already registered in the billing company (by name and date of birth, or by SSN), among the patients the actor may see; at most 10. */
export async function samePatients(ctx: PatientContext, actor: Actor, q: PatientMatch) {
  const byName = q.first_name && q.last_name && q.date_of_birth;
  let bc = q.billing_company_id && /^\d+$/.test(q.billing_company_id) ? Number(q.billing_company_id) : undefined;
  if (!actor.crossTenant)
    bc =
      bc && actor.billingCompanyIds.includes(bc)
        ? bc
        : actor.billingCompanyIds.length === 1
          ? actor.billingCompanyIds[0]
          : bc;
  const params: unknown[] = [];
  const match: string[] = [];
  if (byName) {
    params.push(q.first_name!.trim(), q.last_name!.trim(), usDateToIso(q.date_of_birth!));
    match.push(`(lower(first_name) = lower($1) and lower(last_name) = lower($2) and date_of_birth = $3)`);
  }
  if (q.ssn) {
    params.push(await ssnHash(ctx.db, q.ssn));
    match.push(`ssn_hash = $${params.length}`);
  }
  const where = [`(${match.join(' or ')})`];
  if (bc) {
    params.push(bc);
    where.push(`billing_company_id = $${params.length}`);
  }
  if (!actor.crossTenant) {
    params.push(actor.billingCompanyIds);
    where.push(`billing_company_id = any($${params.length}::bigint[])`);
  }
  const entity = ctx.entities.find((e) => e.name === 'patient')!;
  const store = new ResourceStore(ctx.db, entity, actor);
  const r = await ctx.db.query<Record<string, unknown> & { id: number }>(
    `select id, billing_company_id, first_name, last_name, date_of_birth, med_num from patients where ${where.join(' and ')} order by id limit 10`,
    params,
  );
  const patients = r.rows.map((row) => ({
    id: Number(row.id),
    billing_company_id: Number(row.billing_company_id),
    name: store.displayName(store.toApi(row)),
  }));
  return { exists: patients.length > 0, message: patients.length ? DUPLICATE_PATIENT_MESSAGE : null, patients };
}
