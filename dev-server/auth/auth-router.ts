import express, { type Router } from 'express';
import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from './actor.ts';
import { buildMenu } from './menu.ts';
import { SHELL_DEFAULTS } from '../profile/profile-routes.ts';
import { ACCESS_TTL_S, authenticate, bearer, createSession, hashToken, loadSession } from './sessions.ts';

export function authRouter(db: Database, entities: Entity[]): Router {
  const router = express.Router();

  // Refresh accepts an expired access token while the session lives: the client refreshes before a call when expired.
  router.get('/auth/refresh-token', authenticate(db, { allowExpiredAccess: true }), async (req, res, next) => {
    try {
      const actor = res.locals.actor as Actor;
      const fresh = await createSession(db, actor.userId, req, actor.deviceId);
      await db.query('update sessions set revoked_at = now() where token_hash = $1', [hashToken(bearer(req)!)]);
      res.json(fresh);
    } catch (e) {
      next(e);
    }
  });

  router.get('/auth/me', authenticate(db, { countsAsActivity: false }), async (_req, res, next) => {
    try {
      const actor = res.locals.actor as Actor;
      const u = (
        await db.query<Record<string, unknown>>(
          `select u.id, u.email, u.first_name, u.last_name, u.language, u.settings, u.taskbars, u.photo,
                coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'abbreviation', b.abbreviation) order by b.id)
                   from billing_companies b join billing_company_users bu on bu.billing_company_id = b.id where bu.user_id = u.id), '[]'::json) as billing_companies
           from users u where u.id = $1`,
          [actor.userId],
        )
      ).rows[0];
      const { menu, menu_by_category } = buildMenu(actor, entities);
      const settings = { ...SHELL_DEFAULTS, ...(u.settings as Record<string, unknown>) };
      res.json({
        user: {
          id: u.id,
          email: u.email,
          first_name: u.first_name,
          last_name: u.last_name,
          language: u.language,
          photo: u.photo,
          billing_companies: u.billing_companies,
        },
        roles: actor.roles,
        permissions: [...actor.permissions].sort(),
        is_super_user: actor.crossTenant,
        menu,
        menu_by_category,
        taskbars: u.taskbars,
        profile: {
          nav_bar_position: settings.nav_bar_position,
          dock: settings.dock,
          style: { background: settings.background },
          dark_mode: settings.dark_mode,
          language: u.language,
          photo: u.photo,
        },
        inactivity_time: Number(res.getHeader('inactivity-time')),
        expires_in: ACCESS_TTL_S,
      });
    } catch (e) {
      next(e);
    }
  });

  // The predecessor's token check, with its words and statuses.
  router.get('/auth/check-token', async (req, res, next) => {
    try {
      const token = bearer(req);
      const s = token ? await loadSession(db, token) : null;
      if (!s) {
        res.status(403).json({ message: 'Token is Invalid' });
        return;
      }
      if (s.revoked) {
        res.status(400).json({ message: 'Token is Blacklisted' });
        return;
      }
      if (s.access_expired || s.refresh_expired) {
        res.status(401).json({ message: 'Token is Expired' });
        return;
      }
      res.json({ message: 'Token is valid' });
    } catch (e) {
      next(e);
    }
  });

  router.get('/auth/logout', authenticate(db, { allowExpiredAccess: true }), async (_req, res, next) => {
    try {
      await db.query('update sessions set revoked_at = now() where id = $1', [(res.locals.actor as Actor).sessionId]);
      res.json({ message: 'Successfully logged out' });
    } catch (e) {
      next(e);
    }
  });
  return router;
}
