import { readFileSync } from 'node:fs';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';

import type { Queryable } from '../db/database.ts';
import type { SupportContext } from './support-routes.ts';

/** A support request as its route read it. */
export interface SupportRequest {
  subject: string;
  message: string;
  openWindow: string | null;
  shot: { buffer: Buffer; mimetype: string; size: number } | null;
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

/** Asks for help: the request kept, mailed to the support desk with the version, the user, the window and the screenshot (checked by its bytes), audited. */
export async function sendSupportRequest(ctx: SupportContext, actor: Actor, ask: SupportRequest) {
  const { subject, message, openWindow } = ask;
  const who = await sender(ctx.db, actor);
  const { shot } = ask;
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
}

interface SupportRequestRow {
  id: number;
  subject: string;
  message: string;
  open_window: string | null;
  app_version: string;
  screenshot_file_id: number | null;
  created_at: Date;
  total__: number;
}

/** My earlier support requests, newest first, a page at a time. */
export async function mySupportRequests(db: Queryable, actor: Actor, page: number, perPage: number) {
  const rows = await db.query<SupportRequestRow>(
    `select id, subject, message, open_window, app_version, screenshot_file_id, created_at, count(*) over () as total__
           from support_requests where user_id = $1 order by id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    [actor.userId],
  );
  return { data: rows.rows.map(({ total__: _t, ...r }) => r), count: rows.rows[0]?.total__ ?? 0 };
}

export const APP_VERSION: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;
/** Where requests go: the support desk's address (SUPPORT_EMAIL), kept in the outbox when no mail server is set. */
export const supportAddress = (env = process.env) => env.SUPPORT_EMAIL ?? 'support@localhost';
export const SCREENSHOT_BYTES = 5 * 1024 * 1024;
