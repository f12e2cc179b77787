import type { GuardedRoute } from '../http/guarded-routes.ts';
import { unblockEmail } from './sign-in-throttle.ts';
import { problem, invalid, invalidTexts } from '../../src/domain/errors/domain-error.ts';
import { passwordErrors } from '../../src/domain/password-policy.ts';
import type { Database } from '../db/database.ts';
import { bodyObject } from '../http/guarded-routes.ts';
import { translate, type Locale } from '../i18n/locale.ts';
import { appUrl, mailMessages } from '../mail/mail-messages.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { writeSystemAudit } from '../db/audit-writer.ts';
import { hashPassword } from '../security/passwords.ts';
import { RESET_MINUTES, findResetToken, issueResetToken } from './password-reset.ts';

export const RECOVERY = {
  resetSent: 'If the e-mail belongs to an account, a link to choose a new password has been sent to it.',
  userSent: 'If the details match an account, its user name has been sent to its e-mail.',
  invalidToken: 'This password link is not valid or has already been used. Ask for a new one.',
  expiredToken: 'This password link has expired. Ask for a new one.',
  passwordSet: 'Your password has been changed. Sign in with it.',
} as const;

const requiredText = (body: Record<string, unknown>, field: string, label: string): string => {
  const v = body[field];
  if (typeof v !== 'string' || !v.trim()) throw invalid({ [field]: [problem('label_field_required', { label })] });
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
    permission: null,
    access: 'open',
    summary: 'Mail a link to choose a new password',
    raw: true,
    async handle({ db, mail }, req, actor, res) {
      const email = requiredText(bodyObject(req), 'email', 'email');
      const u = (
        await db.query<{ id: number; email: string; language: string }>(
          'select id, email, language from users where lower(email) = lower($1) and status',
          [email],
        )
      ).rows[0];
      if (u) {
        const token = await issueResetToken(db, u.id, RESET_MINUTES);
        const m = mailMessages.passwordReset(
          u.language as Locale,
          `${appUrl()}/#/newCredentials?token=${token}`,
          RESET_MINUTES,
        );
        await mail.send(db, { to: u.email, subject: m.subject, text: m.text, kind: 'password-reset', userId: u.id });
      }
      res.json({ message: translate(RECOVERY.resetSent, res.locals.locale) });
    },
  },

  {
    method: 'post',
    path: '/auth/reset-password',
    permission: null,
    access: 'open',
    summary: 'Set a new password with the mailed token',
    raw: true,
    async handle({ db }, req, actor, res) {
      const body = bodyObject(req);
      const token = requiredText(body, 'token', 'token');
      const errors = passwordErrors(body.password, body.password_confirmation);
      if (Object.keys(errors).length) throw invalidTexts(errors);
      const hash = await hashPassword(String(body.password));
      await db.transaction(async (tx) => {
        const found = await findResetToken(tx, token);
        if (found.kind !== 'valid') {
          const code = found.kind === 'expired' ? 'reset_token_expired' : 'reset_token_invalid';
          throw invalid({ token: [problem(code)] }, code);
        }
        await tx.query('update password_resets set used_at = now() where id = $1', [found.id]);
        // A new password also lifts a block and ends every open session of the account.
        await tx.query(
          'update users set password_hash = $2, password_changed_at = now(), failed_logins = 0, blocked_until = null, updated_at = now() where id = $1',
          [found.userId, hash],
        );
        // The owner's own way out of a block, without anyone's help: every address's block on the account goes.
        const owner = (await tx.query<{ email: string }>('select email from users where id = $1', [found.userId]))
          .rows[0];
        await unblockEmail(tx, owner.email);
        await tx.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [
          found.userId,
        ]);
        await writeSystemAudit(tx, req, {
          entity: 'user',
          entityId: found.userId,
          event: 'password_reset',
          userId: found.userId,
        });
      });
      res.json({ message: translate(RECOVERY.passwordSet, res.locals.locale) });
    },
  },

  {
    method: 'post',
    path: '/auth/forgot-user',
    permission: null,
    access: 'open',
    summary: 'Mail the user name (e-mail and last 4 of the SSN)',
    raw: true,
    async handle({ db, mail }, req, actor, res) {
      const body = bodyObject(req);
      const email = requiredText(body, 'email', 'email');
      const last4 = requiredText(body, 'ssn_last4', 'last 4 digits of the SSN');
      if (!/^\d{4}$/.test(last4)) throw invalid({ ssn_last4: [problem('enter_last_4_digits_ssn')] });
      const u = (
        await db.query<{ id: number; email: string; language: string }>(
          'select id, email, language from users where lower(email) = lower($1) and ssn_last4 = $2 and status',
          [email, last4],
        )
      ).rows[0];
      if (u) {
        const m = mailMessages.userReminder(u.language as Locale, u.email, `${appUrl()}/#/`);
        await mail.send(db, { to: u.email, subject: m.subject, text: m.text, kind: 'user-reminder', userId: u.id });
      }
      res.json({ message: translate(RECOVERY.userSent, res.locals.locale) });
    },
  },
];
