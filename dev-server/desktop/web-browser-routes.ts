import { webAddress } from '../../src/domain/web-address.ts';
import { json } from '../http/answers.ts';
import { problem, invalid, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, idParam, pageOf, type GuardedRoute } from '../http/guarded-routes.ts';
import { addBookmark, MAX_BOOKMARKS, myBookmarks, payerPortals, removeBookmark } from './bookmarks.ts';

export interface WebBrowserContext {
  db: Database;
}

/** A portal search as the query names it: a page and a name. */
function portalSearch(q: Record<string, unknown>) {
  return { ...pageOf(q), term: typeof q.query === 'string' ? q.query.trim().slice(0, 100) : '' };
}

/** A bookmark as a form sends it: a title and a web address (http or https). */
function bookmarkOf(b: Record<string, unknown>): { title: string; url: string } {
  const errors: Record<string, FieldProblem[]> = {};
  const title = typeof b.title === 'string' ? b.title.trim() : '';
  if (!title) errors.title = [problem('title_field_required')];
  else if (title.length > 100) errors.title = [problem('title_over_100_characters')];
  const url = typeof b.url === 'string' && b.url.length <= 500 ? webAddress(b.url) : null;
  if (!url) errors.url = [problem('address_must_be_web_address')];
  if (Object.keys(errors).length) throw invalid(errors);
  return { title, url: url! };
}

export const webBrowserRoutes: GuardedRoute<WebBrowserContext>[] = [
  {
    method: 'get',
    path: '/web-browser/portals',
    answers: json({ data: [{ id: 'integer', name: 'string', payer_id: 'string', url: 'string' }], count: 'integer' }),
    permission: null,
    summary:
      'The payer portals: each active insurance company with a website (?query by name, page, itemsPerPage), its address ready to open',
    handle: (ctx, req) => payerPortals(ctx.db, portalSearch(req.query as Record<string, unknown>)),
  },
  {
    method: 'get',
    path: '/bookmarks',
    answers: json([{ id: 'integer', title: 'string', url: 'string' }]),
    permission: null,
    summary: 'My bookmarks, in the order I added them',
    handle: (ctx, _req, actor) => myBookmarks(ctx.db, actor),
  },
  {
    method: 'post',
    path: '/bookmarks',
    answers: json({ id: 'integer', title: 'string', url: 'string' }),
    permission: null,
    status: 201,
    summary: `Keeps an address (title, url: http or https); at most ${MAX_BOOKMARKS} a person`,
    handle: (ctx, req, actor) => addBookmark(ctx.db, actor, bookmarkOf(bodyObject(req))),
  },
  {
    method: 'delete',
    path: '/bookmarks/{id}',
    answers: json({ id: 'integer', deleted: 'boolean' }),
    permission: null,
    summary: 'Removes one of my bookmarks',
    handle: (ctx, req, actor) => removeBookmark(ctx.db, actor, idParam(req)),
  },
];
