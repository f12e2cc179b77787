import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { Queryable } from '../db/database.ts';
import { checkedTarget } from '../outbound/address-policy.ts';

/** A file of the file store sent with a message (a support request's screenshot). */
export interface MailAttachment {
  fileId: number;
  name: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  userId?: number;
  attachments?: MailAttachment[];
}

/** What the outbox records of the attachments: which stored files went, not their bytes. */
const attachmentList = (mail: Mail) =>
  JSON.stringify(
    (mail.attachments ?? []).map((a) => ({ file_id: a.fileId, name: a.name, content_type: a.contentType })),
  );

/** How mail leaves the product. Delivery happens after the caller's transaction is written. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Answers the outbox row that records the message. */
  send(db: Queryable, mail: Mail): Promise<number>;
}

/**
 * The mail server of SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS from the start) through the outbound address
 * policy: its name resolved and checked at each message, the connection made to that address (TLS still checked
 * against the name). A mail relay on this machine or a private network is named in OUTBOUND_ALLOW.
 */
async function smtpServer(smtpUrl: string, env: NodeJS.ProcessEnv) {
  const u = new URL(smtpUrl);
  const secure = u.protocol === 'smtps:';
  const port = u.port ? Number(u.port) : secure ? 465 : 587;
  const target = await checkedTarget(u.hostname, port, env);
  return {
    host: target.address,
    port,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    tls: isIP(target.host) ? {} : { servername: target.host },
    connectionTimeout: 15_000,
  };
}

/**
 * SMTP when SMTP_URL is set (smtp://user:pass@host:587, MAIL_FROM for the sender). Otherwise the
 * mail_outbox table is the mailbox (the log names each message and prints its text only with
 * DEV_PRINT_SECRETS=1), so sign-in codes and reset links work on a machine with no mail server. That fallback is for development: set SMTP_URL
 * in production so that codes and links only ever travel by mail.
 */
export function createMailTransport(env = process.env, log: (line: string) => void = console.log): MailTransport {
  if (env.SMTP_URL) {
    const smtpUrl = env.SMTP_URL;
    const from = env.MAIL_FROM ?? 'no-reply@localhost';
    return {
      kind: 'smtp',
      async send(db, mail) {
        // The outbox keeps a record that a message left, not its body: bodies carry codes and links.
        let error: string | null = null;
        const attachments = (mail.attachments ?? []).map((a) => ({
          filename: a.name,
          content: a.content,
          contentType: a.contentType,
        }));
        try {
          const smtp = nodemailer.createTransport(await smtpServer(smtpUrl, env));
          await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, attachments });
        } catch (e) {
          error = (e as Error).message;
        }
        const row = await db.query<{ id: number }>(
          `insert into mail_outbox (recipient, subject, body, kind, user_id, sent_at, error, attachments) values ($1, $2, '', $3, $4, case when $5::text is null then now() end, $5, $6) returning id`,
          [mail.to, mail.subject, mail.kind, mail.userId ?? null, error, attachmentList(mail)],
        );
        if (error) log(`[mail] could not send "${mail.subject}" to ${mail.to}: ${error}`);
        return Number(row.rows[0].id);
      },
    };
  }
  return {
    kind: 'outbox',
    async send(db, mail) {
      const row = await db.query<{ id: number }>(
        'insert into mail_outbox (recipient, subject, body, kind, user_id, attachments) values ($1, $2, $3, $4, $5, $6) returning id',
        [mail.to, mail.subject, mail.text, mail.kind, mail.userId ?? null, attachmentList(mail)],
      );
      // The text holds live codes and links: the log names the message, and shows its text only to a developer who asks.
      if (env.DEV_PRINT_SECRETS === '1')
        log(`[mail] no SMTP_URL set; kept in mail_outbox. To: ${mail.to}\nSubject: ${mail.subject}\n${mail.text}\n`);
      else log(`[mail] no SMTP_URL set; "${mail.kind}" mail to ${mail.to} kept in mail_outbox (row ${row.rows[0].id})`);
      return Number(row.rows[0].id);
    },
  };
}
