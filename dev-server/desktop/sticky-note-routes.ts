import { writeAudit } from '../db/audit-writer.ts';
import { invalidTexts, notFound } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import { idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { withinOwnLimit } from './own-rows.ts';

export interface StickyNoteContext {
  db: Database;
}

export const NOTE_COLORS = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
const MAX_BODY = 5000;
const MAX_NOTES = 50;

interface NoteRow {
  id: number;
  body: string;
  color: string;
  updated_at: string;
}

/** What a write may set: the text and the colour, each checked; an unknown key is ignored as the forms' are. */
function changes(input: unknown, creating: boolean): { body?: string; color?: string } {
  const b = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const out: { body?: string; color?: string } = {};
  if (b.body !== undefined) {
    if (typeof b.body !== 'string') errors.body = ['The note must be text.'];
    else if (b.body.length > MAX_BODY) errors.body = [`The note may not be greater than ${MAX_BODY} characters.`];
    else out.body = b.body;
  }
  if (b.color !== undefined) {
    if (!NOTE_COLORS.includes(b.color as never)) errors.color = ['The selected color is invalid.'];
    else out.color = b.color as string;
  }
  if (!creating && !Object.keys(out).length && !Object.keys(errors).length) errors.body = ['The note must be text.'];
  if (Object.keys(errors).length) throw invalidTexts(errors);
  return out;
}

const SELECT = `select id, body, color, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at from sticky_notes`;

/** The caller's own note, locked for a change; another person's is simply not found. */
async function ownNote(tx: Queryable, actor: Actor, id: number): Promise<NoteRow> {
  const row = (await tx.query<NoteRow>(`${SELECT} where id = $1 and user_id = $2 for update`, [id, actor.userId]))
    .rows[0];
  if (!row) throw notFound();
  return row;
}

// The audit records that a note changed, its colour and length, never its text: a note is its author's alone.
const audited = (n: { body: string; color: string }) => ({ color: n.color, length: n.body.length });

export const stickyNoteRoutes: GuardedRoute<StickyNoteContext>[] = [
  {
    method: 'get',
    path: '/sticky-notes',
    permission: null,
    summary: 'My sticky notes, oldest first',
    async handle(ctx, _req, actor) {
      return (await ctx.db.query<NoteRow>(`${SELECT} where user_id = $1 order by id`, [actor.userId])).rows.map(
        (r) => ({ ...r, id: Number(r.id) }),
      );
    },
  },
  {
    method: 'post',
    path: '/sticky-notes',
    permission: null,
    status: 201,
    summary: `A new sticky note (body, color: ${NOTE_COLORS.join('|')}); at most ${MAX_NOTES} a person`,
    async handle(ctx, req, actor) {
      const c = changes(req.body, true);
      return ctx.db.transaction(async (tx) => {
        await withinOwnLimit(tx, actor, 'sticky_notes', MAX_NOTES, 'notes', `You can keep at most ${MAX_NOTES} notes.`);
        const row = (
          await tx.query<NoteRow>(
            `insert into sticky_notes (user_id, body, color) values ($1, $2, $3)
           returning id, body, color, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`,
            [actor.userId, c.body ?? '', c.color ?? 'yellow'],
          )
        ).rows[0];
        await writeAudit(tx, actor, {
          entity: 'sticky-note',
          entityId: Number(row.id),
          billingCompanyId: null,
          event: 'created',
          oldValues: null,
          newValues: audited(row),
        });
        return { ...row, id: Number(row.id) };
      });
    },
  },
  {
    method: 'put',
    path: '/sticky-notes/{id}',
    permission: null,
    summary: 'Changes one of my sticky notes (body, color)',
    async handle(ctx, req, actor) {
      const id = idParam(req);
      const c = changes(req.body, false);
      return ctx.db.transaction(async (tx) => {
        const before = await ownNote(tx, actor, id);
        const row = (
          await tx.query<NoteRow>(
            `update sticky_notes set body = coalesce($3, body), color = coalesce($4, color), updated_at = now() where id = $1 and user_id = $2
           returning id, body, color, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`,
            [id, actor.userId, c.body ?? null, c.color ?? null],
          )
        ).rows[0];
        await writeAudit(tx, actor, {
          entity: 'sticky-note',
          entityId: id,
          billingCompanyId: null,
          event: 'updated',
          oldValues: audited(before),
          newValues: audited(row),
        });
        return { ...row, id: Number(row.id) };
      });
    },
  },
  {
    method: 'delete',
    path: '/sticky-notes/{id}',
    permission: null,
    summary: 'Throws one of my sticky notes away',
    async handle(ctx, req, actor) {
      const id = idParam(req);
      return ctx.db.transaction(async (tx) => {
        const before = await ownNote(tx, actor, id);
        await tx.query('delete from sticky_notes where id = $1', [id]);
        await writeAudit(tx, actor, {
          entity: 'sticky-note',
          entityId: id,
          billingCompanyId: null,
          event: 'deleted',
          oldValues: audited(before),
          newValues: null,
        });
        return { id, deleted: true };
      });
    },
  },
];
