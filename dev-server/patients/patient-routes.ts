import type { Entity } from '../../src/platform/entity.ts';
import { json } from '../http/answers.ts';
import { invalid, problem, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import type { Database } from '../db/database.ts';
import { idParam, pageOf, type GuardedRoute } from '../http/guarded-routes.ts';
import { patientAccesses } from '../audit/patient-accesses.ts';
import { storeOf } from '../resources/store-of.ts';
import { isUsDate, isSsn } from '../../src/domain/formats.ts';
import { samePatients } from './patient-duplicates.ts';
import { claimDraft } from './claim-draft.ts';

export interface PatientContext {
  db: Database;
  entities: Entity[];
}

/**
 * GET /patient/exist: before a patient is created, the same person in the same billing company —
 * by name and date of birth, or by SSN. Answers the matches the caller may see, so the form can warn.
 */
export const patientRoutes: GuardedRoute<PatientContext>[] = [
  {
    method: 'get',
    path: '/patient/exist',
    answers: json({
      exists: 'boolean',
      message: 'string?',
      patients: [{ id: 'integer', billing_company_id: 'integer', name: 'string' }],
    }),
    permission: 'patient.create',
    summary: 'Duplicate check before creating a patient (names and date of birth, or SSN, in a billing company)',
    async handle(ctx, req, actor) {
      const q = req.query as Record<string, string | undefined>;
      const errors: Record<string, FieldProblem[]> = {};
      if (q.date_of_birth && !isUsDate(q.date_of_birth)) errors.date_of_birth = [problem('date_of_birth_not_valid')];
      if (q.ssn && !isSsn(q.ssn) && !/^\d{9}$/.test(q.ssn)) errors.ssn = [problem('ssn_format')];
      const byName = q.first_name && q.last_name && q.date_of_birth;
      if (!byName && !q.ssn) errors.first_name = [problem('give_names_and_birth_or_ssn')];
      if (Object.keys(errors).length) throw invalid(errors);
      return samePatients(ctx, actor, q);
    },
  },
  {
    method: 'get',
    path: '/patient/{id}/accesses',
    answers: json({
      data: [
        {
          id: 'integer',
          at: 'string',
          user_id: 'integer',
          user_name: 'any',
          user_email: 'string',
          record: 'string',
          record_id: 'integer',
          event: 'string',
          view: 'string?',
          ip: 'string',
        },
      ],
      count: 'integer',
    }),
    permission: 'patient.history',
    summary:
      "Who read or changed a patient's records (the patient, their claims, admissions and policies), newest first: user, record, event, view, when and from where; paged (page, itemsPerPage)",
    async handle(ctx, req, actor) {
      const patient = await storeOf(ctx, actor, 'patient').get(idParam(req));
      return patientAccesses(ctx.db, Number(patient.id), pageOf(req.query as Record<string, unknown>, 25, 100));
    },
  },
  {
    method: 'get',
    path: '/patient/{id}/claim-draft',
    answers: json({
      billing_company_id: 'integer',
      format_id: 'integer',
      company_id: 'integer',
      'attending_provider_id?': 'integer',
      patient_id: 'integer',
      insurance_policy_ids: ['integer'],
      'facility_id?': 'integer',
      'referring_provider_id?': 'integer',
      'referring_qualifier?': 'string',
      'place_of_service?': 'string',
    }),
    permission: 'claim.create',
    summary:
      "A new claim's values for the patient: the patient, their active policies by responsibility, and the clinic, facility, providers and place of service of their latest claim (the patient record's New claim)",
    async handle(ctx, req, actor) {
      return claimDraft(ctx, actor, idParam(req));
    },
  },
];
