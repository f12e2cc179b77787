import { webAddress } from '../../src/domain/web-address.ts';
import { problem, invalid, invalidTexts, notFound } from '../../src/domain/errors/domain-error.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { withinOwnLimit } from './own-rows.ts';

export interface WebBrowserContext {
  db: Database;
}

const MAX_BOOKMARKS = 100;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function paging(q: Record<string, unknown>) {
  const page = Number(q.page ?? 1);
  const perPage = Number(q.itemsPerPage ?? 50);
  if (!Number.isSafeInteger(page) || page < 1 || page > 100_000)
    throw invalid({ page: [problem('page_positive_integer')] });
  if (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > 200)
    throw invalid({ itemsPerPage: [problem('items_per_page_between_1_200')] });
  return { page, perPage };
}

export const webBrowserRoutes: GuardedRoute<WebBrowserContext>[] = [
  {
    method: 'get',
    path: '/web-browser/portals',
    permission: null,
    summary:
      'The payer portals: each active insurance company with a website (?query by name, page, itemsPerPage), its address ready to open',
    async handle(ctx, req) {
      const q = req.query as Record<string, unknown>;
      const { page, perPage } = paging(q);
      const term = typeof q.query === 'string' ? q.query.trim().slice(0, 100) : '';
      const params: unknown[] = [];
      let where = 'website is not null and status';
      if (term) {
        params.push(`%${likeEscape(term)}%`);
        where += ` and name ilike $${params.length}`;
      }
      const rows = await ctx.db.query<{
        id: number;
        name: string;
        payer_id: string | null;
        website: string;
        total__: string;
      }>(
        `select id, name, payer_id, website, count(*) over () as total__ from insurance_companies where ${where} order by name, id limit ${perPage} offset ${(page - 1) * perPage}`,
        params,
      );
      return {
        data: rows.rows
          .map((r) => ({ id: Number(r.id), name: r.name, payer_id: r.payer_id, url: webAddress(r.website) }))
          .filter((r) => r.url),
        count: rows.rows[0] ? Number(rows.rows[0].total__) : 0,
      };
    },
  },
  {
    method: 'get',
    path: '/bookmarks',
    permission: null,
    summary: 'My bookmarks, in the order I added them',
    async handle(ctx, _req, actor) {
      return (
        await ctx.db.query<{ id: number; title: string; url: string }>(
          'select id, title, url from bookmarks where user_id = $1 order by id',
          [actor.userId],
        )
      ).rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
  },
  {
    method: 'post',
    path: '/bookmarks',
    permission: null,
    status: 201,
    summary: `Keeps an address (title, url: http or https); at most ${MAX_BOOKMARKS} a person`,
    async handle(ctx, req, actor) {
      const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const errors: Record<string, string[]> = {};
      const title = typeof b.title === 'string' ? b.title.trim() : '';
      if (!title) errors.title = ['The title field is required.'];
      else if (title.length > 100) errors.title = ['The title may not be greater than 100 characters.'];
      const url = typeof b.url === 'string' && b.url.length <= 500 ? webAddress(b.url) : null;
      if (!url) errors.url = ['The address must be a web address (http or https).'];
      if (Object.keys(errors).length) throw invalidTexts(errors);
      return ctx.db.transaction(async (tx) => {
        await withinOwnLimit(
          tx,
          actor,
          'bookmarks',
          MAX_BOOKMARKS,
          'bookmarks',
          `You can keep at most ${MAX_BOOKMARKS} bookmarks.`,
        );
        const row = (
          await tx.query<{ id: number; title: string; url: string }>(
            'insert into bookmarks (user_id, title, url) values ($1, $2, $3) returning id, title, url',
            [actor.userId, title, url],
          )
        ).rows[0];
        await writeAudit(tx, actor, {
          entity: 'bookmark',
          entityId: Number(row.id),
          billingCompanyId: null,
          event: 'created',
          oldValues: null,
          newValues: { title, url },
        });
        return { ...row, id: Number(row.id) };
      });
    },
  },
  {
    method: 'delete',
    path: '/bookmarks/{id}',
    permission: null,
    summary: 'Removes one of my bookmarks',
    async handle(ctx, req, actor) {
      const id = idParam(req);
      return ctx.db.transaction(async (tx) => {
        const before = (
          await tx.query<{ title: string; url: string }>(
            'delete from bookmarks where id = $1 and user_id = $2 returning title, url',
            [id, actor.userId],
          )
        ).rows[0];
        if (!before) throw notFound();
        await writeAudit(tx, actor, {
          entity: 'bookmark',
          entityId: id,
          billingCompanyId: null,
          event: 'deleted',
          oldValues: before,
          newValues: null,
        });
        return { id, deleted: true };
      });
    },
  },
];
