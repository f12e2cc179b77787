import { storeOf } from '../resources/store-of.ts';
import { json, record, empty, type Shape } from '../http/answers.ts';
import { CLAIM_PAYMENTS } from '../payments/claim-payments-routes.ts';
import type { Actor } from '../security/actor.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import type { EraContext } from '../payments/era-files.ts';
import { claimPayments } from '../payments/claim-payments.ts';
import { denialWorklist } from './denial-worklist.ts';
import { payerClaimNumbers } from './payer-claim-numbers.ts';
import { cancelRefile, refileClaim } from './refile.ts';
import { letterRoutes } from '../letters/letter-routes.ts';
import { appealLetter, denialScreen } from './denial-claim.ts';
import { bulkUpdate, recordTracking } from './denial-follow-ups.ts';

const claimStore = (ctx: EraContext, actor: Actor) => storeOf(ctx, actor, 'claim');

/** Denial management at static paths (before the generic router takes /denial/{id}). */
/** A page of the denial worklist: each denied claim with its codes, follow-up, who works it and its payer. */
export const DENIAL_WORKLIST_PAGE = {
  data: [
    {
      id: 'integer',
      billing_company_id: 'integer',
      code: 'string',
      patient_id: 'integer',
      patient_name: 'string',
      status_id: 'integer',
      sub_status_id: 'integer?',
      sub_status: 'string?',
      billed_amount: 'integer',
      date_of_service: 'string',
      denied_at: 'string',
      age_days: 'integer',
      denial_codes: ['object'],
      remark_codes: ['object'],
      follow_up_date: 'string?',
      assigned_user_id: 'integer?',
      assigned_to: 'string?',
      department_responsibility_id: 'integer?',
      payer: 'string',
      insurance_company_id: 'integer',
      reason_codes: ['object'],
      denial_reasons: 'string',
    },
  ],
  count: 'integer',
  numberOfPages: 'integer',
} satisfies Shape;

