import type { GuardedRoute } from '../http/guarded-routes.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import { buildMenu } from './menu.ts';
import { SHELL_DEFAULTS } from '../profile/my-profile.ts';
import { ACCESS_TTL_S, bearer, createSession, hashToken, loadSession } from './sessions.ts';

export interface SessionRouteContext {
  db: Database;
  entities: Entity[];
}

/** The session's own routes: refresh, the signed-in person's shell, the predecessor's token check, sign-out. */
export const sessionRoutes: GuardedRoute<SessionRouteContext>[] = [
  {
    // Refresh accepts an expired access token while the session lives: the client refreshes before a call when expired.
    method: 'get',
    path: '/auth/refresh-token',
    permission: null,
    access: { allowExpiredAccess: true },
    summary: 'A new access token for a live session',
    raw: true,
    async handle({ db }, req, actor, res) {
      const fresh = await createSession(db, actor.userId, req, actor.deviceId);
      await db.query('update sessions set revoked_at = now() where token_hash = $1', [hashToken(bearer(req)!)]);
      res.json(fresh);
    },
  },

  {
    method: 'get',
    path: '/auth/me',
    permission: null,
    access: { countsAsActivity: false },
    summary: 'Menu, taskbars, profile and permissions of the signed-in user',
    raw: true,
    async handle({ db, entities }, req, actor, res) {
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
    },
  },

  {
    // The predecessor's token check, with its words and statuses.
    method: 'get',
    path: '/auth/check-token',
    permission: null,
    access: 'open',
    summary: 'Whether a token is valid, expired or revoked',
    raw: true,
    async handle({ db }, req, actor, res) {
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
    },
  },

  {
    method: 'get',
    path: '/auth/logout',
    permission: null,
    access: { allowExpiredAccess: true },
    summary: 'End this session',
    raw: true,
    async handle({ db }, req, actor, res) {
      await db.query('update sessions set revoked_at = now() where id = $1', [actor.sessionId]);
      res.json({ message: 'Successfully logged out' });
    },
  },
];
