import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { json, idNames } from '../http/answers.ts';
import { codeListLabel } from '../../src/platform/code-list-fields.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import { idParam } from '../http/guarded-routes.ts';
import { latestChecks } from '../eligibility/latest-checks.ts';
import { storeOf } from '../resources/store-of.ts';
import { codeListFile } from './claim-code-lists.ts';
import { claimCreators, pricedProcedures } from './claim-pickers.ts';
import type { ClaimContext } from './claim-service.ts';

const search = (q: unknown) =>
  String(q ?? '')
    .trim()
    .toLowerCase();
const named = (items: ReturnType<typeof codeListFile>, locale: string, q: string, limit = 100) =>
  items
    .filter((i) => i.public !== false && (!q || codeListLabel(i, locale).toLowerCase().includes(q)))
    .slice(0, limit)
    .map((i) => ({ id: i.id, name: codeListLabel(i, locale) }));

/** The look-ups of the claim form (document 3 §7 "Claims: Lists") that are more than a code list. */
export const claimListRoutes: GuardedRoute<ClaimContext>[] = [
  {
    method: 'get',
    path: '/claim/get-list-verified-status',
    answers: json(idNames),
    permission: 'claim.view',
    summary: 'Verified and not verified, for the list filter',
    async handle(_ctx, _req, _actor, res) {
      return res.locals.locale === 'es'
        ? [
            { id: true, name: 'Verificado' },
            { id: false, name: 'No verificado' },
          ]
        : [
            { id: true, name: 'Verified' },
            { id: false, name: 'Not verified' },
          ];
    },
  },
  {
    method: 'get',
    path: '/claim/get-list-user-created',
    answers: json(idNames),
    permission: 'claim.view',
    summary: "The people who created claims in the caller's billing companies [{id, name}], for the list filter",
    handle: (ctx, _req, actor) => claimCreators(ctx.db, actor),
  },
  {
    method: 'get',
    path: '/claim/get-list-qualifier-by-field',
    answers: json(idNames),
    permission: 'claim.view',
    summary: 'The qualifiers of an additional-information field (?id=14)',
    async handle(_ctx, req, _actor, res) {
      const field = String(req.query.id ?? req.query.type ?? '');
      return codeListFile('claim-info-qualifiers')
        .filter((q) => (q as { field?: string }).field === field)
        .map((q) => ({ id: q.id, name: codeListLabel(q, res.locals.locale) }));
    },
  },
  {
    method: 'get',
    path: '/claim/get-list-condition-codes',
    answers: json(idNames),
    permission: 'claim.view',
    summary: 'Condition codes matching ?search (code or words)',
    async handle(_ctx, req, _actor, res) {
      return named(codeListFile('condition-codes'), res.locals.locale, search(req.query.search));
    },
  },
  {
    method: 'get',
    path: '/claim/get-list-rev-centers',
    answers: json(idNames),
    permission: 'claim.view',
    summary: 'Revenue centers: the revenue-code categories (first three digits) with their general name',
    async handle() {
      return codeListFile('revenue-codes')
        .filter((i) => String(i.id).endsWith('0'))
        .map((i) => ({ id: String(i.id).slice(0, 3), name: `${String(i.id).slice(0, 3)}X - ${i.name}` }));
    },
  },
  {
    method: 'get',
    path: '/claim/get-list-claim-services',
    answers: json(idNames),
    permission: 'claim.view',
    summary: 'Revenue codes matching ?search, for institutional lines',
    async handle(_ctx, req, _actor, res) {
      return named(codeListFile('revenue-codes'), res.locals.locale, search(req.query.search));
    },
  },
  {
    method: 'get',
    path: '/claim/get-list-place-of-services',
    answers: json(idNames),
    permission: 'claim.view',
    summary: "Places of service; with ?facility_id the facility's own place first",
    async handle(ctx, req, actor, res) {
      const items = named(codeListFile('place-of-service'), res.locals.locale, search(req.query.search), 200);
      if (req.query.facility_id === undefined) return items;
      const facility = await storeOf(ctx, actor, 'facility').get(Number(req.query.facility_id) || 0);
      const own = String(facility.place_of_service ?? '');
      return [...items.filter((i) => i.id === own), ...items.filter((i) => i.id !== own)];
    },
  },
  {
    method: 'get',
    path: '/claim/bill-classifications/{id}',
    answers: json(idNames),
    permission: 'claim.view',
    summary: "A facility's bill classifications (the type of bill's second digit) with their names",
    async handle(ctx, req, actor, res) {
      const facility = await storeOf(ctx, actor, 'facility').get(idParam(req));
      const ids = (facility.bill_classification_ids as unknown[] | undefined) ?? [];
      return codeListFile('bill-classifications')
        .filter((i) => ids.includes(i.id))
        .map((i) => ({ id: i.id, name: codeListLabel(i, res.locals.locale) }));
    },
  },
  {
    method: 'get',
    path: '/claim/get-list-insurance-policies/{id}',
    phi: { entity: 'patient', view: 'policies' },
    answers: json([
      {
        id: 'integer',
        name: 'string',
        type_responsibility_id: 'integer',
        insurance_company_id: 'integer',
        eff_date: 'string',
        'end_date?': 'any',
        'eligibility?': 'any',
      },
    ]),
    permission: 'claim.view',
    summary:
      "A patient's active policies for a claim [{id, name, type_responsibility_id, eff_date, end_date, eligibility}], primary first; eligibility: the payer's latest answer about it in words (to those who may read eligibility)",
    async handle(ctx, req, actor, res) {
      const patient = await storeOf(ctx, actor, 'patient').get(idParam(req));
      const page = await storeOf(ctx, actor, 'insurance-policy').list(
        { patient_id: String(patient.id), status: 'true', itemsPerPage: '100', sortBy: 'type_responsibility_id' },
        false,
      );
      const checks = actor.permissions.has('patient.eligibility.view')
        ? await latestChecks(
            ctx.db,
            Number(patient.billing_company_id),
            page.data.map((p) => Number(p.id)),
            res.locals.locale,
          )
        : new Map();
      return page.data.map((p) => ({
        id: p.id,
        name: p.display_name,
        type_responsibility_id: p.type_responsibility_id,
        insurance_company_id: p.insurance_company_id,
        eff_date: p.eff_date,
        end_date: p.end_date,
        eligibility: checks.get(Number(p.id)) ?? null,
      }));
    },
  },
  {
    method: 'get',
    path: '/claim/procedures/{id}',
    answers: json([{ id: 'integer', code: 'string', name: 'string', price: 'integer' }]),
    permission: 'claim.view',
    summary:
      "Procedures matching ?search with the company's price for each (its service's custom or standard price, else the procedure's)",
    async handle(ctx, req, actor) {
      const company = await storeOf(ctx, actor, 'company').get(idParam(req));
      const q = search(req.query.search);
      if (q.length > 50) throw invalid({ search: [problem('search_may_not_greater_than_50')] });
      return pricedProcedures(ctx.db, company, q);
    },
  },
];
