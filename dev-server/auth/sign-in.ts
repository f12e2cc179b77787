import express, { type Request, type Router } from 'express';
import type { Database } from '../db/database.ts';
import { HttpError, invalid } from '../http/errors.ts';
import { translate, type Locale } from '../i18n/locale.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { mailMessages } from '../mail/mail-messages.ts';
import { CODE_TTL_MINUTES, deviceFingerprints, deviceStanding, issueDeviceCode, rememberDevice, verifyDeviceCode } from './devices.ts';
import { ipAllowed, restrictionsFor } from './ip-restriction-check.ts';
import { verifyPassword } from './passwords.ts';
import { IDLE_MS, createSession } from './sessions.ts';

// The predecessor's sign-in messages (predecessor-facts §8), word for word.
export const SIGN_IN = {
  bad: 'Bad Credentials',
  warning: 'You have entered bad credentials 3 times. If you enter bad credentials again your user will be blocked for security.',
  blocked: 'Your user has been blocked. Enter your user code or try again in 24 hours.',
  inactive: 'Your user is inactive, for more information contact the administrator.',
  ipNotAllowed: 'You are not allowed to access this application',
  newDevice: 'You are trying to access from a new device. Enter the code sent to your email.',
  wrongCode: 'The validation code is incorrect. Please check and enter again.',
  expiredCode: 'The validation code has expired. request a new code.',
  codeSent: 'If the account exists, a new code has been sent to its email.',
} as const;

/** Failures before the warning, and the failure that blocks. */
const WARN_AT = 3;
const BLOCK_AT = 4;
export const BLOCK_HOURS = 24;

interface UserRow {
  id: number; email: string; password_hash: string; status: boolean; language: string; first_name: string | null; last_name: string | null;
  failed_logins: number; blocked: boolean; role_ids: number[];
}

async function findUser(db: Database, email: string): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>(
    `select id, email, password_hash, status, language, first_name, last_name, failed_logins,
            coalesce(blocked_until > now(), false) as blocked,
            array(select role_id from user_roles where user_id = users.id) as role_ids
       from users where lower(email) = lower($1)`,
    [email],
  );
  return r.rows[0];
}

function credentials(req: Request): { email: string; password: string; code?: string; deviceToken?: unknown } {
  const { email, password, code, device_token } = (req.body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  if (typeof email !== 'string' || !email.trim()) errors.email = ['The email field is required.'];
  if (typeof password !== 'string' || !password) errors.password = ['The password field is required.'];
  if (code !== undefined && code !== null && typeof code !== 'string') errors.code = ['The code must be text.'];
  if (Object.keys(errors).length) throw invalid(errors);
  return { email: String(email).trim(), password: String(password), code: (code as string | null) || undefined, deviceToken: device_token };
}

/** A wrong password: counts it, warns on the third in a row and blocks on the fourth. */
async function failedPassword(db: Database, user: UserRow): Promise<never> {
  const failures = user.failed_logins + 1;
  if (failures >= BLOCK_AT) {
    await db.query(`update users set failed_logins = 0, blocked_until = now() + make_interval(hours => $2) where id = $1`, [user.id, BLOCK_HOURS]);
    throw new HttpError(401, SIGN_IN.blocked, undefined, undefined, { blocked: true });
  }
  await db.query('update users set failed_logins = $2 where id = $1', [user.id, failures]);
  if (failures === WARN_AT) throw new HttpError(429, SIGN_IN.warning, undefined, undefined, { attempts: failures });
  throw new HttpError(401, SIGN_IN.bad);
}

export function signInRouter(db: Database, mail: MailTransport): Router {
  const router = express.Router();

  const sendCode = async (user: { id: number; email: string; language: string }) => {
    const code = await issueDeviceCode(db, user.id);
    const m = mailMessages.deviceCode(user.language as Locale, code, CODE_TTL_MINUTES);
    await mail.send(db, { to: user.email, subject: m.subject, text: m.text, kind: 'device-code', userId: user.id });
  };

  router.post('/auth/login', async (req, res, next) => {
    try {
      const { email, password, code, deviceToken } = credentials(req);
      const user = await findUser(db, email);
      if (!user) throw new HttpError(401, SIGN_IN.bad);
      if (user.blocked) throw new HttpError(401, SIGN_IN.blocked, undefined, undefined, { blocked: true });
      if (!(await verifyPassword(password, user.password_hash))) await failedPassword(db, user);
      if (user.failed_logins) await db.query('update users set failed_logins = 0 where id = $1', [user.id]);
      if (!user.status) throw new HttpError(401, SIGN_IN.inactive);
      if (!ipAllowed(req.ip ?? '', user.id, user.role_ids.map(Number), await restrictionsFor(db, user.id))) throw new HttpError(401, SIGN_IN.ipNotAllowed);

      const standing = await deviceStanding(db, user.id, deviceFingerprints(req, deviceToken));
      if (standing.kind === 'new') {
        if (!code) {
          await sendCode(user);
          throw new HttpError(403, SIGN_IN.newDevice, undefined, undefined, { new_device: true });
        }
        const verdict = await verifyDeviceCode(db, user.id, code);
        if (verdict !== 'valid') throw new HttpError(403, verdict === 'expired' ? SIGN_IN.expiredCode : SIGN_IN.wrongCode, undefined, undefined, { new_device: true });
      }
      // A known device gets a fresh token too, so a client that lost its own is recognised next time.
      const device = await rememberDevice(db, user.id, req);
      const session = await createSession(db, user.id, req, device.deviceId);
      res.setHeader('inactivity-time', String(IDLE_MS));
      res.json({
        ...session,
        device_token: device.deviceToken,
        user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, language: user.language },
        inactivity_time: IDLE_MS,
      });
    } catch (e) { next(e); }
  });

  // Answers the same whether or not the e-mail belongs to someone, so it cannot be used to find accounts.
  router.post('/auth/send-email-code', async (req, res, next) => {
    try {
      const email = (req.body ?? {}).email;
      if (typeof email !== 'string' || !email.trim()) throw invalid({ email: ['The email field is required.'] });
      const user = await findUser(db, email.trim());
      if (user && user.status && !user.blocked) await sendCode(user);
      res.json({ message: translate(SIGN_IN.codeSent, res.locals.locale) });
    } catch (e) { next(e); }
  });
  return router;
}
