import multer from 'multer';
import { readFileSync } from 'node:fs';
import { DomainError, invalidTexts, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import type { MailTransport } from '../mail/mail-transport.ts';

export interface SupportContext {
  db: Database;
  files: FileStore;
  mail: MailTransport;
}

const APP_VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
/** Where requests go: the support desk's address (SUPPORT_EMAIL), kept in the outbox when no mail server is set. */
export const supportAddress = (env = process.env) => env.SUPPORT_EMAIL ?? 'support@localhost';
const SCREENSHOT_BYTES = 5 * 1024 * 1024;

// A request is a form (multipart) so a screenshot travels as bytes, not as a JSON string a third larger.
const parseForm = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: SCREENSHOT_BYTES, files: 1, fields: 10, fieldSize: 20_000 },
}).single('screenshot');

function text(v: unknown, field: string, max: number, errors: Record<string, string[]>, label: string): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) errors[field] = [`The ${label} field is required.`];
  else if (s.length > max) errors[field] = [`The ${label} may not be greater than ${max} characters.`];
  return s;
}

async function sender(db: Database, actor: Actor) {
  return (
    await db.query<{ name: string; companies: string | null }>(
      `select trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
            (select string_agg(b.name, ', ' order by b.name) from billing_company_users f join billing_companies b on b.id = f.billing_company_id where f.user_id = u.id) as companies
       from users u where u.id = $1`,
      [actor.userId],
    )
  ).rows[0];
}

export const supportRoutes: GuardedRoute<SupportContext>[] = [
  {
    method: 'post',
    path: '/support-requests',
    permission: null,
    status: 201,
    summary:
      'Asks for help (multipart: subject, message, open_window; optional screenshot, a PNG or JPEG up to 5 MB): mailed to the support desk with the version, the user and the window',
    multipart: (req, res, next) =>
      parseForm(req, res, (err: unknown) =>
        err ? next(new DomainError('invalid', {}, { screenshot: [{ code: 'file_empty' }] })) : next(),
      ),
    async handle(ctx, req, actor) {
      const b = (req.body ?? {}) as Record<string, unknown>;
      const errors: Record<string, string[]> = {};
      const subject = text(b.subject, 'subject', 150, errors, 'subject');
      const message = text(b.message, 'message', 5000, errors, 'message');
      const openWindow = typeof b.open_window === 'string' ? b.open_window.trim().slice(0, 200) || null : null;
      if (Object.keys(errors).length) throw invalidTexts(errors);
      const who = await sender(ctx.db, actor);
      const shot = req.file && req.file.size ? req.file : null;
      return ctx.db.transaction(async (tx) => {
        // The screenshot is checked by its bytes like every stored image; it belongs to its sender, not to a billing company.
        const stored = shot
          ? await ctx.files.save(actor, {
              kind: 'screenshot',
              name: `support-${Date.now()}.${shot.mimetype === 'image/jpeg' ? 'jpg' : 'png'}`,
              billingCompanyId: null,
              source: shot.buffer,
              tx,
            })
          : null;
        const row = (
          await tx.query<{ id: number; created_at: string }>(
            `insert into support_requests (user_id, subject, message, app_version, open_window, user_agent, screenshot_file_id)
           values ($1, $2, $3, $4, $5, $6, $7) returning id, created_at`,
            [actor.userId, subject, message, APP_VERSION, openWindow, actor.userAgent || null, stored?.id ?? null],
          )
        ).rows[0];
        const body = [
          message,
          '',
          '—',
          `From: ${who?.name || actor.email} <${actor.email}> (user ${actor.userId})`,
          `Billing companies: ${who?.companies ?? '—'}`,
          `Open window: ${openWindow ?? '—'}`,
          `Version: ${APP_VERSION}`,
          `Browser: ${actor.userAgent || '—'}`,
          `Request: #${row.id}`,
          ...(stored ? [`Screenshot: ${stored.name} (file ${stored.id})`] : []),
        ].join('\n');
        const mailId = await ctx.mail.send(tx, {
          to: supportAddress(),
          subject: `[Support #${row.id}] ${subject}`,
          text: body,
          kind: 'support',
          userId: actor.userId,
          attachments:
            stored && shot
              ? [{ fileId: stored.id, name: stored.name, contentType: stored.content_type, content: shot.buffer }]
              : [],
        });
        await tx.query('update support_requests set mail_id = $2 where id = $1', [row.id, mailId]);
        await writeAudit(tx, actor, {
          entity: 'support-request',
          entityId: row.id,
          billingCompanyId: null,
          event: 'created',
          oldValues: null,
          newValues: {
            subject,
            open_window: openWindow,
            screenshot_file_id: stored?.id ?? null,
          },
        });
        return {
          id: Number(row.id),
          subject,
          message,
          open_window: openWindow,
          app_version: APP_VERSION,
          screenshot_file_id: stored?.id ?? null,
          created_at: row.created_at,
        };
      });
    },
  },
  {
    method: 'get',
    path: '/support-requests',
    permission: null,
    summary: 'My earlier support requests, newest first (page, itemsPerPage up to 50)',
    async handle(ctx, req, actor) {
      const page = Number(req.query.page ?? 1);
      const perPage = Number(req.query.itemsPerPage ?? 10);
      if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(perPage) || perPage < 1 || perPage > 50)
        throw invalid({ page: [problem('page_positive_integer')] });
      const rows = await ctx.db.query<Record<string, unknown>>(
        `select id, subject, message, open_window, app_version, screenshot_file_id, created_at, count(*) over () as total__
           from support_requests where user_id = $1 order by id desc limit ${perPage} offset ${(page - 1) * perPage}`,
        [actor.userId],
      );
      const count = rows.rows[0] ? Number(rows.rows[0].total__) : 0;
      return {
        data: rows.rows.map(({ total__: _t, ...r }) => ({
          ...r,
          id: Number(r.id),
          screenshot_file_id: r.screenshot_file_id === null ? null : Number(r.screenshot_file_id),
        })),
        count,
      };
    },
  },
];
