import type { CodeList, CodeListItem } from '../../src/platform/load-schemas.ts';
import { json, record, idNames, fieldOf } from '../http/answers.ts';
import { notFound, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { codeListLabel } from '../../src/platform/code-list-fields.ts';
import { bodyObject, idParam, statusFromBody, type GuardedRoute, editedVersion } from '../http/guarded-routes.ts';
import { entityWriter } from '../resources/validation.ts';
import { entityOf, storeOf, type StoreContext } from '../resources/store-of.ts';
import { US_STATES, countries } from './places.ts';
import {
  addProceduresToCompany,
  billingCompaniesFor,
  codesOfProcedure,
  companyProcedureChoices,
  companyProcedures,
  insuranceFeeLabels,
  procedureInsuranceFees,
  taxonomyChoices,
} from './lookups.ts';

export interface LookupContext extends StoreContext {
  lists: Map<string, CodeList>;
}

const ROOM_SEPARATOR = ' ~ ';
/** code ~ name ~ ocupation/capacity, a dash for what is missing (document 2 §3). */
export const roomDisplay = (r: Record<string, unknown>) =>
  [r.code ?? '-', r.name ?? '-', `${r.ocupation ?? '-'}/${r.capacity ?? '-'}`].map(String).join(ROOM_SEPARATOR);
/** A list's items as [{id, name}], "code - name" where the code says something the name does not. */
const named = (items: CodeListItem[], locale: string) =>
  items.map((i) => ({ id: i.id, name: codeListLabel(i, locale) }));

/** Look-ups of document 2 §7 that join two records or answer a slice of a list. */
export const lookupRoutes: GuardedRoute<LookupContext>[] = [
  ...['patient', 'company', 'facility', 'health-professional', 'insurance-company'].map(
    (base): GuardedRoute<LookupContext> => ({
      method: 'get',
      path: `/${base}/get-list-billing-companies`,
      answers: json(idNames),
      permission: null,
      summary: 'Billing companies the caller may choose on this form [{id, name}]',
      handle: (ctx, _req, actor) => billingCompaniesFor(ctx, actor),
    }),
  ),
  {
    method: 'get',
    path: '/facility/get-list-billing-companies/{id}',
    answers: json([{ id: 'integer', name: 'string', selected: 'boolean' }]),
    permission: ['facility.view', 'facility.edit'],
    summary: "Billing companies, each marked when it is the facility's",
    async handle(ctx, req, actor) {
      const facility = await storeOf(ctx, actor, 'facility').get(idParam(req));
      return (await billingCompaniesFor(ctx, actor)).map((b) => ({
        ...b,
        selected: b.id === Number(facility.billing_company_id),
      }));
    },
  },
  {
    method: 'get',
    path: '/patient/search',
    answers: json({ data: [record('patient')], numberOfPages: 'integer', count: 'integer' }),
    limit: 'phi_search',
    permission: 'patient.view',
    summary:
      'Patients matching ?query (names, medical number, SSN last 4, phone; hyphens ignored), paged like the list',
    handle: (ctx, req, actor) => storeOf(ctx, actor, 'patient').list(req.query as Record<string, string>),
  },
  {
    method: 'get',
    path: '/injury/get-list-type-diags',
    answers: json(idNames),
    permission: null,
    summary: 'Diagnosis code types for an injury [{id, name}]',
    handle: async (ctx, _req, _actor, res) => named(ctx.lists.get('diagnosis-types')?.items ?? [], res.locals.locale),
  },
  {
    method: 'get',
    path: '/procedure/get-list/{companyId}',
    answers: json(idNames),
    permission: ['procedure.view', 'company.services.view', 'claim.create', 'claim.edit'],
    summary: "Procedures of a company's services [{id, name}]",
    handle: (ctx, req, actor) => companyProcedureChoices(ctx, actor, idParam(req, 'companyId')),
  },
  {
    method: 'get',
    path: '/procedure/get-list-diagnoses/{code}',
    answers: json([{ id: 'integer', code: 'string', name: 'string' }]),
    permission: ['procedure.view', 'claim.create', 'claim.edit'],
    summary: 'Diagnoses a procedure lists [{id, code, name}]',
    handle: (ctx, req, actor) =>
      codesOfProcedure({
        ctx,
        actor,
        code: String(req.params.code),
        field: 'diagnosis_codes',
        entityName: 'diagnosis',
      }),
  },
  {
    method: 'get',
    path: '/procedure/get-list-modifiers/{code}',
    answers: json([{ id: 'integer', code: 'string', name: 'string' }]),
    permission: ['procedure.view', 'claim.create', 'claim.edit'],
    summary: 'Modifiers a procedure lists [{id, code, name}]',
    handle: (ctx, req, actor) =>
      codesOfProcedure({ ctx, actor, code: String(req.params.code), field: 'modifier_codes', entityName: 'modifier' }),
  },
  {
    method: 'get',
    path: '/procedure/get-list-insurance-companies/{id}',
    answers: json([{ id: 'integer', name: 'string', fee: 'integer', label: 'string?' }]),
    permission: 'procedure.view',
    summary: 'Insurance companies with a fee on this procedure [{id, name, fee}]',
    handle: (ctx, req, actor) => procedureInsuranceFees(ctx, actor, idParam(req)),
  },
  {
    method: 'get',
    path: '/procedure/type/{typeId}/classification',
    answers: json(idNames),
    permission: null,
    summary: 'Classifications of a procedure type (CPT sections, HCPCS Level II sections, revenue code categories)',
    async handle(ctx, req, _actor, res) {
      const group = ctx.lists.get('procedure-classifications')?.groups?.[String(idParam(req, 'typeId'))];
      if (!group) throw notFound();
      return named(group, res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/insurance-plan/insurance-company/{id}/get-by-insurance-company',
    answers: json([{ id: 'integer', name: 'string', billing_company_id: 'integer' }]),
    permission: ['insurancecompany.insuranceplan.view', 'patient.edit', 'patient.create'],
    summary: 'Active plans of an insurance company [{id, name}]',
    async handle(ctx, req, actor) {
      const page = await storeOf(ctx, actor, 'insurance-plan').list(
        { insurance_company_id: String(idParam(req)), status: 'true', itemsPerPage: '1000', sortBy: 'name' },
        false,
      );
      return page.data.map((p) => ({ id: p.id, name: p.display_name, billing_company_id: p.billing_company_id }));
    },
  },
  ...(['/insurance-plan/get-by-payer-id/{payer}', '/insurance-plan/get-list-by-payer/{payer}'] as const).map(
    (path): GuardedRoute<LookupContext> => ({
      method: 'get',
      path,
      answers: json([record('insurance_plan')]),
      permission: ['insurancecompany.insuranceplan.view', 'patient.edit'],
      summary: 'Plans of the insurance company with this payer id',
      async handle(ctx, req, actor) {
        const payer = await storeOf(ctx, actor, 'insurance-company').getBy(
          'payer_id',
          String(req.params.payer),
          "The Payer ID doesn't exist",
        );
        const page = await storeOf(ctx, actor, 'insurance-plan').list(
          { insurance_company_id: String(payer.id), itemsPerPage: '1000', sortBy: 'name' },
          false,
        );
        return path.includes('get-list') ? page.data.map((p) => ({ id: p.id, name: p.display_name })) : page.data;
      },
    }),
  ),
  {
    method: 'get',
    path: '/insurance-plan/{id}/plan-types',
    answers: json(idNames),
    permission: 'insurancecompany.insuranceplan.view',
    summary: 'The plan type of a plan, named',
    async handle(ctx, req, actor, res) {
      const plan = await storeOf(ctx, actor, 'insurance-plan').get(idParam(req));
      const item = ctx.lists.get('plan-types')?.items.find((i) => i.id === plan.plan_type_id);
      return item ? named([item], res.locals.locale) : [];
    },
  },
  {
    method: 'get',
    path: '/unit/get-list-rooms',
    answers: json([
      {
        id: 'string',
        unit_id: 'integer',
        code: 'string',
        name: 'string',
        capacity: 'integer',
        ocupation: 'integer',
        display_name: 'string',
      },
    ]),
    permission: ['unit.view', 'company.units.view', 'patient.view'],
    summary: 'Rooms of a unit (?unit_id) or of every unit of a company (?company_id): code ~ name ~ ocupation/capacity',
    async handle(ctx, req, actor) {
      const q = req.query as Record<string, string | undefined>;
      const filter = q.unit_id ? { id: q.unit_id } : q.company_id ? { company_id: q.company_id } : null;
      if (!filter || !/^\d+$/.test(Object.values(filter)[0]!))
        throw invalid({ unit_id: [problem('unit_field_required')] });
      const store = storeOf(ctx, actor, 'unit');
      const units =
        'id' in filter
          ? [await store.get(Number(filter.id))]
          : (await store.list({ company_id: filter.company_id, status: 'true', itemsPerPage: '1000' }, false)).data;
      const rooms = units.flatMap((u) =>
        ((u.rooms as Array<Record<string, unknown>> | undefined) ?? []).map((r, i) => ({
          id: `${u.id}-${i}`,
          unit_id: u.id,
          ...r,
          name_display: roomDisplay(r),
        })),
      );
      if (!rooms.length && q.company_id) throw notFound('no_units_rooms_registered_company');
      return rooms.map(({ name_display, ...r }) => ({ ...r, display_name: name_display }));
    },
  },
  {
    method: 'put',
    path: '/unit/{id}/state',
    answers: json(record('unit')),
    permission: 'unit.disable',
    summary: 'Enables or disables a unit ({status: true | false})',
    handle: (ctx, req, actor) => storeOf(ctx, actor, 'unit').changeStatus(idParam(req), statusFromBody(req)),
  },
  {
    method: 'patch',
    path: '/clearing-house/{id}',
    answers: json(record('clearing_house')),
    permission: 'clearinghouse.edit',
    summary: 'Edits a clearing house (the same as PUT)',
    async handle(ctx, req, actor, res) {
      const { writable, merged } = entityWriter(entityOf(ctx, 'clearing-house'));
      const values = writable(bodyObject(req));
      return storeOf(ctx, actor, 'clearing-house').update(idParam(req), values, {
        check: merged(values, res.locals.locale),
        version: editedVersion(req),
      });
    },
  },
  {
    method: 'get',
    path: '/facility/bill-classifications/{id}',
    answers: json(idNames),
    permission: ['facility.view', 'facility.create', 'facility.edit'],
    summary: 'Bill classifications of a facility type (UB-04 type of bill)',
    async handle(ctx, req, _actor, res) {
      const group = ctx.lists.get('bill-classifications')?.groups?.[String(idParam(req))];
      if (!group) throw notFound();
      return named(group, res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/taxonomy/get-list',
    answers: json(idNames),
    permission: null,
    summary: 'NUCC taxonomy codes [{id, name}] matching ?query (code or name), at most 50',
    handle: (ctx, req) => taxonomyChoices(ctx.db, req.query.query),
  },
  {
    method: 'get',
    path: '/address/get-list-states',
    answers: json(idNames),
    permission: null,
    summary: 'US states and territories [{id, name}] (id = the two-letter code)',
    handle: async () => US_STATES.map(([code, name]) => ({ id: code, name: `${code} - ${name}` })),
  },
  {
    method: 'get',
    path: '/address/get-list-countries',
    answers: json(idNames),
    permission: null,
    summary: 'Countries [{id, name}] (ISO 3166 alpha-2)',
    handle: async (_ctx, _req, _actor, res) =>
      countries(res.locals.locale === 'es' ? 'es' : 'en').map(([code, name]) => ({ id: code, name })),
  },
  {
    method: 'get',
    path: '/setting/get-list-langs',
    answers: json(idNames),
    permission: null,
    summary: 'Languages of the application',
    handle: async () => [
      { id: 'en', name: 'English' },
      { id: 'es', name: 'Español' },
    ],
  },
  {
    method: 'get',
    path: '/procedure/get-list-mac-localities',
    answers: json(fieldOf('procedure', 'mac_localities')),
    permission: ['procedure.view', 'claim.create', 'claim.edit'],
    summary: 'MAC localities of a procedure (?code)',
    async handle(ctx, req, actor) {
      const code = String(req.query.code ?? '');
      const p = await storeOf(ctx, actor, 'procedure').getBy('code', code, 'Procedure code not found');
      return (p.mac_localities as unknown[] | undefined) ?? [];
    },
  },
  {
    method: 'get',
    path: '/procedure/get-price-of-procedure',
    answers: json({ code: 'string', price: 'integer', source: 'string' }),
    permission: ['procedure.view', 'claim.create', 'claim.edit'],
    summary:
      'Price of a procedure in cents: by MAC locality (?mac, ?locality_number, ?facility=true for the facility price), by insurance company (?insurance_company_id), else its price',
    async handle(ctx, req, actor) {
      const q = req.query as Record<string, string | undefined>;
      const p = await storeOf(ctx, actor, 'procedure').getBy('code', String(q.code ?? ''), 'Procedure code not found');
      const fees = (p.insurance_fees as Array<Record<string, unknown>> | undefined) ?? [];
      const fee = q.insurance_company_id
        ? fees.find((f) => String(f.insurance_company_id) === q.insurance_company_id)
        : undefined;
      if (fee) return { code: p.code, price: fee.fee, source: 'insurance_fee' };
      const macs = (p.mac_localities as Array<Record<string, unknown>> | undefined) ?? [];
      const mac = q.mac
        ? macs.find((m) => m.mac === q.mac && (!q.locality_number || m.locality_number === q.locality_number))
        : undefined;
      if (mac)
        return {
          code: p.code,
          price: q.facility === 'true' ? mac.facility_price : mac.non_facility_price,
          source: 'mac_locality',
        };
      return { code: p.code, price: p.price ?? null, source: 'price' };
    },
  },
  {
    method: 'get',
    path: '/procedure/get-list-insurance-label-fees',
    answers: json(idNames),
    permission: 'procedure.view',
    summary: 'Labels used for insurance fees',
    handle: (ctx, _req, actor) => insuranceFeeLabels(ctx.db, actor),
  },
  {
    method: 'patch',
    path: '/procedure/add-to-company/{companyId}',
    answers: json(record('company')),
    permission: ['company.services.edit'],
    summary: "Adds procedures to a company's services ({codes: [..]}); a code already there is kept as it is",
    handle: (ctx, req, actor, res) =>
      addProceduresToCompany(ctx, actor, {
        companyId: idParam(req, 'companyId'),
        codes: bodyObject(req).codes,
        locale: res.locals.locale,
      }),
  },
  {
    method: 'get',
    path: '/procedure/get-to-company/{id}',
    answers: json([{ id: 'integer', code: 'string', name: 'string' }]),
    permission: ['company.services.view', 'procedure.view'],
    summary: "The procedures of a company's services",
    handle: (ctx, req, actor) => companyProcedures(ctx, actor, idParam(req)),
  },
];
