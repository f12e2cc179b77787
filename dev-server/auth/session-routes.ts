import { endSession, openSessions } from './sessions.ts';
import { json, message, type Shape } from '../http/answers.ts';
import { idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { notFound } from '../../src/domain/errors/domain-error.ts';
import type { IdentityContext } from '../users/identity-context.ts';

/** A person's own open sessions (devices signed in), each of which they can end. */
/** A session still open: from where, on what, since when, and when it ends. */
export const OPEN_SESSION = {
  id: 'integer',
  ip: 'string',
  user_agent: 'string',
  created_at: 'string',
  last_activity_at: 'string',
  ends_at: 'string',
  current: 'boolean',
} satisfies Shape;

export const sessionRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'get',
    path: '/auth/sessions',
    answers: json([OPEN_SESSION]),
    permission: null,
    summary: 'My open sessions',
    handle: (ctx, _req, actor) => openSessions(ctx.db, actor.userId, actor.sessionId),
  },
  {
    method: 'delete',
    path: '/auth/sessions/{id}',
    answers: message(),
    permission: null,
    summary: 'End one of my sessions',
    async handle(ctx, req, actor) {
      if (!(await endSession(ctx.db, idParam(req), actor.userId))) throw notFound();
      return { message: 'The session has been ended.' };
    },
  },
];
