import { writeAudit } from '../db/audit-writer.ts';
import { notFound } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import { withinOwnLimit } from './own-rows.ts';

/** What a write sets: the text and the colour, as checked by the route. */
export interface NoteChange {
  body?: string;
  color?: string;
}
export const MAX_NOTES = 50;

interface NoteRow {
  id: number;
  body: string;
  color: string;
  updated_at: string;
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

/** My sticky notes, oldest first. */
export async function myNotes(db: Queryable, actor: Actor) {
  return (await db.query<NoteRow>(`${SELECT} where user_id = $1 order by id`, [actor.userId])).rows.map((r) => ({
    ...r,
    id: Number(r.id),
  }));
}

/** A new note of mine, within my limit, audited without its text. */
export async function createNote(db: Database, actor: Actor, c: NoteChange) {
  return db.transaction(async (tx) => {
    await withinOwnLimit({
      tx,
      actor,
      table: 'sticky_notes',
      max: MAX_NOTES,
      field: 'notes',
      code: 'notes_at_most',
    });
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
}

/** Changes one of my notes, audited without its text. */
export async function changeNote(db: Database, actor: Actor, id: number, c: NoteChange) {
  return db.transaction(async (tx) => {
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
}

/** Throws one of my notes away, audited. */
export async function deleteNote(db: Database, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
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
}
