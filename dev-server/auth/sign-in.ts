import type { Request } from 'express';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import type { Database } from '../db/database.ts';
import { type Locale } from '../i18n/locale.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { mailMessages } from '../mail/mail-messages.ts';
import {
  CODE_TTL_MINUTES,
  deviceFingerprints,
  deviceStanding,
  ownsDeviceToken,
  issueDeviceCode,
  rememberDevice,
  verifyDeviceCode,
} from './devices.ts';
import { ipAllowed, restrictionsFor } from '../security/ip-restriction-check.ts';
import { loginHoursParam, signInAllowedAt, type LoginHours } from '../security/login-hours.ts';
import { writeSystemAudit } from '../db/audit-writer.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { createSession } from './sessions.ts';
import { codeJustUsed, secondStepsOf, takeSecondStep } from './mfa.ts';
import { passkeySignInOptions, takePasskeyStep } from './passkeys.ts';
import { settleMfaDue } from './mfa-policy.ts';
import { BLOCK_AT, WARN_AT, clearFailures, recordFailure, standing as throttleStanding } from './sign-in-throttle.ts';

/** A scrypt hash of a random password nobody knows: checked against when the e-mail is unknown (made on first need). */
let dummyHash: Promise<string> | undefined;
const unknownAccountHash = () => (dummyHash ??= hashPassword(`unknown-${Math.random()}`));

// The predecessor's sign-in messages (predecessor-facts §8), word for word.
export const SIGN_IN = {
  bad: ERROR_CATALOGUE.bad_credentials.en,
  warning: ERROR_CATALOGUE.entered_bad_credentials_3_times_if.en,
  blocked: ERROR_CATALOGUE.user_been_blocked_enter_user_code.en,
  inactive: ERROR_CATALOGUE.user_inactive_more_information_contact_administrator.en,
  ipNotAllowed: ERROR_CATALOGUE.not_allowed_access_application.en,
  newDevice: ERROR_CATALOGUE.trying_access_from_new_device_enter.en,
  wrongCode: 'The validation code is incorrect. Please check and enter again.',
  expiredCode: 'The validation code has expired. request a new code.',
  codeSent: 'If the account exists, a new code has been sent to its email.',
  addressLimited: ERROR_CATALOGUE.too_many_failed_sign_ins_from.en,
} as const;

export { BLOCK_HOURS } from './sign-in-throttle.ts';

interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  status: boolean;
  language: string;
  first_name: string | null;
  last_name: string | null;
  role_ids: number[];
  /** each role's sign-in hours (null: that role has none) */
  login_hours: Array<LoginHours | null>;
}

async function findUser(db: Database, email: string): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>(
    `select id, email, password_hash, status, language, first_name, last_name,
            array(select role_id from user_roles where user_id = users.id) as role_ids,
            coalesce((select json_agg(r.login_hours) from user_roles ur join roles r on r.id = ur.role_id
                       where ur.user_id = users.id), '[]'::json) as login_hours
       from users where lower(email) = lower($1)`,
    [email],
  );
  return r.rows[0];
}

/**
 * A wrong password, or an e-mail nobody has (answered the same, so the answers do not tell which
 * accounts exist): counted for that e-mail from that address; a warning on the third in a row, a
 * block of that e-mail from that address on the fourth.
 */
async function failedSignIn(db: Database, email: string, ip: string): Promise<never> {
  const failures = await recordFailure(db, email, ip);
  if (failures >= BLOCK_AT)
    throw new DomainError('user_been_blocked_enter_user_code', {}, {}, { body: { blocked: true } });
  if (failures === WARN_AT)
    throw new DomainError('entered_bad_credentials_3_times_if', {}, {}, { body: { attempts: failures } });
  throw new DomainError('bad_credentials');
}

/** What a sign-in form sends. */
export interface Credentials {
  email: string;
  password: string;
  code?: string;
  deviceToken?: unknown;
  /** the second step: a code from the person's authenticator app, or one of their recovery codes */
  totpCode?: string;
  /** the second step taken with a passkey: the browser's answer to the challenge the first try was given */
  passkey?: unknown;
}

export interface SignInContext {
  db: Database;
  mail: MailTransport;
}

async function sendCode({ db, mail }: SignInContext, user: { id: number; email: string; language: string }) {
  const code = await issueDeviceCode(db, user.id);
  const m = mailMessages.deviceCode(user.language as Locale, code, CODE_TTL_MINUTES);
  await mail.send(db, { to: user.email, subject: m.subject, text: m.text, kind: 'device-code', userId: user.id });
  return code;
}

/**
 * A code that can reach nobody is said on the screen: the account's address is at a domain reserved for tests (.test,
 * RFC 2606: no mailbox can exist there, as the demo's accounts), and no mail server is set (the code would only wait
 * in the outbox table). Any other account's code goes by mail alone.
 */
const unreachable = (mail: MailTransport, email: string) => mail.kind === 'outbox' && /\.test$/i.test(email.trim());

