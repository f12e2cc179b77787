import { DomainError, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { json, record, idNames, message } from '../http/answers.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, editedVersion, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import { AdmissionService } from './admission-service.ts';
import { census } from './census.ts';
import { ADMISSION_STATUS } from '../../src/generated/ids.ts';
import {
  admissionsToBill,
  companyPrograms,
  companyProceduresPriced,
  companyUnits,
  freeRooms,
  patientPolicies,
  programs,
  text,
} from './admission-lookups.ts';

export interface AdmissionContext {
  db: Database;
  entities: Entity[];
}

const positiveId = (v: unknown, field: string) => {
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,15}$/.test(String(v)))
    throw invalid({ [field]: [problem('field_an_id', { field: field.replace(/_/g, ' ') })] });
  return Number(v);
};
/**
 * Look-ups of document 3 §7 "Admission" at static paths: mounted before the generic router, so that
 * /admission/{id} does not take /admission/rooms.
 */
export const admissionLookupRoutes: GuardedRoute<AdmissionContext>[] = [
  {
    method: 'get',
    path: '/admission/census',
    answers: json({
      rooms: [
        {
          company: 'string',
          unit_id: 'integer',
          unit: 'string',
          room: 'string',
          room_name: 'string',
          capacity: 'integer',
          occupied: 'integer',
          free: 'integer',
          patients: ['object'],
        },
      ],
      by_facility: [{ facility_id: 'integer', facility: 'string', patients: 'integer' }],
      totals: { capacity: 'integer', occupied: 'integer' },
    }),
    permission: 'admission.view',
    summary:
      'Who is where now: every room of every unit with its capacity, its open admissions and the free beds; totals by facility and overall (?company_id)',
    async handle(ctx, req, actor) {
      return census(ctx.db, actor, positiveId(req.query.company_id, 'company_id'));
    },
  },
  {
    method: 'get',
    path: '/admission/units',
    answers: json(idNames),
    permission: 'admission.view',
    summary:
      'A company\'s units [{id, name}] (?company_id); 422 "There are no units/rooms registered for this company" when it has none',
    handle: (ctx, req, actor) => companyUnits(ctx, actor, positiveId(req.query.company_id, 'company_id')),
  },
  {
    method: 'get',
    path: '/admission/rooms',
    answers: json(idNames),
    permission: 'admission.view',
    summary:
      "A unit's rooms with a free bed [{id: code, name: 'code ~ name ~ ocupation/capacity'}] (?unit_id, ?record_id: the admission being edited keeps its own bed): a full room is not offered",
    handle: (ctx, req, actor) =>
      freeRooms(ctx, actor, {
        unitId: positiveId(req.query.unit_id, 'unit_id'),
        recordId: positiveId(req.query.record_id, 'record_id'),
      }),
  },
  {
    method: 'get',
    path: '/admission/policies',
    answers: json(idNames),
    permission: 'admission.view',
    summary: "A patient's active policies [{id, name}] (?patient_id), primary first",
    async handle(ctx, req, actor, res) {
      return patientPolicies(ctx, actor, positiveId(req.query.patient_id, 'patient_id'), res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/admission/revenue-codes',
    answers: json(idNames),
    permission: 'admission.view',
    summary:
      "Revenue codes [{id, name}] (?search, ?program: that program's codes first and only them when it has some)",
    async handle(_ctx, req) {
      const program = programs().find((p) => p.id === req.query.program);
      const search = text(req.query.search);
      return (codeListFile('revenue-codes') as Array<{ id: string; name: string }>)
        .filter((r) => !program?.revenue_codes?.length || program.revenue_codes.includes(r.id))
        .filter((r) => !search || r.id.includes(search) || r.name.toLowerCase().includes(search))
        .slice(0, 100)
        .map((r) => ({ id: r.id, name: `${r.id} - ${r.name}` }));
    },
  },
  {
    method: 'get',
    path: '/admission/procedures/{companyId}',
    answers: json([{ id: 'string', name: 'string', price: 'integer' }]),
    permission: 'admission.view',
    summary: 'Procedures a company bills (its services), [{id, name, price}] (?search)',
    handle: (ctx, req, actor) =>
      companyProceduresPriced(ctx, actor, positiveId(req.params.companyId, 'companyId')!, text(req.query.search)),
  },
  {
    method: 'get',
    path: '/company/{id}/programs',
    answers: json(idNames),
    permission: ['admission.view', 'company.show'],
    summary: 'The programs a company admits to [{id, name}] (all of them when the company has not chosen)',
    handle: (ctx, req, actor, res) => companyPrograms(ctx, actor, idParam(req), res.locals.locale),
  },
  {
    method: 'get',
    path: '/claim/admission',
    answers: json(idNames),
    permission: ['claim.create', 'admission.view'],
    summary: 'Discharged admissions not yet billed [{id, name}]: what a new institutional claim may be made from',
    handle: (ctx, _req, actor) => admissionsToBill(ctx, actor),
  },
];

/** The writes and the record's own calls, after the generic routes (show and list are generated). */
export const admissionRoutes: GuardedRoute<AdmissionContext>[] = [
  {
    method: 'post',
    path: '/admission',
    answers: json(record('admission')),
    permission: 'admission.create',
    status: 201,
    summary:
      'Admits a patient: program, unit and room (never beyond its capacity), policies with authorization numbers, diagnoses and services; every rule of document 3 §5',
    async handle(ctx, req, actor, res) {
      return new AdmissionService(ctx, actor).save(bodyObject(req), { locale: res.locals.locale });
    },
  },
  {
    method: 'put',
    path: '/admission/{id}',
    answers: json(record('admission')),
    permission: 'admission.edit',
    summary: 'Updates an admission not yet billed (the version edited is required)',
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      delete body.version;
      return new AdmissionService(ctx, actor).save(body, {
        id: idParam(req),
        version: editedVersion(req, true),
        locale: res.locals.locale,
      });
    },
  },
  {
    method: 'delete',
    path: '/admission/{id}',
    answers: message(),
    permission: 'admission.delete',
    summary: 'Deletes an admission not yet billed, with its notes; its room is freed',
    async handle(ctx, req, actor) {
      await new AdmissionService(ctx, actor).remove(idParam(req), editedVersion(req));
      return { message: 'Deleted.' };
    },
  },
  {
    method: 'put',
    path: '/admission/{id}/discharge',
    answers: json(record('admission')),
    permission: 'admission.discharge',
    summary:
      'Discharges ({discharge_date, discharge_hour, admission_hour, statement_from, statement_through, admission_type, admission_source, patient_status, discharge_info}): 422 lists what is still missing; the room is freed and a system note added',
    async handle(ctx, req, actor, res) {
      return new AdmissionService(ctx, actor).discharge(idParam(req), bodyObject(req), res.locals.locale);
    },
  },
  {
    method: 'patch',
    path: '/admission/{id}/transition',
    answers: json(record('admission')),
    permission: 'admission.discharge',
    summary:
      'The state machine route: back to Admitted (undo a discharge) needs a note with the reason ({status_id: 1, note})',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const to = Number(body.status_id ?? body.to);
      if (to !== ADMISSION_STATUS.ADMITTED)
        throw invalid({ status_id: [problem('discharge_made_from_discharge_window_route')] });
      return new AdmissionService(ctx, actor).undischarge(
        idParam(req),
        typeof body.note === 'string' ? body.note : undefined,
      );
    },
  },
  {
    method: 'post',
    path: '/admission/{id}/transfer-to-billing',
    answers: json(record('admission')),
    permission: 'admission.edit',
    summary:
      'Makes the institutional claim of a discharged admission (type of bill, statement period, admission data, diagnoses with POA, revenue-code lines); it must pass verification; both are linked and the admission is Billed',
    async handle(ctx, req, actor, res) {
      return (await new AdmissionService(ctx, actor).transferToBilling(idParam(req), res.locals.locale)).admission;
    },
  },
  {
    method: 'get',
    path: '/admission/{patient}/policies',
    phi: { entity: 'patient', param: 'patient', view: 'policies' },
    answers: json(idNames),
    permission: 'admission.view',
    summary: "A patient's active policies [{id, name}]",
    async handle(ctx, req, actor, res) {
      return patientPolicies(ctx, actor, positiveId(req.params.patient, 'patient'), res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/claim/admission/{id}',
    answers: json({
      billing_company_id: 'integer',
      format_id: 'integer',
      patient_id: 'integer',
      company_id: 'integer',
      facility_id: 'integer',
      attending_provider_id: 'integer',
      insurance_policy_ids: ['integer'],
      prior_authorization: 'string',
      type_of_bill: 'string',
      admission_date: 'string',
      admission_hour: 'integer',
      discharge_date: 'string',
      discharge_hour: 'integer',
      statement_from: 'string',
      statement_through: 'string',
      admission_type: 'string',
      admission_source: 'string',
      patient_status: 'string',
      diagnoses: [{ poa: 'string', code: 'string' }],
      accept_assignment: 'boolean',
      outside_lab: 'boolean',
      services: [
        {
          from_service: 'string',
          to_service: 'string',
          revenue_code: 'string',
          modifiers: ['any'],
          days_or_units: 'string',
          price: 'integer',
        },
      ],
    }),
    permission: ['claim.create', 'admission.view'],
    summary: 'The institutional claim an admission would make (to prefill a claim form)',
    async handle(ctx, req, actor) {
      const admissions = new AdmissionService(ctx, actor);
      return admissions.claimBody(ctx.db, await admissions.store.get(idParam(req)));
    },
  },
  ...(['notes', 'tracking'] as const).flatMap((kind): GuardedRoute<AdmissionContext>[] => {
    const noteKind = kind === 'notes' ? 'note' : 'tracking';
    const noteOf = async (
      ctx: AdmissionContext,
      actor: Parameters<GuardedRoute<AdmissionContext>['handle']>[2],
      admissionId: number,
      noteId: number,
    ) => {
      const s = new AdmissionService(ctx, actor);
      await s.store.get(admissionId);
      const n = await s.notes.get(noteId);
      if (Number(n.admission_id) !== admissionId || n.kind !== noteKind) throw new DomainError('not_found');
      return { s, n };
    };
    return [
      {
        method: 'post',
        path: `/admission/{id}/${kind}`,
        answers: json(record('admission_note')),
        permission: 'admission.edit',
        status: 201,
        summary: `Adds a ${noteKind} to an admission ({note${kind === 'tracking' ? ', follow_up' : ''}})`,
        async handle(ctx, req, actor) {
          const s = new AdmissionService(ctx, actor);
          const a = await s.store.get(idParam(req));
          const body = bodyObject(req);
          return s.notes.create({
            admission_id: a.id,
            kind: noteKind,
            note: body.note,
            ...(kind === 'tracking' && body.follow_up ? { follow_up: body.follow_up } : {}),
            billing_company_id: a.billing_company_id,
            user_id: actor.system ? undefined : actor.userId,
          });
        },
      },
      {
        method: 'put',
        path: `/admission/{id}/${kind}/{noteId}`,
        answers: json(record('admission_note')),
        permission: 'admission.edit',
        summary: `Changes a ${noteKind} of an admission`,
        async handle(ctx, req, actor) {
          const { s, n } = await noteOf(ctx, actor, idParam(req), Number(positiveId(req.params.noteId, 'noteId')));
          const body = bodyObject(req);
          return s.notes.update(
            n.id,
            {
              note: body.note,
              ...(kind === 'tracking' && body.follow_up !== undefined ? { follow_up: body.follow_up } : {}),
            },
            { version: editedVersion(req) },
          );
        },
      },
      {
        method: 'delete',
        path: `/admission/{id}/${kind}/{noteId}`,
        answers: message(),
        permission: 'admission.edit',
        summary: `Deletes a ${noteKind} of an admission`,
        async handle(ctx, req, actor) {
          const { s, n } = await noteOf(ctx, actor, idParam(req), Number(positiveId(req.params.noteId, 'noteId')));
          await s.notes.remove(n.id, { version: editedVersion(req) });
          return { message: 'Deleted.' };
        },
      },
    ];
  }),
];
