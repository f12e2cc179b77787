import type { Database } from '../db/database.ts';
import type { Entity } from '../../src/platform/entity.ts';
import { json, record } from '../http/answers.ts';
import { bodyObject, optionalId, type GuardedRoute } from '../http/guarded-routes.ts';
import { storeOf } from '../resources/store-of.ts';
import { actingBillingCompany } from '../security/acting-billing-company.ts';
import type { Actor } from '../security/actor.ts';
import { booksChecklist, booksState, closeBooks, monthOf, reopenBooks, type BooksScope } from './books-close.ts';

export interface BooksContext {
  db: Database;
  entities: Entity[];
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

/** A close or reopen as the books-close list shows it (the generic create's answer). */
const ACT = json(record('books'));

/** The month-end close's own calls; its closes and reopens are read through the generic books-close list. */
export const booksRoutes: GuardedRoute<BooksContext>[] = [
  {
    method: 'get',
    path: '/books/state',
    answers: json({ closed_through: 'string?' }),
    permission: 'books.view',
    summary:
      "The day the books are closed through (?billing_company_id for a Super User, ?company_id for one company's, whose own close or its billing company's counts)",
    async handle(ctx, req, actor) {
      return booksState(ctx.db, scopeOf(actor, req.query as Record<string, unknown>));
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
    path: '/books',
    status: 201,
    answers: ACT,
    permission: 'books.close',
    summary:
      "Closes the books through the last day of {month} (mm/yyyy, a month that is over, later than the last close) once its checklist is empty (422 with the counts in `checklist` otherwise); from then on nothing dated on or before that day can be posted, adjusted, written off or changed, nor the charge of a claim entered by then (422 with the period in words). {company_id} closes one company's books, else all the billing company's. Answers the close as the list shows it",
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const id = await closeBooks(ctx.db, actor, scopeOf(actor, body), monthOf(body.month));
      return storeOf(ctx, actor, 'books-close').get(id);
    },
  },
  {
    method: 'post',
    path: '/books/reopen',
    status: 201,
    answers: ACT,
    permission: 'books.reopen',
    summary:
      'Reopens the books from {month} (mm/yyyy) on, with {reason}: they stay closed through the day before it. Audited; answers the reopen as the list shows it',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const id = await reopenBooks(ctx.db, actor, scopeOf(actor, body), monthOf(body.month), body.reason);
      return storeOf(ctx, actor, 'books-close').get(id);
    },
  },
];
