import type { Request } from 'express';
import { json, record, idNames, message } from '../http/answers.ts';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';
import { notFound, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { bodyObject, idParam, statusFromBody, type GuardedRoute, editedVersion } from '../http/guarded-routes.ts';
import { entityWriter } from '../resources/validation.ts';
import { entityOf, storeOf, type StoreContext } from '../resources/store-of.ts';
import { knownSubscribers } from './subscribers.ts';

export const POLICY_BILLING_COMPANY_MESSAGE = ERROR_CATALOGUE.only_super_user_may_name_billing.en;
/** The patient the caller may see (404 otherwise), with its billing company. */
async function patientOf(ctx: StoreContext, actor: Actor, req: Request) {
  return storeOf(ctx, actor, 'patient').get(idParam(req));
}

/** A policy of that patient (404 when it is another patient's). */
async function policyOf(ctx: StoreContext, actor: Actor, req: Request, patientId: number) {
  const policy = await storeOf(ctx, actor, 'insurance-policy').get(idParam(req, 'policyId'));
  if (Number(policy.patient_id) !== patientId) throw notFound();
  return policy;
}

/**
 * The body of a policy as the patient screen sends it. The billing company is the patient's: only a
 * Super User may send one (document 2 §5), and then it must be the patient's. The subscriber goes
 * with a policy the patient does not hold; when the patient is the insured it is cleared.
 */
function policyBody({
  ctx,
  req,
  actor,
  patient,
  editing,
}: {
  ctx: StoreContext;
  req: Request;
  actor: Actor;
  patient: Record<string, unknown>;
  editing: boolean;
}): Record<string, unknown> {
  const body = bodyObject(req);
  if (body.billing_company_id !== undefined && body.billing_company_id !== null) {
    if (!actor.crossTenant) throw invalid({ billing_company_id: [problem('only_super_user_may_name_billing')] });
    if (Number(body.billing_company_id) !== Number(patient.billing_company_id))
      throw invalid({ billing_company_id: [problem('policy_belongs_patient_s_billing_company')] });
  }
  const { writable } = entityWriter(entityOf(ctx, 'insurance-policy'));
  const values = writable(body);
  delete values.patient_id;
  values.billing_company_id = Number(patient.billing_company_id);
  if (!editing) values.patient_id = patient.id;
  return values;
}

export const policyRoutes: GuardedRoute<StoreContext>[] = [
  {
    method: 'get',
    path: '/patient/{id}/get-policies',
    phi: { entity: 'patient', view: 'policies' },
    answers: json([record('insurance_policy')]),
    permission: 'patient.policies.view',
    summary: "A patient's insurance policies, active first, by responsibility",
    async handle(ctx, req, actor) {
      const patient = await patientOf(ctx, actor, req);
      const page = await storeOf(ctx, actor, 'insurance-policy').list({
        patient_id: String(patient.id),
        itemsPerPage: '1000',
        sortBy: 'type_responsibility_id',
      });
      return page.data.sort((a, b) => Number(b.status) - Number(a.status));
    },
  },
  {
    method: 'get',
    path: '/patient/{id}/get-policy/{policyId}',
    phi: { entity: 'insurance_policy', param: 'policyId', view: 'policy' },
    answers: json(record('insurance_policy')),
    permission: 'patient.policies.view',
    summary: 'One policy of a patient',
    async handle(ctx, req, actor) {
      const patient = await patientOf(ctx, actor, req);
      return policyOf(ctx, actor, req, patient.id);
    },
  },
  {
    method: 'get',
    path: '/patient/{id}/get-list-policies',
    phi: { entity: 'patient', view: 'policies' },
    answers: json(idNames),
    permission: 'patient.policies.view',
    summary: "Picker of a patient's active policies [{id, name}]",
    async handle(ctx, req, actor) {
      const patient = await patientOf(ctx, actor, req);
      const page = await storeOf(ctx, actor, 'insurance-policy').list(
        { patient_id: String(patient.id), status: 'true', itemsPerPage: '1000', sortBy: 'type_responsibility_id' },
        false,
      );
      return page.data.map((p) => ({
        id: p.id,
        name: p.display_name,
        type_responsibility_id: p.type_responsibility_id,
      }));
    },
  },
  {
    method: 'patch',
    path: '/patient/add-policy-to-patient/{id}',
    answers: json(record('insurance_policy')),
    permission: 'patient.edit',
    status: 201,
    summary: 'Adds an insurance policy (with its subscriber when the patient is not the insured) to a patient',
    async handle(ctx, req, actor, res) {
      const patient = await patientOf(ctx, actor, req);
      const values = policyBody({ ctx, req, actor, patient, editing: false });
      entityWriter(entityOf(ctx, 'insurance-policy')).check(values, res.locals.locale);
      return storeOf(ctx, actor, 'insurance-policy').create(values);
    },
  },
  {
    method: 'patch',
    path: '/patient/{id}/edit-policy/{policyId}',
    answers: json(record('insurance_policy')),
    permission: 'patient.edit',
    summary: 'Edits a policy of a patient',
    async handle(ctx, req, actor, res) {
      const patient = await patientOf(ctx, actor, req);
      const policy = await policyOf(ctx, actor, req, patient.id);
      const values = policyBody({ ctx, req, actor, patient, editing: true });
      const { writable, merged } = entityWriter(entityOf(ctx, 'insurance-policy'));
      // The patient is the insured: no subscriber is kept.
      if ({ ...writable(policy), ...values }.own_insurance !== false) values.subscriber = null;
      return storeOf(ctx, actor, 'insurance-policy').update(policy.id, values, {
        check: merged(values, res.locals.locale),
        version: editedVersion(req),
      });
    },
  },
  {
    method: 'patch',
    path: '/patient/{id}/change-status-policy/{policyId}',
    answers: json(record('insurance_policy')),
    permission: 'patient.edit',
    summary: 'Enables or disables a policy of a patient ({status: true | false})',
    async handle(ctx, req, actor) {
      const patient = await patientOf(ctx, actor, req);
      const policy = await policyOf(ctx, actor, req, patient.id);
      return storeOf(ctx, actor, 'insurance-policy').changeStatus(policy.id, statusFromBody(req));
    },
  },
  ...(
    ['patch /patient/{id}/remove-policy/{policyId}', 'delete /patient/{id}/insurance-policies/{policyId}'] as const
  ).map(
    (spec): GuardedRoute<StoreContext> => ({
      method: spec.split(' ')[0] as 'patch' | 'delete',
      answers: message(),
      path: spec.split(' ')[1],
      permission: 'patient.policies.remove',
      summary: 'Removes a policy from a patient',
      async handle(ctx, req, actor) {
        const patient = await patientOf(ctx, actor, req);
        const policy = await policyOf(ctx, actor, req, patient.id);
        await storeOf(ctx, actor, 'insurance-policy').remove(policy.id);
        return { message: 'The policy was removed.' };
      },
    }),
  ),
  {
    method: 'get',
    path: '/patient/get-subscribers',
    answers: json(['object']),
    permission: 'patient.policies.view',
    summary: 'Subscribers already entered on policies (to pick one again), ?query narrows by name',
    handle: (ctx, req, actor) => knownSubscribers(ctx.db, actor, req.query.query),
  },
  {
    method: 'patch',
    path: '/patient/add-companies-to-patient/{id}',
    answers: json(record('patient')),
    permission: 'patient.edit',
    summary: "Sets the patient's company ({company_id})",
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const companyId = body.company_id;
      if (!Number.isSafeInteger(companyId) || (companyId as number) < 1)
        throw invalid({ company_id: [problem('company_field_required')] });
      return storeOf(ctx, actor, 'patient').update(
        idParam(req),
        { company_id: companyId },
        { check: entityWriter(entityOf(ctx, 'patient')).merged({ company_id: companyId }, res.locals.locale) },
      );
    },
  },
];