/**
 * Signs a person in: the address's and the e-mail's throttles, the password (an unknown e-mail costs as much),
 * the account's status and IP rules, and from a new device the mailed code; then the device is remembered and a
 * session opened.
 */
export async function signIn(ctx: SignInContext, req: Request, given: Credentials) {
  const { db } = ctx;
  const { email, password, code, deviceToken } = given;
  const ip = req.ip ?? 'unknown';
  const now = await throttleStanding(db, email, ip);
  if (now.kind === 'address-limited' && !(await ownsDeviceToken(db, email, deviceToken)))
    throw new DomainError(
      'too_many_failed_sign_ins_from',
      {},
      {},
      { headers: { 'Retry-After': String(now.retryAfterS) } },
    );
  if (now.kind === 'blocked')
    throw new DomainError('user_been_blocked_enter_user_code', {}, {}, { body: { blocked: true } });
  const user = await findUser(db, email);
  // An unknown e-mail costs a password check too, so its answer takes as long as a wrong password's.
  if (!(await verifyPassword(password, user?.password_hash ?? (await unknownAccountHash()))) || !user)
    return await failedSignIn(db, email, ip);
  // With an authenticator, the failures count on until the second step is passed too: a guessed code is a failure.
  const steps = await secondStepsOf(db, user.id);
  const secondStep = steps.app || steps.passkey;
  if (!secondStep) await clearFailures(db, email, ip);
  if (!user.status) throw new DomainError('user_inactive_more_information_contact_administrator');
  if (!ipAllowed(req.ip ?? '', user.id, user.role_ids.map(Number), await restrictionsFor(db, user.id)))
    throw new DomainError('not_allowed_access_application');
  const hours = user.login_hours;
  if (!signInAllowedAt(hours, new Date())) {
    await db.transaction((tx) =>
      writeSystemAudit(tx, req, {
        entity: 'user',
        entityId: user.id,
        event: 'sign_in_refused',
        userId: user.id,
        newValues: { reason: 'login_hours' },
      }),
    );
    throw new DomainError(
      'outside_login_hours',
      { hours: loginHoursParam(hours) },
      {},
      { body: { login_hours: true } },
    );
  }

  if (secondStep) {
    // The second step (an authenticator app's code, a recovery code, or a passkey) is stronger than the mailed
    // new-device code, which it replaces. What the person may give is said with each refusal, with a new challenge.
    const ways = async () => ({
      mfa_required: true,
      totp: steps.app,
      passkey_options: await passkeySignInOptions(db, user.id, req),
    });
    if (!given.totpCode && !given.passkey) throw new DomainError('mfa_code_required', {}, {}, { body: await ways() });
    const passed = await db.transaction((tx) =>
      given.passkey !== undefined
        ? takePasskeyStep(tx, user.id, req, given.passkey)
        : takeSecondStep(tx, user.id, given.totpCode),
    );
    if (!passed) {
      // The code the app still shows after it was just taken (at set-up or another sign-in) is no guess: it does not
      // count against the person, who is told to wait for the next one.
      if (given.passkey === undefined && (await codeJustUsed(db, user.id, given.totpCode)))
        throw new DomainError('mfa_code_just_used', {}, {}, { body: await ways() });
      if ((await recordFailure(db, email, ip)) >= BLOCK_AT)
        throw new DomainError('user_been_blocked_enter_user_code', {}, {}, { body: { blocked: true } });
      const code = given.passkey !== undefined ? 'passkey_wrong_at_sign_in' : 'mfa_code_wrong_at_sign_in';
      throw new DomainError(code, {}, {}, { body: await ways() });
    }
    await clearFailures(db, email, ip);
  }
  const standing = await deviceStanding(db, user.id, deviceFingerprints(req, deviceToken));
  if (standing.kind === 'new' && !secondStep) {
    if (!code) {
      const sent = await sendCode(ctx, user);
      const shown = unreachable(ctx.mail, user.email) ? { demo_code: sent } : {};
      throw new DomainError('trying_access_from_new_device_enter', {}, {}, { body: { new_device: true, ...shown } });
    }
    const verdict = await verifyDeviceCode(db, user.id, code);
    if (verdict !== 'valid')
      throw new DomainError(
        verdict === 'expired' ? 'device_code_expired' : 'device_code_wrong',
        {},
        {},
        { body: { new_device: true } },
      );
  }
  // A known device gets a fresh token too, so a client that lost its own is recognised next time.
  const device = await rememberDevice(db, user.id, req);
  const session = await createSession(db, user.id, req, device.deviceId);
  return { session, device, user, mfa: await settleMfaDue(db, user.id) };
}

/** Mails a new device code when the e-mail belongs to an active account not blocked from this address; silent otherwise. */
export async function resendDeviceCode(ctx: SignInContext, email: string, ip: string) {
  const user = await findUser(ctx.db, email);
  if (user && user.status && (await throttleStanding(ctx.db, user.email, ip)).kind === 'open')
    await sendCode(ctx, user);
}
