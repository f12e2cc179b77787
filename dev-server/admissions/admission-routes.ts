import { DomainError, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, editedVersion, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import { AdmissionService } from './admission-service.ts';
import { roomLabel, type Room } from './rooms.ts';
import { census } from './census.ts';
import { readableBy } from '../resources/shared-tenancy.ts';
import { ADMISSION_STATUS } from '../../src/generated/ids.ts';

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
const text = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
const tenant = (
  actor: { crossTenant: boolean; billingCompanyIds: number[] },
  params: unknown[],
  column = 'billing_company_id',
) =>
  actor.crossTenant ? 'true' : (params.push(actor.billingCompanyIds), `${column} = any($${params.length}::bigint[])`);
const programs = () =>
  codeListFile('admission-programs') as Array<{ id: string; name: string; name_es?: string; revenue_codes?: string[] }>;

/**
 * Look-ups of document 3 §7 "Admission" at static paths: mounted before the generic router, so that
 * /admission/{id} does not take /admission/rooms.
 */
export const admissionLookupRoutes: GuardedRoute<AdmissionContext>[] = [
  {
    method: 'get',
    path: '/admission/census',
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
    permission: 'admission.view',
    summary:
      'A company\'s units [{id, name}] (?company_id); 422 "There are no units/rooms registered for this company" when it has none',
    async handle(ctx, req, actor) {
      const companyId = positiveId(req.query.company_id, 'company_id');
      const params: unknown[] = [];
      const where = [tenant(actor, params), 'status is not false'];
      if (companyId) {
        params.push(companyId);
        where.push(`company_id = $${params.length}`);
      }
      const r = await ctx.db.query<{ id: number; name: string }>(
        `select id, code || ' - ' || name as name from units where ${where.join(' and ')} and jsonb_array_length(coalesce(rooms, '[]'::jsonb)) > 0 order by code`,
        params,
      );
      if (companyId && !r.rows.length)
        throw invalid({ unit_id: [problem('no_units_rooms_registered_company')] }, 'no_units_rooms_registered_company');
      return r.rows;
    },
  },
  {
    method: 'get',
    path: '/admission/rooms',
    permission: 'admission.view',
    summary:
      "A unit's rooms with a free bed [{id: code, name: 'code ~ name ~ ocupation/capacity'}] (?unit_id, ?record_id: the admission being edited keeps its own bed): a full room is not offered",
    async handle(ctx, req, actor) {
      const unitId = positiveId(req.query.unit_id, 'unit_id');
      if (!unitId) return [];
      const params: unknown[] = [unitId];
      const unit = (
        await ctx.db.query<{ rooms: Room[] | null }>(
          `select rooms from units where id = $1 and ${tenant(actor, params)}`,
          params,
        )
      ).rows[0];
      if (!unit) throw new DomainError('not_found');
      const own = positiveId(req.query.record_id, 'record_id') ?? 0;
      const counts = new Map(
        (
          await ctx.db.query<{ room: string; n: string }>(
            `select room, count(*) as n from admissions where unit_id = $1 and status_id = ${ADMISSION_STATUS.ADMITTED} and id <> $2 group by room`,
            [unitId, own],
          )
        ).rows.map((x) => [x.room, Number(x.n)]),
      );
      return (unit.rooms ?? [])
        .filter((r) => (counts.get(r.code) ?? 0) < Number(r.capacity))
        .map((r) => ({ id: r.code, name: roomLabel(r, counts.get(r.code) ?? 0) }));
    },
  },
  {
    method: 'get',
    path: '/admission/policies',
    permission: 'admission.view',
    summary: "A patient's active policies [{id, name}] (?patient_id), primary first",
    async handle(ctx, req, actor) {
      return patientPolicies(ctx, actor, positiveId(req.query.patient_id, 'patient_id'));
    },
  },
  {
    method: 'get',
    path: '/admission/revenue-codes',
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
    permission: 'admission.view',
    summary: 'Procedures a company bills (its services), [{id, name, price}] (?search)',
    async handle(ctx, req, actor) {
      const companyId = positiveId(req.params.companyId, 'companyId')!;
      const params: unknown[] = [companyId];
      const co = (
        await ctx.db.query<{
          services: Array<{ procedure_code: string; std_price?: number }> | null;
          billing_company_id: string;
        }>(`select services, billing_company_id from companies where id = $1 and ${tenant(actor, params)}`, params)
      ).rows[0];
      if (!co) throw new DomainError('not_found');
      const codes = (co.services ?? []).map((s) => s.procedure_code);
      const r = await ctx.db.query<{ code: string; description: string }>(
        `select code, coalesce(short_description, description) as description from procedures where code = any($1::text[]) and ${readableBy('$2')} order by code`,
        [codes, co.billing_company_id],
      );
      const search = text(req.query.search);
      const price = new Map((co.services ?? []).map((s) => [s.procedure_code, s.std_price]));
      return r.rows
        .filter((p) => !search || p.code.toLowerCase().includes(search) || p.description.toLowerCase().includes(search))
        .map((p) => ({
          id: p.code,
          name: `${p.code} - ${p.description}`,
          ...(price.get(p.code) !== undefined ? { price: price.get(p.code) } : {}),
        }));
    },
  },
  {
    method: 'get',
    path: '/company/{id}/programs',
    permission: ['admission.view', 'company.show'],
    summary: 'The programs a company admits to [{id, name}] (all of them when the company has not chosen)',
    async handle(ctx, req, actor, res) {
      const params: unknown[] = [idParam(req)];
      const co = (
        await ctx.db.query<{ programs: string[] | null }>(
          `select programs from companies where id = $1 and ${tenant(actor, params)}`,
          params,
        )
      ).rows[0];
      if (!co) throw new DomainError('not_found');
      return programs()
        .filter((p) => !co.programs?.length || co.programs.includes(p.id))
        .map((p) => ({ id: p.id, name: res.locals.locale === 'es' && p.name_es ? p.name_es : p.name }));
    },
  },
  {
    method: 'get',
    path: '/claim/admission',
    permission: ['claim.create', 'admission.view'],
    summary: 'Discharged admissions not yet billed [{id, name}]: what a new institutional claim may be made from',
    async handle(ctx, _req, actor) {
      const params: unknown[] = [];
      const r = await ctx.db.query<{ id: number; name: string }>(
        `select id, code || ' · ' || coalesce(patient_name, '') || ' · ' || to_char(admission_date, 'MM/DD/YYYY') as name from admissions where ${tenant(actor, params)} and status_id = ${ADMISSION_STATUS.DISCHARGED} order by admission_date desc, id desc limit 500`,
        params,
      );
      return r.rows;
    },
  },
];

async function patientPolicies(
  ctx: AdmissionContext,
  actor: { crossTenant: boolean; billingCompanyIds: number[] },
  patientId: number | undefined,
) {
  if (!patientId) return [];
  const params: unknown[] = [patientId];
  const r = await ctx.db.query<{ id: number; name: string }>(
    `select p.id, case p.type_responsibility_id when 1 then 'P' when 2 then 'S' else 'T' end || ' · ' || p.policy_number || ' · ' || ic.name as name
       from insurance_policies p join insurance_companies ic on ic.id = p.insurance_company_id
      where p.patient_id = $1 and ${tenant(actor, params, 'p.billing_company_id')} and p.status is not false and (p.end_date is null or p.end_date >= current_date)
      order by p.type_responsibility_id, p.id`,
    params,
  );
  return r.rows;
}

/** The writes and the record's own calls, after the generic routes (show and list are generated). */
export const admissionRoutes: GuardedRoute<AdmissionContext>[] = [
  {
    method: 'post',
    path: '/admission',
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
    permission: 'admission.view',
    summary: "A patient's active policies [{id, name}]",
    async handle(ctx, req, actor) {
      return patientPolicies(ctx, actor, positiveId(req.params.patient, 'patient'));
    },
  },
  {
    method: 'get',
    path: '/claim/admission/{id}',
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
