import type { GuardedRoute } from '../http/guarded-routes.ts';
import { bodyObject, idParam, optionalId } from '../http/guarded-routes.ts';
import { json, type Shape } from '../http/answers.ts';
import type { Locale } from '../i18n/locale.ts';
import { frameIn, translateNote } from '../i18n/locale.ts';
import { storeOf } from '../resources/store-of.ts';
import { fieldError } from '../../src/domain/errors/domain-error.ts';
import type { EligibilityContext } from '../eligibility/eligibility-ask.ts';
import { askClaimStatus, claimStateOf, claimsDue, type StatusOutcome } from './status-ask.ts';
import { accountCompany, bulkIds, MAX_BULK } from '../exchange/payer-inquiry.ts';
import { recordsCompany } from '../eligibility/eligibility-sources.ts';

const ASK = 'claim.askstatus';

const ASKED: Record<string, Shape> = {
  channel: 'string',
  message: 'string',
  updated: 'integer',
  failed: [{ id: 'integer', error: 'string' }],
  'status_id?': 'integer',
};

/** What asking did, in the reader's language: the payer's words when it answered now, else where the question went. */
function answerOf(o: StatusOutcome, locale: Locale) {
  const failed = o.failed.map((f) => ({ id: f.id, error: translateNote(f.error, locale) }));
  const message = o.answered?.said
    ? frameIn(locale, 'Asked in real time; the payer answered: {said}', { said: o.answered.said })
    : o.asked.length
      ? frameIn(locale, '{count} claim status question(s) sent through {where}.', {
          count: o.asked.length,
          where: o.sent_through ?? frameIn(locale, 'the file store (to be uploaded by hand)'),
        })
      : frameIn(locale, 'Could not be asked: {reason}', { reason: failed[0]?.error ?? '' });
  return { channel: o.channel, message, updated: o.asked.length, failed };
}

export const claimStatusRoutes: GuardedRoute<EligibilityContext>[] = [
  {
    method: 'post',
    path: '/claim-status/ask',
    answers: json(ASKED),
    permission: ASK,
    summary:
      "Asks the payer where a claim stands ({claim_id}): a 276 answered now through the account's real-time (CORE) address, the 277 applied (a denial moves the claim to Denied, a claim the payer does not have to Rejected), else sent in a file; the answer in words",
    async handle(ctx, req, actor, res) {
      const claimId = optionalId(bodyObject(req).claim_id, 'claim_id');
      if (!claimId) throw fieldError('claim_id', 'claim_not_found');
      const claim = await storeOf(ctx, actor, 'claim').get(claimId);
      const outcome = await askClaimStatus(ctx, actor, Number(claim.billing_company_id), [claimId]);
      return { ...answerOf(outcome, res.locals.locale), status_id: await claimStateOf(ctx.db, claimId) };
    },
  },
  {
    method: 'post',
    path: '/claim/ask-status-many',
    answers: json(ASKED),
    permission: ASK,
    summary: `Asks the payers where many claims stand ({ids}, at most ${MAX_BULK}) in 276 files through the account's connection (one per payer and provider); how many were asked and, for each claim that was not, why`,
    async handle(ctx, req, actor, res) {
      const ids = bulkIds(bodyObject(req), 'claims');
      const bc = await recordsCompany(ctx.db, actor, 'claims', ids);
      return answerOf(await askClaimStatus(ctx, actor, bc, ids), res.locals.locale);
    },
  },
  {
    method: 'post',
    path: '/clearing-house-account/{id}/ask-claim-status',
    answers: json(ASKED),
    permission: ASK,
    summary:
      "Asks payers where every overdue claim of the account's billing company stands: Submitted longer than the payer's expected days (its setting, else 30) and not asked this week, in 276 files through the account; those asked before without an answer say so, for follow-up",
    async handle(ctx, req, actor, res) {
      const bc = await accountCompany(ctx.db, actor, idParam(req));
      const due = await claimsDue(ctx.db, actor, bc);
      if (!due.length)
        return {
          channel: 'batch',
          message: frameIn(res.locals.locale, 'No claim is overdue for an answer.'),
          updated: 0,
          failed: [],
        };
      return answerOf(await askClaimStatus(ctx, actor, bc, due), res.locals.locale);
    },
  },
];
