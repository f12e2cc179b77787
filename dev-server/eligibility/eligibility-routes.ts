import type { Request, Response } from 'express';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import { bodyObject, idParam, optionalId } from '../http/guarded-routes.ts';
import { json, record, type Shape } from '../http/answers.ts';
import type { Actor } from '../security/actor.ts';
import { storeOf } from '../resources/store-of.ts';
import { nowOf } from '../db/as-of.ts';
import { fieldError } from '../../src/domain/errors/domain-error.ts';
import { isUsDate, usDateToIso, isoDayOf } from '../../src/domain/formats.ts';
import { askEligibility, type AskOutcome, type EligibilityContext } from './eligibility-ask.ts';
import { claimAsks, recordsCompany, upcomingAsks } from './eligibility-sources.ts';
import { accountCompany, bulkIds, MAX_BULK } from '../exchange/payer-inquiry.ts';
import { checkInWords, type CheckInWords } from './eligibility-words.ts';
import { frameIn, translateNote } from '../i18n/locale.ts';
import type { PolicyAsk } from './eligibility-questions.ts';

const CHECK = 'patient.eligibility.check';
/** A bulk question is one 270 file: a clearing house takes thousands of subscribers in one. */

const ASKED: Record<string, Shape> = {
  channel: 'string',
  message: 'string',
  sent_through: 'string',
  check: record('eligibility_check'),
};
const BULK: Record<string, Shape> = {
  updated: 'integer',
  failed: [{ id: 'integer', error: 'string' }],
  message: 'string',
};

/** The day asked about: the body's mm/dd/yyyy date of service, else today. */
function dayAsked(body: Record<string, unknown>, today: Date) {
  const d = body.date_of_service;
  if (d === undefined || d === null || d === '') return isoDayOf(today);
  if (typeof d !== 'string' || !isUsDate(d)) throw fieldError('date_of_service', 'date_service_not_valid_date_mm');
  return usDateToIso(d);
}

/** One policy asked about now: its check read back through the store (tenant-checked), with the answer in words. */
async function askOne(ctx: EligibilityContext, actor: Actor, res: Response, ask: PolicyAsk) {
  const policy = await storeOf(ctx, actor, 'insurance-policy').get(ask.policyId);
  const bc = Number(policy.billing_company_id);
  const outcome = await askEligibility(ctx, actor, bc, [ask]);
  const check = await storeOf(ctx, actor, 'eligibility-check').get(outcome.checks[0]);
  return {
    channel: outcome.channel,
    sent_through: outcome.sent_through,
    message: checkInWords(check as unknown as CheckInWords, res.locals.locale, outcome.sent_through),
    check,
  };
}

/** A bulk question's answer as the list's bulk dialog reads it: how many were asked, and each that was not, why. */
function bulkAnswer(outcome: AskOutcome, locale: 'en' | 'es', failed: Array<{ id: number; error: string }>) {
  const asked = outcome.checks.length - outcome.failed.length;
  return {
    updated: asked,
    failed: [
      ...failed,
      ...outcome.failed.map((f) => ({ id: f.insurance_policy_id, error: translateNote(f.error, locale) })),
    ],
    message: frameIn(locale, '{count} eligibility question(s) sent through {where}.', {
      count: asked,
      where: outcome.sent_through ?? frameIn(locale, 'the file store (to be uploaded by hand)'),
    }),
  };
}

/** The billing company a request acts for: a Super User names it; anyone else acts for their own. */
function ownCompany(actor: Actor, body: Record<string, unknown>): number {
  const bc = actor.crossTenant ? optionalId(body.billing_company_id, 'billing_company_id') : actor.billingCompanyIds[0];
  if (!bc) throw fieldError('billing_company_id', 'billing_company_required');
  return bc;
}

/** A billing company's eligibility run for the visits of the next days; null when no visit needs a question. */
async function upcomingRun(
  ctx: EligibilityContext,
  actor: Actor,
  run: { bc: number; days: number; accountId?: number },
  locale: 'en' | 'es',
) {
  const asks = await upcomingAsks(ctx.db, run.bc, run.days, nowOf(ctx.db));
  if (!asks.length) return null;
  return bulkAnswer(await askEligibility(ctx, actor, run.bc, asks, { accountId: run.accountId }), locale, []);
}

const policyAsk = (req: Request, today: Date, policyId: number): PolicyAsk => ({
  policyId,
  serviceDate: dayAsked(bodyObject(req), today),
});