export const denialLookupRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/denial/get-all-server',
    answers: json(DENIAL_WORKLIST_PAGE),
    permission: 'denial.view',
    summary:
      'The denial worklist: transmitted claims, Rejected and Denied by default (?status_id=5,6), by ?sub_status_id, ?insurance_company_id, ?carc (50 or CO-50), ?rarc (N130), ?age_min/?age_max (days since denied), ?amount_min/?amount_max (cents), ?follow_up_from/?follow_up_to, ?department_responsibility_id, ?assigned_user_id, ?query; ?sortBy=worth (default, most money first)|age|denied_at|follow_up_date|date_of_service; paged',
    async handle(ctx, req, actor, res) {
      return denialWorklist(ctx.db, actor, req.query as Record<string, unknown>, res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/denial/refile-reasons',
    answers: json([{ id: 'string', code: 'string', name: 'string' }]),
    permission: 'denial.view',
    summary: 'Why a claim is refiled [{id, code, name}]',
    async handle(_c, _r, _a, res) {
      return codeListFile('refile-reasons').map((i) => ({
        id: i.id,
        code: i.code,
        name: res.locals.locale === 'es' && i.name_es ? i.name_es : i.name,
      }));
    },
  },
  {
    method: 'post',
    path: '/denial',
    answers: json(record('denial_tracking')),
    permission: 'denial.tracking.claim',
    status: 201,
    summary:
      "Records a denial follow-up (the tracking form: claim_id, claim_number, interface_type, is_reprocess_claim, is_contact_to_patient, contact_through when the patient was contacted, rep_name, ref_number, claim_status, claim_sub_status, tracking_date, resolution_time, past_due_date, follow_up, department_responsible, policy_responsible, tracking_note, response_details): the claim's status and sub-status change with the note in its history",
    async handle(ctx, req, actor, res) {
      return recordTracking(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
  {
    method: 'post',
    path: '/denial/tracking',
    answers: json(record('denial_tracking')),
    permission: 'denial.tracking.claim',
    status: 201,
    summary: "The same as POST /denial: a denial follow-up recorded (the tracking resource's own path)",
    async handle(ctx, req, actor, res) {
      return recordTracking(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
  {
    method: 'post',
    path: '/denial/refile',
    answers: json(record('claim_refile')),
    permission: 'denial.refile',
    status: 201,
    summary:
      "Refiles a claim the payer answered ({claim_id, refile_type: 1 secondary | 2 corrected | 3 other reason | 4 crossover | 5 void, refile_reason, policy_id?, original_claim_id?, transmission_type, is_cross_over, cross_over_date, note}): a pending refile is cancelled, the claim set up for its 837 (secondary payer with the primary's adjudication, frequency 7 or 8 with REF F8) and back to Not submitted",
    async handle(ctx, req, actor, res) {
      return refileClaim(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
  {
    method: 'post',
    path: '/denial/bulk',
    answers: json({
      updated: 'integer',
      failed: [{ id: 'integer', updated: 'boolean', error: 'string' }],
      results: [{ id: 'integer', updated: 'boolean' }],
    }),
    permission: 'denial.edit',
    summary:
      'Changes many claims of the worklist at once ({ids, assigned_user_id?, follow_up_date?, department_responsibility_id?, sub_status_id?}): how many changed, and for each that did not, why',
    async handle(ctx, req, actor, res) {
      return bulkUpdate(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
];

/** A denied claim's own calls. */
/** A denial or remark code with what it means. */
const CODE_MEANING: Shape = { code: 'string', meaning: 'string?' };

export const denialRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'put',
    path: '/denial/refile/{id}',
    answers: empty(
      'Never a success: a refile is not edited (422); it is cancelled while waiting and the claim refiled again',
    ),
    permission: 'denial.edit',
    summary: 'A refile is not edited: it is cancelled while waiting, and the claim refiled again',
    async handle(ctx, req, actor) {
      await storeOf(ctx, actor, 'claim-refile').get(idParam(req));
      throw invalid({ id: [problem('refile_not_changed_cancel_while_waits')] });
    },
  },
  {
    method: 'delete',
    path: '/denial/refile/{id}',
    answers: json(record('claim_refile')),
    permission: 'denial.refile',
    summary: 'Cancels a refile not yet transmitted',
    async handle(ctx, req, actor) {
      return cancelRefile(ctx, actor, idParam(req));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}',
    phi: { entity: 'claim', view: 'denial' },
    answers: json({
      id: 'integer',
      version: 'integer',
      code: 'string',
      patient_id: 'integer',
      patient_name: 'string?',
      status_id: 'integer',
      billed_amount: 'integer',
      denial_codes: [CODE_MEANING],
      remark_codes: [CODE_MEANING],
      reason_codes: [CODE_MEANING],
      payer_claim_numbers: ['string'],
      trackings: [record('denial_tracking')],
    }),
    permission: 'denial.show',
    summary:
      'A claim as the denial screen shows it: its denial (when, codes), follow-up, assignment, the payer claim numbers, the follow-ups recorded, newest first',
    handle: (ctx, req, actor) => denialScreen(ctx, actor, idParam(req)),
  },
  ...letterRoutes<EraContext>({
    path: '/denial/{id}/appeal-letter',
    phi: { entity: 'claim', view: 'appeal_letter' },
    permission: 'claim.generateappeal',
    fileName: 'appeal',
    summary:
      "An appeal letter for a denied claim: the billing company's template (or the standard letter) with the claim, the denial codes in plain words and the follow-ups recorded",
    compose: appealLetter,
  }),
  {
    method: 'get',
    path: '/denial/{id}/insurance-claim-numbers',
    phi: { entity: 'claim', view: 'payer_claim_numbers' },
    answers: json(['string']),
    permission: 'denial.show',
    summary: 'The claim numbers the payers gave the claim, newest first',
    async handle(ctx, req, actor) {
      return payerClaimNumbers(ctx.db, Number((await claimStore(ctx, actor).get(idParam(req))).id));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}/payments',
    phi: { entity: 'claim', view: 'payments' },
    answers: json(CLAIM_PAYMENTS),
    permission: 'denial.show',
    summary: "What was paid on the claim: postings, reversals, totals (the claim's Payments and EOBs)",
    async handle(ctx, req, actor, res) {
      return claimPayments(ctx, Number((await claimStore(ctx, actor).get(idParam(req))).id), res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/denial/{id}/eobs',
    phi: { entity: 'claim', view: 'eobs' },
    answers: json(CLAIM_PAYMENTS.eobs),
    permission: ['denial.eob', 'denial.show'],
    summary: "The EOB files of the claim's payments",
    async handle(ctx, req, actor, res) {
      return (await claimPayments(ctx, Number((await claimStore(ctx, actor).get(idParam(req))).id), res.locals.locale))
        .eobs;
    },
  },
];
