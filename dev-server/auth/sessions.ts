import type { SessionAllowances } from '../http/guarded-routes.ts';
import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';
import { unauthenticated, DomainError } from '../../src/domain/errors/domain-error.ts';
import type { Request, RequestHandler } from 'express';
import type { Database, Queryable } from '../db/database.ts';
import { ipAllowed, type Restriction } from '../security/ip-restriction-check.ts';
import { SYSTEM_ROLE_TYPE } from '../security/permission-catalog.ts';
import type { Actor } from '../security/actor.ts';
import { ENROLLED } from './mfa-policy.ts';
import { writeSystemAudit } from '../db/audit-writer.ts';
import { loginHoursParam, signInAllowedAt, type LoginHours } from '../security/login-hours.ts';

// Read when used, like the other settings from the environment (an installation's, or a test's for its own server).
export const idleMs = () => Number(process.env.INACTIVITY_MS ?? 3_600_000);
export const accessTtlS = () => Number(process.env.ACCESS_TOKEN_TTL_S ?? 3600);
/**
 * A session's absolute lifetime from its sign-in, whatever its activity: refreshes renew the access token, never the
 * session, so a stolen or forgotten session ends within a working day (SESSION_MAX_HOURS, default 12).
 */
export const sessionMaxMs = () => Number(process.env.SESSION_MAX_HOURS ?? 12) * 3_600_000;
/** last_activity is written at most this often, so reads do not all become writes */
const ACTIVITY_WRITE_MS = 15_000;

export const SESSION_EXPIRED = ERROR_CATALOGUE.session_expired_sign_again.en;
export const IP_RESTRICTED = ERROR_CATALOGUE.access_application_been_restricted_contact_support.en;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function bearer(req: Request): string | null {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : null;
}

