import { notFound } from '../../src/domain/errors/domain-error.ts';
import { webAddress } from '../../src/domain/web-address.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { withinOwnLimit } from './own-rows.ts';

import type { Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';

/** The payer portals: each active insurance company with a website matching a name, its address ready to open. */
export async function payerPortals(db: Queryable, ask: { page: number; perPage: number; term: string }) {
  const { page, perPage, term } = ask;
  const params: unknown[] = [];
  let where = 'website is not null and status';
  if (term) {
    params.push(`%${likeEscape(term)}%`);
    where += ` and name ilike $${params.length}`;
  }
  const rows = await db.query<{
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
}

/** My bookmarks, in the order I added them. */
export async function myBookmarks(db: Queryable, actor: Actor) {
  return (
    await db.query<{ id: number; title: string; url: string }>(
      'select id, title, url from bookmarks where user_id = $1 order by id',
      [actor.userId],
    )
  ).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Keeps an address for me, within my limit, audited. */
export async function addBookmark(db: Database, actor: Actor, mark: { title: string; url: string }) {
  const { title, url } = mark;
  return db.transaction(async (tx) => {
    await withinOwnLimit({
      tx,
      actor,
      table: 'bookmarks',
      max: MAX_BOOKMARKS,
      field: 'bookmarks',
      code: 'bookmarks_at_most',
    });
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
}

/** Removes one of my bookmarks, audited. */
export async function removeBookmark(db: Database, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
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
}

export const MAX_BOOKMARKS = 100;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
