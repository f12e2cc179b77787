import type { Request } from 'express';
import { json, record, fieldOf } from '../http/answers.ts';
import { problem, invalid, notFound } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { bodyObject, idParam, type GuardedRoute, editedVersion } from '../http/guarded-routes.ts';
import { entityWriter } from '../resources/validation.ts';
import { entityOf, idList, storeOf, type StoreContext } from '../resources/store-of.ts';
import { linkedTo, setCompanies } from './company-links.ts';

const companyIdsFrom = (req: Request, key: string) => {
  const body = bodyObject(req);
  const ids = idList(body[key] ?? body.company_ids);
  if (!ids) throw invalid({ [key]: [problem('field_list_of_ids', { field: key.replace(/_/g, ' ') })] });
  return ids;
};

export const linkRoutes: GuardedRoute<StoreContext>[] = [
  {
    method: 'patch',
    path: '/company/add-facilities-to-company/{id}',
    answers: json([record('facility')]),
    permission: 'company.facilities.edit',
    summary: 'Links facilities to a company ({facilities: [ids]})',
    async handle(ctx, req, actor) {
      const companyId = idParam(req);
      const companies = storeOf(ctx, actor, 'company');
      await companies.get(companyId);
      await setCompanies({
        ctx,
        actor,
        entity: 'facility',
        ids: companyIdsFrom(req, 'facilities'),
        change: (ids) => [...new Set([...ids, companyId])],
      });
      return linkedTo(ctx, actor, 'facility', companyId);
    },
  },
  {
    method: 'patch',
    path: '/facility/{facilityId}/remove-to-company/{companyId}',
    answers: json(record('facility')),
    permission: ['company.facilities.edit', 'facility.companies.edit'],
    summary: 'Unlinks a facility from a company',
    async handle(ctx, req, actor) {
      const companyId = idParam(req, 'companyId');
      return (
        await setCompanies({
          ctx,
          actor,
          entity: 'facility',
          ids: [idParam(req, 'facilityId')],
          change: (ids) => ids.filter((c) => c !== companyId),
        })
      )[0];
    },
  },
  {
    method: 'patch',
    path: '/facility/{id}/company',
    answers: json(record('facility')),
    permission: 'facility.companies.edit',
    summary: 'Sets the companies of a facility ({company_ids: [ids]})',
    async handle(ctx, req, actor) {
      const ids = companyIdsFrom(req, 'company_ids');
      return (await setCompanies({ ctx, actor, entity: 'facility', ids: [idParam(req)], change: () => ids }))[0];
    },
  },
  {
    method: 'get',
    path: '/facility/get-all-by-company/{id}',
    answers: json([record('facility')]),
    permission: ['facility.view', 'company.facilities.view'],
    summary: 'The facilities of a company',
    handle: (ctx, req, actor) => linkedTo(ctx, actor, 'facility', idParam(req)),
  },
  {
    method: 'get',
    path: '/health-professional/{id}/company',
    answers: json([record('company')]),
    permission: 'healthprofessional.companies.view',
    summary: 'The companies of a health professional',
    async handle(ctx, req, actor) {
      const hp = await storeOf(ctx, actor, 'health-professional').get(idParam(req));
      const ids = ((hp.company_ids as number[] | undefined) ?? []).map(Number);
      if (!ids.length) return [];
      return (await storeOf(ctx, actor, 'company').list({ ids: ids.join(','), itemsPerPage: '1000' }, false)).data;
    },
  },
  ...(['post /health-professional/{id}/company', 'put /health-professional/{id}/update-companies'] as const).map(
    (spec): GuardedRoute<StoreContext> => ({
      method: spec.split(' ')[0] as 'post' | 'put',
      path: spec.split(' ')[1],
      answers: json(record('health_professional')),
      permission: 'healthprofessional.companies.edit',
      summary: 'Sets the companies of a health professional ({company_ids: [ids]})',
      async handle(ctx, req, actor) {
        const ids = companyIdsFrom(req, 'company_ids');
        return (
          await setCompanies({ ctx, actor, entity: 'health-professional', ids: [idParam(req)], change: () => ids })
        )[0];
      },
    }),
  ),
  {
    method: 'get',
    path: '/company/get-list-billing-providers',
    answers: json([{ id: 'integer', name: 'string', billing_company_id: 'integer' }]),
    permission: ['company.view', 'healthprofessional.view'],
    summary: 'Health professionals authorized as billing providers [{id, name}]',
    async handle(ctx, req, actor) {
      const billingProvider = 2; // authorization-types: Billing provider
      const page = await storeOf(ctx, actor, 'health-professional').list(
        { authorization_ids: String(billingProvider), status: 'true', itemsPerPage: '1000', sortBy: 'last_name' },
        false,
      );
      return page.data.map((h) => ({ id: h.id, name: h.display_name, billing_company_id: h.billing_company_id }));
    },
  },
  {
    method: 'get',
    path: '/company/{id}/services/list',
    answers: json(fieldOf('company', 'services')),
    permission: 'company.services.view',
    summary: "A company's services (procedures with NDC, prices and units)",
    async handle(ctx, req, actor) {
      const company = await storeOf(ctx, actor, 'company').get(idParam(req));
      return (company.services as unknown[] | undefined) ?? [];
    },
  },
  {
    method: 'patch',
    path: '/company/add-services-to-company/{id}',
    answers: json(record('company')),
    permission: 'company.services.edit',
    summary: "Replaces a company's services ({services: [...]}), validated like the company",
    async handle(ctx, req, actor, res) {
      const services = bodyObject(req).services;
      if (!Array.isArray(services)) throw invalid({ services: [problem('services_field_list')] });
      return storeOf(ctx, actor, 'company').update(
        idParam(req),
        { services },
        {
          check: entityWriter(entityOf(ctx, 'company')).merged({ services }, res.locals.locale),
          version: editedVersion(req),
        },
      );
    },
  },
  {
    method: 'get',
    path: '/company/get-list-by-billing-company/{id}',
    answers: json([{ id: 'integer', name: 'string', billing_company_id: 'integer', npi: 'string' }]),
    permission: 'company.view',
    summary: "Companies of a billing company [{id, name}] (the caller's own when no id; ?batch=true adds their NPI)",
    async handle(ctx, req, actor) {
      return companiesOf(ctx, actor, String(req.params.id), req.query.batch === 'true');
    },
  },
  {
    method: 'get',
    path: '/company/get-list-by-billing-company',
    answers: json([{ id: 'integer', name: 'string', billing_company_id: 'integer', npi: 'string' }]),
    permission: 'company.view',
    summary: "Companies of the caller's billing companies [{id, name}]",
    async handle(ctx, req, actor) {
      return companiesOf(ctx, actor, undefined, req.query.batch === 'true');
    },
  },
  {
    method: 'post',
    path: '/company/get-list-by-billing-company',
    answers: json([{ id: 'integer', name: 'string', billing_company_id: 'integer', npi: 'string' }]),
    permission: 'company.view',
    summary: 'Companies of the billing companies named in the body ({billing_company_id})',
    async handle(ctx, req, actor) {
      const b = bodyObject(req).billing_company_id;
      return companiesOf(ctx, actor, b === undefined ? undefined : String(b), false);
    },
  },
];

