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
    async handle(ctx, _req, actor) {
      const r = await ctx.db.query(
        `select id, ip, user_agent, created_at, last_activity_at, id = $2 as current
           from sessions where user_id = $1 and revoked_at is null and refresh_until > now() order by last_activity_at desc`,
        [actor.userId, actor.sessionId],
      );
      return r.rows.map((s: Record<string, unknown>) => ({ ...s, id: Number(s.id) }));
    },
  },
  {
    method: 'delete',
    path: '/auth/sessions/{id}',
    permission: null,
    summary: 'End one of my sessions',
    async handle(ctx, req, actor) {
      const r = await ctx.db.query(
        'update sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null',
        [idParam(req), actor.userId],
      );
      if (!r.rowCount) throw notFound();
      return { message: 'The session has been ended.' };
    },
  },
];
