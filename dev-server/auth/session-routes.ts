import { endSession, openSessions } from './sessions.ts';
import { idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { notFound } from '../../src/domain/errors/domain-error.ts';
import type { IdentityContext } from '../users/identity-context.ts';

/** A person's own open sessions (devices signed in), each of which they can end. */
export const sessionRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'get',
    path: '/auth/sessions',
    permission: null,
    summary: 'My open sessions',
    handle: (ctx, _req, actor) => openSessions(ctx.db, actor.userId, actor.sessionId),
  },
  {
    method: 'delete',
    path: '/auth/sessions/{id}',
    permission: null,
    summary: 'End one of my sessions',
    async handle(ctx, req, actor) {
      if (!(await endSession(ctx.db, idParam(req), actor.userId))) throw notFound();
      return { message: 'The session has been ended.' };
    },
  },
];
