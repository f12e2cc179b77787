import { invalid, problem, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { json } from '../http/answers.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { changeNote, createNote, deleteNote, MAX_NOTES, myNotes, type NoteChange } from './sticky-notes.ts';

export interface StickyNoteContext {
  db: Database;
}

export const NOTE_COLORS = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
const MAX_BODY = 5000;

/** What a write may set: the text and the colour, each checked; an unknown key is ignored as the forms' are. */
function changes(b: Record<string, unknown>, creating: boolean): NoteChange {
  const errors: Record<string, FieldProblem[]> = {};
  const out: { body?: string; color?: string } = {};
  if (b.body !== undefined) {
    if (typeof b.body !== 'string') errors.body = [problem('note_must_be_text')];
    else if (b.body.length > MAX_BODY) errors.body = [problem('note_over_max_characters', { max: MAX_BODY })];
    else out.body = b.body;
  }
  if (b.color !== undefined) {
    if (!NOTE_COLORS.includes(b.color as never)) errors.color = [problem('selected_color_invalid')];
    else out.color = b.color as string;
  }
  if (!creating && !Object.keys(out).length && !Object.keys(errors).length)
    errors.body = [problem('note_must_be_text')];
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

export const stickyNoteRoutes: GuardedRoute<StickyNoteContext>[] = [
  {
    method: 'get',
    path: '/sticky-notes',
    answers: json([{ id: 'integer', body: 'string', color: 'string', updated_at: 'string' }]),
    permission: null,
    summary: 'My sticky notes, oldest first',
    handle: (ctx, _req, actor) => myNotes(ctx.db, actor),
  },
  {
    method: 'post',
    path: '/sticky-notes',
    answers: json({ id: 'integer', body: 'string', color: 'string', updated_at: 'string' }),
    permission: null,
    status: 201,
    summary: `A new sticky note (body, color: ${NOTE_COLORS.join('|')}); at most ${MAX_NOTES} a person`,
    handle: (ctx, req, actor) => createNote(ctx.db, actor, changes(bodyObject(req), true)),
  },
  {
    method: 'put',
    path: '/sticky-notes/{id}',
    answers: json({ id: 'integer', body: 'string', color: 'string', updated_at: 'string' }),
    permission: null,
    summary: 'Changes one of my sticky notes (body, color)',
    handle: (ctx, req, actor) => changeNote(ctx.db, actor, idParam(req), changes(bodyObject(req), false)),
  },
  {
    method: 'delete',
    path: '/sticky-notes/{id}',
    answers: json({ id: 'integer', deleted: 'boolean' }),
    permission: null,
    summary: 'Throws one of my sticky notes away',
    handle: (ctx, req, actor) => deleteNote(ctx.db, actor, idParam(req)),
  },
];
