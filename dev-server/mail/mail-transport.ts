import nodemailer from 'nodemailer';
import type { Queryable } from '../db/database.ts';

export interface Mail { to: string; subject: string; text: string; kind: string; userId?: number }

/** How mail leaves the product. Delivery happens after the caller's transaction is written. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(db: Queryable, mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set (smtp://user:pass@host:587, MAIL_FROM for the sender). Otherwise the
 * mail_outbox table is the mailbox and the server log shows the message, so sign-in codes and
 * reset links work on a machine with no mail server. That fallback is for development: set SMTP_URL
 * in production so that codes and links only ever travel by mail.
 */
export function createMailTransport(env = process.env, log: (line: string) => void = console.log): MailTransport {
  if (env.SMTP_URL) {
    const smtp = nodemailer.createTransport(env.SMTP_URL);
    const from = env.MAIL_FROM ?? 'no-reply@localhost';
    return {
      kind: 'smtp',
      async send(db, mail) {
        // The outbox keeps a record that a message left, not its body: bodies carry codes and links.
        let error: string | null = null;
        try { await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text }); } catch (e) { error = (e as Error).message; }
        await db.query(
          `insert into mail_outbox (recipient, subject, body, kind, user_id, sent_at, error) values ($1, $2, '', $3, $4, case when $5::text is null then now() end, $5)`,
          [mail.to, mail.subject, mail.kind, mail.userId ?? null, error],
        );
        if (error) log(`[mail] could not send "${mail.subject}" to ${mail.to}: ${error}`);
      },
    };
  }
  return {
    kind: 'outbox',
    async send(db, mail) {
      await db.query('insert into mail_outbox (recipient, subject, body, kind, user_id) values ($1, $2, $3, $4, $5)', [mail.to, mail.subject, mail.text, mail.kind, mail.userId ?? null]);
      log(`[mail] no SMTP_URL set; kept in mail_outbox. To: ${mail.to}\nSubject: ${mail.subject}\n${mail.text}\n`);
    },
  };
}