export async function createSession(db: Database, userId: number, req: Request, deviceId: number | null = null) {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (user_id, token_hash, access_expires_at, refresh_until, ip, user_agent, device_id)
     values ($1, $2, now() + make_interval(secs => $3), now() + make_interval(secs => $4), $5, $6, $7)`,
    [
      userId,
      hashToken(token),
      accessTtlS(),
      sessionMaxMs() / 1000,
      req.ip,
      req.headers['user-agent'] ?? null,
      deviceId,
    ],
  );
  return { access_token: token, token_type: 'bearer', expires_in: accessTtlS() };
}

interface SessionState {
  id: number;
  user_id: number;
  device_id: number | null;
  email: string;
  language: string;
  user_status: boolean;
  revoked: boolean;
  access_expired: boolean;
  refresh_expired: boolean;
  idle_ms: number;
  access_epoch: string;
  mfa_overdue: boolean;
}

/** What a person may do: the part of a session that changes only when access is changed. */
interface Access {
  permissions: string[];
  billing_company_ids: number[];
  roles: string[];
  role_ids: number[];
  cross_tenant: boolean;
  restrictions: Restriction[];
  /** each role's sign-in hours (null: that role may sign in at any time) */
  login_hours: Array<LoginHours | null>;
}

type SessionRow = SessionState & Access;

/**
 * Each database's access already read, by user, with the access epoch it was read at (migration 0053:
 * every change to roles, permissions, memberships or address restrictions moves the epoch, in any
 * process). Per database object: a test process opens many.
 */
const accessKept = new WeakMap<Database, Map<number, { epoch: string; access: Access }>>();
const ACCESS_KEPT_MAX = 10_000;

async function accessOf(db: Database, userId: number, epoch: string): Promise<Access> {
  let kept = accessKept.get(db);
  if (!kept) accessKept.set(db, (kept = new Map()));
  const hit = kept.get(userId);
  if (hit && hit.epoch === epoch) return hit.access;
  const r = await db.query<Access>(
    `select array(select distinct p.slug from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
                  join permissions p on p.id = rp.permission_id where ur.user_id = u.id) as permissions,
            array(select billing_company_id from billing_company_users where user_id = u.id order by 1) as billing_company_ids,
            array(select r.slug from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles,
            array(select ur.role_id from user_roles ur where ur.user_id = u.id) as role_ids,
            coalesce((select json_agg(json_build_object('ip_beginning', x.ip_beginning, 'ip_finish', x.ip_finish, 'applies_to', x.applies_to, 'user_id', x.user_id, 'role_id', x.role_id))
               from ip_restrictions x join billing_company_users m on m.billing_company_id = x.billing_company_id where m.user_id = u.id), '[]'::json) as restrictions,
            exists(select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.type = $2) as cross_tenant,
            coalesce((select json_agg(r.login_hours) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json) as login_hours
       from users u where u.id = $1`,
    [userId, SYSTEM_ROLE_TYPE],
    { name: 'load-access' },
  );
  const access = r.rows[0];
  if (kept.size >= ACCESS_KEPT_MAX) kept.clear();
  kept.set(userId, { epoch, access });
  return access;
}

/**
 * The session of a token: its state (revoked, expired, idle) read on every request in one index
 * lookup, and its user's permissions, roles and billing companies as last read unless access changed.
 */
export async function loadSession(db: Database, token: string): Promise<SessionRow | null> {
  const r = await db.query<SessionState>(
    `select s.id, s.user_id, s.device_id, u.email, coalesce(s.language, u.language) as language, u.status as user_status, s.revoked_at is not null as revoked,
            s.access_expires_at < now() as access_expired, s.refresh_until < now() as refresh_expired,
            (extract(epoch from (now() - s.last_activity_at)) * 1000)::bigint as idle_ms,
            (select epoch from access_epoch where id = 1)::text as access_epoch,
            (u.mfa_due_at is not null and u.mfa_due_at <= now() and not ${ENROLLED}) as mfa_overdue
       from sessions s join users u on u.id = s.user_id where s.token_hash = $1`,
    [hashToken(token)],
    { name: 'load-session' },
  );
  const state = r.rows[0];
  if (!state) return null;
  return { ...state, ...(await accessOf(db, Number(state.user_id), state.access_epoch)) };
}

export type AuthOptions = SessionAllowances;

/**
 * Authenticates the bearer token, enforces revocation, expiry and the idle limit, records
 * activity and sets the inactivity-time header (remaining idle milliseconds) on the response.
 */
export function authenticate(db: Database, opts: AuthOptions = {}): RequestHandler {
  return async (req, res, next) => {
    try {
      const token = bearer(req);
      if (!token) throw unauthenticated();
      const s = await loadSession(db, token);
      if (!s || s.revoked || !s.user_status) throw unauthenticated();
      if (s.idle_ms > idleMs()) {
        await endSession(db, s.id);
        throw unauthenticated('session_expired_due_inactivity');
      }
      if (s.refresh_expired) throw unauthenticated('session_expired_sign_again');
      // The role's sign-in hours are over: the session ends now, not when the person next signs in.
      if (!signInAllowedAt(s.login_hours, new Date())) {
        await db.transaction(async (tx) => {
          if (await endSession(tx, s.id))
            await writeSystemAudit(tx, req, {
              entity: 'user',
              entityId: Number(s.user_id),
              event: 'signed_out',
              userId: Number(s.user_id),
              newValues: { reason: 'login_hours' },
            });
        });
        throw new DomainError(
          'login_hours_ended',
          { hours: loginHoursParam(s.login_hours) },
          {},
          { body: { login_hours: true } },
        );
      }
      if (s.access_expired && !opts.allowExpiredAccess) throw unauthenticated();
      // Past the time their role gave them to set up an authenticator, a person can do only that (and sign out).
      if (s.mfa_overdue && !opts.duringMfaEnrolment)
        throw new DomainError('mfa_enrolment_required', {}, {}, { body: { mfa_enrolment_required: true } });
      // A restriction added (or an address changed) after sign-in applies from the next request.
      if (!ipAllowed(req.ip ?? '', s.user_id, s.role_ids.map(Number), s.restrictions)) {
        throw new DomainError(
          'access_application_been_restricted_contact_support',
          {},
          {},
          { body: { error: IP_RESTRICTED, ip_restriction: true } },
        );
      }
      let idle = s.idle_ms;
      if (opts.countsAsActivity !== false && idle > ACTIVITY_WRITE_MS) {
        await db.query('update sessions set last_activity_at = now() where id = $1', [s.id]);
        idle = 0;
      } else if (opts.countsAsActivity !== false) idle = 0;
      res.setHeader('inactivity-time', String(Math.max(0, idleMs() - idle)));
      const actor: Actor = {
        userId: Number(s.user_id),
        sessionId: Number(s.id),
        deviceId: s.device_id === null ? null : Number(s.device_id),
        roleIds: s.role_ids.map(Number),
        email: s.email,
        permissions: new Set(s.permissions),
        billingCompanyIds: s.billing_company_ids.map(Number),
        crossTenant: s.cross_tenant,
        roles: s.roles,
        ip: req.ip ?? '',
        url: req.originalUrl,
        userAgent: req.headers['user-agent'] ?? '',
      };
      res.locals.actor = actor;
      res.locals.locale = s.language === 'es' ? 'es' : 'en';
      next();
    } catch (e) {
      next(e);
    }
  };
}

/** Ends one session; given a user, only when it is theirs. Whether it ended (a session ended before is not ended again). */
export async function endSession(db: Queryable, sessionId: number, userId?: number): Promise<boolean> {
  const r = await db.query(
    `update sessions set revoked_at = now() where id = $1 and revoked_at is null${userId === undefined ? '' : ' and user_id = $2'}`,
    userId === undefined ? [sessionId] : [sessionId, userId],
  );
  return r.rowCount > 0;
}

/**
 * A new access token for a live session, the old one retired: the same session (its sign-in, device and end), so the
 * person's session list shows one session however often it refreshes, and its absolute end does not move.
 */
export async function renewAccess(db: Queryable, sessionId: number) {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `update sessions set token_hash = $2, access_expires_at = now() + make_interval(secs => $3) where id = $1 and revoked_at is null`,
    [sessionId, hashToken(token), accessTtlS()],
  );
  return { access_token: token, token_type: 'bearer', expires_in: accessTtlS() };
}

/** Ends every open session of a user, but the one kept (the device that changed the password stays signed in). */
export async function endSessions(tx: Queryable, userId: number, keep?: number) {
  const r = await tx.query(
    `update sessions set revoked_at = now() where user_id = $1 and revoked_at is null${keep === undefined ? '' : ' and id <> $2'}`,
    keep === undefined ? [userId] : [userId, keep],
  );
  return { sessions: r.rowCount };
}

/**
 * A person's open sessions (devices signed in): where from, which browser, when signed in, last used and when each
 * ends at the latest; the latest active first, the caller's own marked.
 */
export async function openSessions(db: Queryable, userId: number, currentSessionId = 0) {
  const r = await db.query<{
    id: number;
    ip: string | null;
    user_agent: string | null;
    created_at: Date;
    last_activity_at: Date;
    ends_at: Date;
    current: boolean;
  }>(
    `select id, ip, user_agent, created_at, last_activity_at, refresh_until as ends_at, id = $2 as current
       from sessions where user_id = $1 and revoked_at is null and refresh_until > now() order by last_activity_at desc`,
    [userId, currentSessionId],
  );
  return r.rows;
}