async function companiesOf(ctx: StoreContext, actor: Actor, billingCompany: string | undefined, batch: boolean) {
  if (billingCompany !== undefined && !/^\d+$/.test(billingCompany)) throw notFound();
  const store = storeOf(ctx, actor, 'company');
  const page = await store.list(
    {
      status: 'true',
      itemsPerPage: '1000',
      sortBy: 'name',
      ...(billingCompany ? { billing_company_id: billingCompany } : {}),
    },
    false,
  );
  return page.data.map((c) => ({
    id: c.id,
    name: c.display_name,
    billing_company_id: c.billing_company_id,
    ...(batch ? { npi: c.npi } : {}),
  }));
}

/** The billing company a caller adds something to: the one named (a Super User, or one of the caller's), else the caller's only one. */
function targetBillingCompany(actor: Actor, asked: unknown): number {
  if (asked !== undefined && asked !== null) {
    if (!Number.isSafeInteger(asked) || (asked as number) < 1)
      throw invalid({ billing_company_id: [problem('billing_company_id')] });
    if (!actor.crossTenant && !actor.billingCompanyIds.includes(asked as number))
      throw invalid({ billing_company_id: [problem('selected_billing_company_invalid')] });
    return asked as number;
  }
  if (actor.billingCompanyIds.length === 1) return actor.billingCompanyIds[0];
  throw invalid({ billing_company_id: [problem('billing_company_required')] });
}

export const billingCompanyLinkRoutes: GuardedRoute<StoreContext>[] = [
  {
    method: 'patch',
    path: '/clearing-house/add-to-billing-company/{id}',
    answers: json(record('clearing_house')),
    permission: 'clearinghouse.edit',
    summary: "A billing company starts using a clearing house ({billing_company_id}, the caller's own when not given)",
    async handle(ctx, req, actor) {
      const bc = targetBillingCompany(actor, bodyObject(req).billing_company_id);
      const store = storeOf(ctx, actor, 'clearing-house');
      const id = idParam(req);
      return ctx.db.transaction(async (tx) => {
        const row = await store.get(id, tx, true);
        const have = ((row.billing_company_ids as number[] | undefined) ?? []).map(Number);
        return have.includes(bc) ? row : store.applyUpdate(tx, row, { billing_company_ids: [...have, bc] }, 'updated');
      });
    },
  },
  {
    method: 'patch',
    path: '/facility/add-to-billing-company/{id}',
    answers: json(record('facility')),
    permission: 'facility.create',
    status: 201,
    summary:
      "Registers a facility (a hospital several billing companies bill for) in another billing company: a copy of its data there, without this billing company's links",
    async handle(ctx, req, actor) {
      const bc = targetBillingCompany(actor, bodyObject(req).billing_company_id);
      const store = storeOf(ctx, actor, 'facility');
      const source = await store.get(idParam(req));
      if (Number(source.billing_company_id) === bc)
        throw invalid({ billing_company_id: [problem('facility_already_registered')] }, 'facility_already_registered');
      const { writable } = entityWriter(entityOf(ctx, 'facility'));
      return store.create({ ...writable(source), billing_company_id: bc });
    },
  },
];
