import { invalid, invalidTexts, problem } from '../../src/domain/errors/domain-error.ts';
import { message } from '../http/answers.ts';
import { passwordErrors } from '../../src/domain/password-policy.ts';
import type { Database } from '../db/database.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import { bodyObject } from '../http/guarded-routes.ts';
import { translate } from '../i18n/locale.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { mailResetLink, mailUserName, resetPassword } from './account-recovery.ts';

export const RECOVERY = {
  resetSent: 'If the e-mail belongs to an account, a link to choose a new password has been sent to it.',
  userSent: 'If the details match an account, its user name has been sent to its e-mail.',
  invalidToken: 'This password link is not valid or has already been used. Ask for a new one.',
  expiredToken: 'This password link has expired. Ask for a new one.',
  passwordSet: 'Your password has been changed. Sign in with it.',
} as const;

/** A field the form must fill, trimmed; its refusal names the field in the reader's language. */
const REQUIRED = {
  email: 'email_field_required',
  token: 'token_field_required',
  ssn_last4: 'ssn_last4_field_required',
} as const;
const requiredText = (body: Record<string, unknown>, field: keyof typeof REQUIRED): string => {
  const v = body[field];
  if (typeof v !== 'string' || !v.trim()) throw invalid({ [field]: [problem(REQUIRED[field])] });
  return v.trim();
};

/** Forgot password, set a new one, forgot user: open to anyone, so each answers alike whatever exists. */
export interface RecoveryContext {
  db: Database;
  mail: MailTransport;
}

export const recoveryRoutes: GuardedRoute<RecoveryContext>[] = [
  {
    method: 'post',
    path: '/auth/forgot-password',
    answers: message(),
    limit: 'recovery',
    permission: null,
    access: 'open',
    summary: 'Mail a link to choose a new password',
    raw: true,
    async handle({ db, mail }, req, actor, res) {
      const email = requiredText(bodyObject(req), 'email');
      await mailResetLink({ db, mail }, email);
      res.json({ message: translate(RECOVERY.resetSent, res.locals.locale) });
    },
  },

  {
    method: 'post',
    path: '/auth/reset-password',
    answers: message(),
    permission: null,
    access: 'open',
    summary: 'Set a new password with the mailed token',
    raw: true,
    async handle({ db }, req, actor, res) {
      const body = bodyObject(req);
      const token = requiredText(body, 'token');
      const errors = passwordErrors(body.password, body.password_confirmation);
      if (Object.keys(errors).length) throw invalidTexts(errors);
      await resetPassword(db, req, token, String(body.password));
      res.json({ message: translate(RECOVERY.passwordSet, res.locals.locale) });
    },
  },

  {
    method: 'post',
    path: '/auth/forgot-user',
    answers: message(),
    limit: 'recovery',
    permission: null,
    access: 'open',
    summary: 'Mail the user name (e-mail and last 4 of the SSN)',
    raw: true,
    async handle({ db, mail }, req, actor, res) {
      const body = bodyObject(req);
      const email = requiredText(body, 'email');
      const last4 = requiredText(body, 'ssn_last4');
      if (!/^\d{4}$/.test(last4)) throw invalid({ ssn_last4: [problem('enter_last_4_digits_ssn')] });
      await mailUserName({ db, mail }, email, last4);
      res.json({ message: translate(RECOVERY.userSent, res.locals.locale) });
    },
  },
];
