import type { GuardedRoute } from '../http/guarded-routes.ts';
import { json, message } from '../http/answers.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import { signedInShell } from './signed-in-shell.ts';
import { bearer, endSession, loadSession, renewAccess } from './sessions.ts';

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
    answers: json({ access_token: 'string', token_type: 'string', expires_in: 'integer' }),
    permission: null,
    access: { allowExpiredAccess: true, duringMfaEnrolment: true },
    summary: 'A new access token for a live session',
    raw: true,
    async handle({ db }, _req, actor, res) {
      res.json(await renewAccess(db, actor.sessionId));
    },
  },

  {
    method: 'get',
    path: '/auth/me',
    answers: json({
      user: {
        id: 'integer',
        email: 'string',
        first_name: 'string?',
        last_name: 'string?',
        language: 'string',
        photo: 'string?',
        billing_companies: [{ id: 'integer', name: 'string', abbreviation: 'string?' }],
      },
      roles: ['string'],
      permissions: ['string'],
      is_super_user: 'boolean',
      menu: 'object',
      menu_by_category: [{ category: 'string', modules: ['object'] }],
      taskbars: ['string'],
      profile: 'object',
      inactivity_time: 'integer',
      expires_in: 'integer',
    }),
    permission: null,
    access: { countsAsActivity: false },
    summary: 'Menu, taskbars, profile and permissions of the signed-in user',
    raw: true,
    async handle({ db, entities }, _req, actor, res) {
      res.json(await signedInShell(db, entities, actor, Number(res.getHeader('inactivity-time'))));
    },
  },

  {
    // The predecessor's token check, with its words and statuses.
    method: 'get',
    path: '/auth/check-token',
    answers: message(),
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
    answers: message(),
    permission: null,
    access: { allowExpiredAccess: true, duringMfaEnrolment: true },
    summary: 'End this session',
    raw: true,
    async handle({ db }, req, actor, res) {
      await endSession(db, actor.sessionId);
      res.json({ message: 'Successfully logged out' });
    },
  },
];
