import type { Database } from '../db/database.ts';
import { json } from '../http/answers.ts';
import { bodyObject, optionalId, type GuardedRoute } from '../http/guarded-routes.ts';
import { actingBillingCompany } from '../security/acting-billing-company.ts';
import type { Actor } from '../security/actor.ts';
import { booksChecklist, booksHistory, closeBooks, monthOf, reopenBooks, type BooksScope } from './books-close.ts';

export interface BooksContext {
  db: Database;
}

/** Whose books a request is about: the acting billing company, all its companies unless one is named. */
function scopeOf(actor: Actor, input: Record<string, unknown>): BooksScope {
  return {
    billingCompanyId: actingBillingCompany(actor, optionalId(input.billing_company_id, 'billing_company_id')),
    companyId: optionalId(input.company_id, 'company_id') ?? null,
  };
}

const CHECKLIST = {
  open_batches: 'integer',
  unposted_eras: 'integer',
  open_exceptions: 'integer',
  draft_claims: 'integer',
  unapplied_patient_money: 'integer',
} as const;

export const booksRoutes: GuardedRoute<BooksContext>[] = [
  {
    method: 'get',
    path: '/books',
    answers: json({
      closed_through: 'string?',
      history: [
        {
          id: 'integer',
          action: 'string',
          closed_through: 'string?',
          reason: 'string?',
          created_at: 'string',
          by: 'string?',
        },
      ],
    }),
    permission: 'books.view',
    summary:
      "The day the books are closed through (?billing_company_id for a Super User, ?company_id for one company's, else all the billing company's) and the closes and reopens, newest first",
    async handle(ctx, req, actor) {
      return booksHistory(ctx.db, scopeOf(actor, req.query as Record<string, unknown>));
    },
  },
  {
    method: 'get',
    path: '/books/checklist',
    answers: json({ month: 'string', open: 'boolean', checklist: CHECKLIST }),
    permission: 'books.view',
    summary:
      'What must be finished before ?month (mm/yyyy) can close, dated in it or before: payment batches not closed, ERAs not posted, ERA exceptions not worked, draft claims, patient money not applied (counts)',
    async handle(ctx, req, actor) {
      const query = req.query as Record<string, unknown>;
      const month = monthOf(query.month);
      const { counts, open } = await booksChecklist(ctx.db, scopeOf(actor, query), month.last);
      return { month: month.text, open, checklist: counts };
    },
  },
  {
    method: 'post',
    path: '/books/close',
    answers: json({ closed_through: 'string', checklist: CHECKLIST }),
    permission: 'books.close',
    summary:
      "Closes the books through the last day of {month} (mm/yyyy, a month that is over, later than the last close) once its checklist is empty (422 with the counts otherwise); from then on nothing dated on or before that day can be posted, adjusted, written off or changed (422 with the period in words). {company_id} closes one company's books, else all the billing company's",
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      return closeBooks(ctx.db, actor, scopeOf(actor, body), monthOf(body.month));
    },
  },
  {
    method: 'post',
    path: '/books/reopen',
    answers: json({ closed_through: 'string' }),
    permission: 'books.reopen',
    summary:
      'Reopens the books from {month} (mm/yyyy) on, with {reason}: the books stay closed through the day before it. Audited',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      return reopenBooks(ctx.db, actor, scopeOf(actor, body), monthOf(body.month), body.reason);
    },
  },
];