export const eligibilityRoutes: GuardedRoute<EligibilityContext>[] = [
  {
    method: 'post',
    path: '/eligibility/ask',
    answers: json(ASKED),
    permission: CHECK,
    summary:
      "Asks the payer whether a policy is in force ({insurance_policy_id, date_of_service? mm/dd/yyyy, today when absent} or {claim_id}: the claim's billed policy on its date of service): answered now through the account's real-time (CORE) address, else sent in a 270 file whose answer comes with the clearing house's files; the check, and the answer in words",
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const today = nowOf(ctx.db);
      const claimId = optionalId(body.claim_id, 'claim_id');
      if (claimId) {
        const claim = await storeOf(ctx, actor, 'claim').get(claimId);
        const { asks } = await claimAsks(ctx.db, Number(claim.billing_company_id), [claimId], today);
        if (!asks.length) throw fieldError('claim_id', 'eligibility_policy_required');
        return askOne(ctx, actor, res, asks[0]);
      }
      const policyId = optionalId(body.insurance_policy_id, 'insurance_policy_id');
      if (!policyId) throw fieldError('insurance_policy_id', 'eligibility_policy_required');
      return askOne(ctx, actor, res, policyAsk(req, today, policyId));
    },
  },
  {
    method: 'post',
    path: '/insurance-policy/{id}/check-eligibility',
    answers: json(ASKED),
    permission: CHECK,
    summary: 'Asks the payer whether this policy is in force today (or on {date_of_service}); the answer in words',
    async handle(ctx, req, actor, res) {
      return askOne(ctx, actor, res, policyAsk(req, nowOf(ctx.db), idParam(req)));
    },
  },
  {
    method: 'post',
    path: '/insurance-policy/check-eligibility',
    answers: json(BULK),
    permission: CHECK,
    summary: `Asks the payers about many policies at once ({ids}, at most ${MAX_BULK}) in one 270 file through the account's connection, as of today; how many were asked and, for each that was not, why`,
    async handle(ctx, req, actor, res) {
      const ids = bulkIds(bodyObject(req), 'policies');
      const today = nowOf(ctx.db);
      const bc = await recordsCompany(ctx.db, actor, 'insurance_policies', ids);
      const outcome = await askEligibility(
        ctx,
        actor,
        bc,
        ids.map((policyId) => ({ policyId, serviceDate: isoDayOf(today) })),
      );
      return bulkAnswer(outcome, res.locals.locale, []);
    },
  },
  {
    method: 'post',
    path: '/claim/check-eligibility-many',
    answers: json(BULK),
    permission: CHECK,
    summary: `Asks the payers about the billed policy of many claims ({ids}, at most ${MAX_BULK}) on each claim's date of service, in one 270 file; how many were asked and, for each claim that was not, why`,
    async handle(ctx, req, actor, res) {
      const ids = bulkIds(bodyObject(req), 'claims');
      const bc = await recordsCompany(ctx.db, actor, 'claims', ids);
      const { asks, without } = await claimAsks(ctx.db, bc, ids, nowOf(ctx.db));
      const failed = without.map((id) => ({
        id,
        error: translateNote('The claim has no policy to ask about.', res.locals.locale),
      }));
      if (!asks.length) return { updated: 0, failed, message: '' };
      const outcome = await askEligibility(ctx, actor, bc, asks);
      const claimOf = new Map(asks.map((a) => [a.policyId, a.claimId!]));
      const answer = bulkAnswer(outcome, res.locals.locale, failed);
      return { ...answer, failed: answer.failed.map((f) => ({ ...f, id: claimOf.get(f.id) ?? f.id })) };
    },
  },
  {
    method: 'post',
    path: '/clearing-house-account/{id}/ask-eligibility',
    answers: json(BULK),
    permission: CHECK,
    summary:
      "The account's billing company's eligibility run: every policy with a visit in the next seven days, and every claim not yet sent whose policy was last answered about longer ago than the billing company's setting, in one 270 through this account",
    async handle(ctx, req, actor, res) {
      const accountId = idParam(req);
      const bc = await accountCompany(ctx.db, actor, accountId);
      return (
        (await upcomingRun(ctx, actor, { bc, days: 7, accountId }, res.locals.locale)) ?? {
          updated: 0,
          failed: [],
          message: translateNote('No policy has a claim or admission in those days.', res.locals.locale),
        }
      );
    },
  },
  {
    method: 'post',
    path: '/eligibility/ask-upcoming',
    answers: json(BULK),
    permission: CHECK,
    summary:
      'Asks about every policy with a visit in the next days ({days_ahead} 0-60; {billing_company_id} for a Super User): patients admitted and not discharged, and claims not yet sent, in one 270 file',
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const days = Number(body.days_ahead ?? 7);
      if (!Number.isInteger(days) || days < 0 || days > 60) throw fieldError('days_ahead', 'eligibility_days_ahead');
      const answer = await upcomingRun(ctx, actor, { bc: ownCompany(actor, body), days }, res.locals.locale);
      if (!answer) throw fieldError('days_ahead', 'eligibility_nothing_to_ask');
      return answer;
    },
  },
];
