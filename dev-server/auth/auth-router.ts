import express, { type Router } from 'express';
import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import { HttpError, invalid } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import { buildMenu } from './menu.ts';
import { verifyPassword } from './passwords.ts';
import { ACCESS_TTL_S, IDLE_MS, authenticate, bearer, createSession, hashToken } from './sessions.ts';

export function authRouter(db: Database, entities: Entity[]): Router {
  const router = express.Router();

  router.post('/auth/login', async (req, res, next) => {
    try {
      const { email, password } = (req.body ?? {}) as { email?: unknown; password?: unknown };
      const errors: Record<string, string[]> = {};
      if (typeof email !== 'string' || !email.trim()) errors.email = ['The email field is required.'];
      if (typeof password !== 'string' || !password) errors.password = ['The password field is required.'];
      if (Object.keys(errors).length) throw invalid(errors);
      const r = await db.query<{ id: number; password_hash: string; status: boolean; email: string; first_name: string; last_name: string; language: string }>(
        'select id, password_hash, status, email, first_name, last_name, language from users where lower(email) = lower($1)', [String(email).trim()],
      );
      const user = r.rows[0];
      if (!user || !(await verifyPassword(String(password), user.password_hash))) throw new HttpError(401, 'Bad Credentials');
      if (!user.status) throw new HttpError(401, 'Your user is inactive, for more information contact the administrator.');
      const session = await createSession(db, user.id, req);
      res.setHeader('inactivity-time', String(IDLE_MS));
      res.json({ ...session, user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, language: user.language }, inactivity_time: IDLE_MS });
    } catch (e) { next(e); }
  });

  // Refresh accepts an expired access token while the session lives: the client refreshes before a call when expired.
  router.get('/auth/refresh-token', authenticate(db, { allowExpiredAccess: true }), async (req, res, next) => {
    try {
      const actor = res.locals.actor as Actor;
      const fresh = await createSession(db, actor.userId, req);
      await db.query('update sessions set revoked_at = now() where token_hash = $1', [hashToken(bearer(req)!)]);
      res.json(fresh);
    } catch (e) { next(e); }
  });

  router.get('/auth/me', authenticate(db, { countsAsActivity: false }), async (_req, res, next) => {
    try {
      const actor = res.locals.actor as Actor;
      const u = (await db.query<Record<string, unknown>>(
        `select u.id, u.email, u.first_name, u.last_name, u.language, u.settings, u.taskbars,
                coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'abbreviation', b.abbreviation) order by b.id)
                   from billing_companies b join billing_company_users bu on bu.billing_company_id = b.id where bu.user_id = u.id), '[]'::json) as billing_companies
           from users u where u.id = $1`, [actor.userId],
      )).rows[0];
      const { menu, menu_by_category } = buildMenu(actor, entities);
      const settings = (u.settings ?? {}) as Record<string, unknown>;
      res.json({
        user: { id: u.id, email: u.email, first_name: u.first_name, last_name: u.last_name, language: u.language, billing_companies: u.billing_companies },
        roles: actor.roles,
        permissions: [...actor.permissions].sort(),
        is_super_user: actor.crossTenant,
        menu, menu_by_category,
        taskbars: u.taskbars,
        profile: { nav_bar_position: settings.nav_bar_position ?? 'bottom', dock: settings.dock ?? 'full', style: { background: settings.background ?? 13 }, dark_mode: settings.dark_mode ?? false, language: u.language },
        inactivity_time: Number(res.getHeader('inactivity-time')),
        expires_in: ACCESS_TTL_S,
      });
    } catch (e) { next(e); }
  });

  router.get('/auth/logout', authenticate(db, { allowExpiredAccess: true }), async (_req, res, next) => {
    try {
      await db.query('update sessions set revoked_at = now() where id = $1', [(res.locals.actor as Actor).sessionId]);
      res.json({ message: 'Successfully logged out' });
    } catch (e) { next(e); }
  });
  return router;
}
