import type { Entity } from '../../src/platform/entity.ts';
import { invalidTexts } from '../../src/domain/errors/domain-error.ts';
import type { Database } from '../db/database.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { ssnHash } from '../security/ssn-protection.ts';
import { usDateToIso, isUsDate, isSsn } from '../../src/domain/formats.ts';

export interface PatientContext {
  db: Database;
  entities: Entity[];
}

export const DUPLICATE_PATIENT_MESSAGE = 'This patient is already registered';

/**
 * GET /patient/exist: before a patient is created, the same person in the same billing company —
 * by name and date of birth, or by SSN. Answers the matches the caller may see, so the form can warn.
 */
export const patientRoutes: GuardedRoute<PatientContext>[] = [
  {
    method: 'get',
    path: '/patient/exist',
    permission: 'patient.create',
    summary: 'Duplicate check before creating a patient (names and date of birth, or SSN, in a billing company)',
    async handle(ctx, req, actor) {
      const q = req.query as Record<string, string | undefined>;
      const errors: Record<string, string[]> = {};
      if (q.date_of_birth && !isUsDate(q.date_of_birth))
        errors.date_of_birth = ['The date of birth is not a valid date (mm/dd/yyyy).'];
      if (q.ssn && !isSsn(q.ssn) && !/^\d{9}$/.test(q.ssn)) errors.ssn = ['The SSN must be in the format xxx-xx-xxxx.'];
      const byName = q.first_name && q.last_name && q.date_of_birth;
      if (!byName && !q.ssn) errors.first_name = ['Give the first name, last name and date of birth, or the SSN.'];
      if (Object.keys(errors).length) throw invalidTexts(errors);
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
    },
  },
];
