import type { Request } from 'express';
import { json, message } from '../http/answers.ts';
import { bodyObject, type GuardedRoute } from '../http/guarded-routes.ts';
import { problem, invalid, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { translate } from '../i18n/locale.ts';
import { idleMs } from './sessions.ts';
import { resendDeviceCode, signIn, SIGN_IN, type Credentials, type SignInContext } from './sign-in.ts';

function credentials(req: Request): Credentials {
  const { email, password, code, device_token, totp_code, passkey } = bodyObject(req);
  const errors: Record<string, FieldProblem[]> = {};
  if (typeof email !== 'string' || !email.trim()) errors.email = [problem('email_field_required')];
  if (typeof password !== 'string' || !password) errors.password = [problem('password_field_required')];
  if (code !== undefined && code !== null && typeof code !== 'string') errors.code = [problem('code_must_be_text')];
  if (totp_code !== undefined && totp_code !== null && typeof totp_code !== 'string')
    errors.totp_code = [problem('code_must_be_text')];
  if (passkey !== undefined && passkey !== null && (typeof passkey !== 'object' || Array.isArray(passkey)))
    errors.passkey = [problem('passkey_answer_object')];
  if (Object.keys(errors).length) throw invalid(errors);
  return {
    email: String(email).trim(),
    password: String(password),
    code: (code as string | null) || undefined,
    deviceToken: device_token,
    totpCode: (totp_code as string | null) || undefined,
    passkey: passkey ?? undefined,
  };
}

/** Sign-in: open to anyone (no token yet). */
export const signInRoutes: GuardedRoute<SignInContext>[] = [
  {
    method: 'post',
    path: '/auth/login',
    answers: json({
      access_token: 'string',
      token_type: 'string',
      expires_in: 'integer',
      device_token: 'string',
      user: { id: 'integer', email: 'string', first_name: 'string?', last_name: 'string?', language: 'string' },
      inactivity_time: 'integer',
      mfa_enrolment_due_at: 'string?',
      mfa_enrolment_required: 'boolean',
    }),
    permission: null,
    access: 'open',
    summary:
      "Sign in with email, password and, with two-step sign-in on, totp_code (an authenticator code or a recovery code) or passkey (the browser's answer to the passkey_options the first try answered); otherwise, from a new device, the mailed code. mfa_enrolment_due_at: the role requires an authenticator, to be set up by then (mfa_enrolment_required: the time is up, the session can only set it up)",
    raw: true,
    async handle(ctx, req, actor, res) {
      const { session, device, user, mfa } = await signIn(ctx, req, credentials(req));
      res.setHeader('inactivity-time', String(idleMs()));
      res.json({
        ...session,
        device_token: device.deviceToken,
        user: {
          id: user.id,
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          language: user.language,
        },
        inactivity_time: idleMs(),
        // The role requires an authenticator not set up yet: until when it may wait, and whether the time is up.
        mfa_enrolment_due_at: mfa.due_at,
        mfa_enrolment_required: mfa.overdue,
      });
    },
  },

  {
    // Answers the same whether or not the e-mail belongs to someone, so it cannot be used to find accounts.
    method: 'post',
    path: '/auth/send-email-code',
    answers: message(),
    permission: null,
    access: 'open',
    summary: 'Send a new device code',
    raw: true,
    async handle(ctx, req, actor, res) {
      const email = bodyObject(req).email;
      if (typeof email !== 'string' || !email.trim()) throw invalid({ email: [problem('email_field_required')] });
      await resendDeviceCode(ctx, email.trim(), req.ip ?? 'unknown');
      res.json({ message: translate(SIGN_IN.codeSent, res.locals.locale) });
    },
  },
];
