import { storeOf } from '../resources/store-of.ts';
import type { Actor } from '../security/actor.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import type { EraContext } from '../payments/era-files.ts';
import { claimPayments } from '../payments/claim-payments.ts';
import { denialWorklist } from './denial-worklist.ts';
import { payerClaimNumbers } from './payer-claim-numbers.ts';
import { cancelRefile, refileClaim } from './refile.ts';
import { letterPdf } from './appeal-letter-pdf.ts';
import { appealLetter, denialScreen } from './denial-claim.ts';
import { bulkUpdate, recordTracking } from './denial-follow-ups.ts';

const claimStore = (ctx: EraContext, actor: Actor) => storeOf(ctx, actor, 'claim');

/** Denial management at static paths (before the generic router takes /denial/{id}). */
export const denialLookupRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/denial/get-all-server',
    permission: 'denial.view',
    summary:
      'The denial worklist: transmitted claims, Rejected and Denied by default (?status_id=5,6), by ?sub_status_id, ?insurance_company_id, ?carc (50 or CO-50), ?rarc (N130), ?age_min/?age_max (days since denied), ?amount_min/?amount_max (cents), ?follow_up_from/?follow_up_to, ?department_responsibility_id, ?assigned_user_id, ?query; ?sortBy=worth (default, most money first)|age|denied_at|follow_up_date|date_of_service; paged',
    async handle(ctx, req, actor) {
      return denialWorklist(ctx.db, actor, req.query as Record<string, unknown>);
    },
  },
  {
    method: 'get',
    path: '/denial/refile-reasons',
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
    permission: 'denial.edit',
    summary:
      'Changes many claims of the worklist at once ({ids, assigned_user_id?, follow_up_date?, department_responsibility_id?, sub_status_id?}): how many changed, and for each that did not, why',
    async handle(ctx, req, actor, res) {
      return bulkUpdate(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
];

/** A denied claim's own calls. */
export const denialRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'put',
    path: '/denial/refile/{id}',
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
    permission: 'denial.refile',
    summary: 'Cancels a refile not yet transmitted',
    async handle(ctx, req, actor) {
      return cancelRefile(ctx, actor, idParam(req));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}',
    permission: 'denial.show',
    summary:
      'A claim as the denial screen shows it: its denial (when, codes), follow-up, assignment, the payer claim numbers, the follow-ups recorded, newest first',
    handle: (ctx, req, actor) => denialScreen(ctx, actor, idParam(req)),
  },
  {
    method: 'get',
    path: '/denial/{id}/appeal-letter',
    permission: 'claim.generateappeal',
    raw: true,
    summary:
      "An appeal letter for a denied claim as a PDF: the billing company's template (or the standard letter) with the claim, the denial codes in plain words and the follow-ups recorded",
    async handle(ctx, req, actor, res) {
      const { code, text } = await appealLetter(ctx, actor, idParam(req), res.locals.locale === 'es' ? 'es' : 'en');
      res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="appeal-${code}.pdf"`);
      res.send(Buffer.from(letterPdf(text)));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}/insurance-claim-numbers',
    permission: 'denial.show',
    summary: 'The claim numbers the payers gave the claim, newest first',
    async handle(ctx, req, actor) {
      return payerClaimNumbers(ctx.db, Number((await claimStore(ctx, actor).get(idParam(req))).id));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}/payments',
    permission: 'denial.show',
    summary: "What was paid on the claim: postings, reversals, totals (the claim's Payments and EOBs)",
    async handle(ctx, req, actor) {
      return claimPayments(ctx, Number((await claimStore(ctx, actor).get(idParam(req))).id));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}/eobs',
    permission: ['denial.eob', 'denial.show'],
    summary: "The EOB files of the claim's payments",
    async handle(ctx, req, actor) {
      return (await claimPayments(ctx, Number((await claimStore(ctx, actor).get(idParam(req))).id))).eobs;
    },
  },
];
