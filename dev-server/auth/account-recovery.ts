import { endSessions } from './sessions.ts';
import { unblockEmail } from './sign-in-throttle.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Database } from '../db/database.ts';
import { type Locale } from '../i18n/locale.ts';
import { appUrl, mailMessages } from '../mail/mail-messages.ts';
import { writeSystemAudit } from '../db/audit-writer.ts';
import { hashPassword } from '../security/passwords.ts';
import { RESET_MINUTES, findResetToken, issueResetToken } from './password-reset.ts';

import type { Request } from 'express';
import type { RecoveryContext } from './recovery-router.ts';

/** Mails a link to choose a new password when the e-mail belongs to an active account; silent otherwise. */
export async function mailResetLink({ db, mail }: RecoveryContext, email: string) {
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
}

/** Sets a new password with a mailed token: the token is spent, the account unblocked and its sessions ended, audited. */
export async function resetPassword(db: Database, req: Request, token: string, password: string) {
  const hash = await hashPassword(password);
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
    const owner = (await tx.query<{ email: string }>('select email from users where id = $1', [found.userId])).rows[0];
    await unblockEmail(tx, owner.email);
    await endSessions(tx, found.userId);
    await writeSystemAudit(tx, req, {
      entity: 'user',
      entityId: found.userId,
      event: 'password_reset',
      userId: found.userId,
    });
  });
}

/** Mails the user name when the e-mail and the SSN's last four match an active account; silent otherwise. */
export async function mailUserName({ db, mail }: RecoveryContext, email: string, last4: string) {
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
}
