import type { Request } from 'express';
import { forbidden, problem, invalid, notFound, invalidTexts } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../auth/actor.ts';
import { writeAudit } from '../audit/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import { idParam, optionalId, type GuardedRoute } from '../http/guarded-routes.ts';
import { MESSENGER_CHANNEL, type MessengerHub } from './messenger-hub.ts';

export interface MessengerContext {
  db: Database;
  hub: MessengerHub;
}

/** What a thread may be about, and the table whose row (of the same billing company) it names. */
const ABOUT: Record<string, string> = { claim: 'claims', patient: 'patients', payment: 'payments' };
const MAX_BODY = 5000;
const HEARTBEAT_MS = 25_000;

const body = (req: Request) => (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;

function messageText(v: unknown, errors: Record<string, string[]>): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) errors.body = ['The message field is required.'];
  else if (s.length > MAX_BODY) errors.body = [`The message may not be greater than ${MAX_BODY} characters.`];
  return s;
}

/** The billing company a new thread belongs to: the one named (among the person's), or their only one. */
function threadCompany(actor: Actor, asked: unknown): number {
  const id = optionalId(asked, 'billing_company_id');
  if (id !== undefined) {
    if (!actor.crossTenant && !actor.billingCompanyIds.includes(id)) throw forbidden();
    return id;
  }
  if (actor.billingCompanyIds.length === 1) return actor.billingCompanyIds[0];
  throw invalid({ billing_company_id: [problem('billing_company_required')] });
}

/** A thread the person belongs to, locked when asked; anyone else's is simply not found. */
async function memberThread(
  tx: Queryable,
  actor: Actor,
  id: number,
): Promise<{ id: number; billing_company_id: number }> {
  const t = (
    await tx.query<{ id: number; billing_company_id: number }>(
      `select t.id, t.billing_company_id from message_threads t join message_thread_members m on m.thread_id = t.id and m.user_id = $2 where t.id = $1`,
      [id, actor.userId],
    )
  ).rows[0];
  if (!t) throw notFound();
  return { id: Number(t.id), billing_company_id: Number(t.billing_company_id) };
}

/**
 * People named with @ and the start of their e-mail (@ana for ana@clinic.com) who work in the billing
 * company: they are told, and join the thread if they were not in it.
 */
async function mentioned(tx: Queryable, billingCompanyId: number, text: string): Promise<number[]> {
  const handles = [...new Set([...text.matchAll(/(?:^|\s)@([a-z0-9._-]{2,64})/gi)].map((m) => m[1].toLowerCase()))];
  if (!handles.length) return [];
  return (
    await tx.query<{ id: number }>(
      `select u.id from users u join billing_company_users f on f.user_id = u.id and f.billing_company_id = $1
      where u.status and lower(split_part(u.email, '@', 1)) = any($2::text[])`,
      [billingCompanyId, handles],
    )
  ).rows.map((r) => Number(r.id));
}

/** Writes a message, makes the mentioned members, marks it read for its writer, and tells the members' screens once committed. */
async function post(
  tx: Queryable,
  actor: Actor,
  thread: { id: number; billing_company_id: number },
  text: string,
): Promise<{ id: number; mentions: number[] }> {
  const mentions = await mentioned(tx, thread.billing_company_id, text);
  if (mentions.length) {
    await tx.query(
      'insert into message_thread_members (thread_id, user_id) select $1, unnest($2::bigint[]) on conflict do nothing',
      [thread.id, mentions],
    );
  }
  const m = (
    await tx.query<{ id: number }>(
      'insert into messages (thread_id, user_id, body, mentions) values ($1, $2, $3, $4) returning id',
      [thread.id, actor.userId, text, mentions],
    )
  ).rows[0];
  const id = Number(m.id);
  await tx.query('update message_threads set last_message_at = now() where id = $1', [thread.id]);
  await tx.query('update message_thread_members set last_read_id = $3 where thread_id = $1 and user_id = $2', [
    thread.id,
    actor.userId,
    id,
  ]);
  // The audit keeps who wrote to which thread and whom they named, not what they wrote.
  await writeAudit(tx, actor, {
    entity: 'message',
    entityId: id,
    billingCompanyId: thread.billing_company_id,
    event: 'created',
    oldValues: null,
    newValues: {
      thread_id: thread.id,
      length: text.length,
      mentions,
    },
  });
  await tx.query(
    `select pg_notify($1, json_build_object('thread_id', $2::bigint, 'message_id', $3::bigint, 'user_ids', (select array_agg(user_id) from message_thread_members where thread_id = $2))::text)`,
    [MESSENGER_CHANNEL, thread.id, id],
  );
  return { id, mentions };
}

const THREAD_COLUMNS = `t.id, t.billing_company_id, t.subject, t.about_kind, t.about_id, t.last_message_at,
  (select count(*) from messages x where x.thread_id = t.id and x.id > m.last_read_id) as unread,
  (select json_build_object('body', left(x.body, 200), 'user', trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), 'email', u.email)
     from messages x left join users u on u.id = x.user_id where x.thread_id = t.id order by x.id desc limit 1) as last_message,
  (select json_agg(json_build_object('id', u.id, 'email', u.email, 'name', trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))) order by u.email)
     from message_thread_members mm join users u on u.id = mm.user_id where mm.thread_id = t.id) as members`;

const asThread = (r: Record<string, unknown>) => ({
  ...r,
  id: Number(r.id),
  billing_company_id: Number(r.billing_company_id),
  about_id: r.about_id === null ? null : Number(r.about_id),
  unread: Number(r.unread),
});

export const messengerRoutes: GuardedRoute<MessengerContext>[] = [
  {
    method: 'get',
    path: '/messenger/threads',
    permission: null,
    summary:
      'My conversations, latest first, each with its unread count and last message (?about_kind=claim|patient|payment&about_id, page, itemsPerPage)',
    async handle(ctx, req, actor) {
      const q = req.query as Record<string, string | undefined>;
      const page = Number(q.page ?? 1);
      const perPage = Number(q.itemsPerPage ?? 20);
      const errors: Record<string, string[]> = {};
      if (!Number.isSafeInteger(page) || page < 1) errors.page = ['The page must be a positive integer.'];
      if (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > 100)
        errors.itemsPerPage = ['The items per page must be between 1 and 100.'];
      const params: unknown[] = [actor.userId];
      let where = '';
      if (q.about_kind !== undefined) {
        if (!ABOUT[q.about_kind] || !/^\d{1,18}$/.test(q.about_id ?? ''))
          errors.about_kind = ['The thread must be about a claim, a patient or a payment, with its id.'];
        else {
          params.push(q.about_kind, q.about_id);
          where = ` and t.about_kind = $2 and t.about_id = $3`;
        }
      }
      if (Object.keys(errors).length) throw invalidTexts(errors);
      const rows = await ctx.db.query<Record<string, unknown>>(
        `select ${THREAD_COLUMNS}, count(*) over () as total__ from message_thread_members m join message_threads t on t.id = m.thread_id
          where m.user_id = $1${where} order by t.last_message_at desc, t.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
        params,
      );
      const count = rows.rows[0] ? Number(rows.rows[0].total__) : 0;
      return { data: rows.rows.map(({ total__: _t, ...r }) => asThread(r)), count };
    },
  },
  {
    method: 'get',
    path: '/messenger/unread',
    permission: null,
    summary: 'How many messages wait unread for me (the taskbar badge)',
    async handle(ctx, _req, actor) {
      const r = await ctx.db.query<{ n: string }>(
        `select count(*) as n from message_thread_members m join messages x on x.thread_id = m.thread_id and x.id > m.last_read_id where m.user_id = $1`,
        [actor.userId],
      );
      return { unread: Number(r.rows[0].n) };
    },
  },
  {
    method: 'get',
    path: '/messenger/people',
    permission: null,
    summary: 'The people of my billing company I may write to (?query by name or e-mail)',
    async handle(ctx, req, actor) {
      const bc = threadCompany(actor, req.query.billing_company_id);
      const term = typeof req.query.query === 'string' ? req.query.query.trim().toLowerCase().slice(0, 50) : '';
      const r = await ctx.db.query<{ id: number; email: string; name: string }>(
        `select u.id, u.email, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name from users u
           join billing_company_users f on f.user_id = u.id and f.billing_company_id = $1
          where u.status and u.id <> $2 and ($3 = '' or lower(u.email) like '%' || $3 || '%' or lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like '%' || $3 || '%')
          order by u.email limit 50`,
        [bc, actor.userId, term],
      );
      return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
    },
  },
  {
    method: 'post',
    path: '/messenger/threads',
    permission: null,
    status: 201,
    summary:
      'Starts a conversation (subject, member_ids, body; about_kind and about_id for a claim, patient or payment; billing_company_id when I work for several)',
    async handle(ctx, req, actor) {
      const b = body(req);
      const bc = threadCompany(actor, b.billing_company_id);
      const errors: Record<string, string[]> = {};
      const subject = typeof b.subject === 'string' ? b.subject.trim() : '';
      if (!subject) errors.subject = ['The subject field is required.'];
      else if (subject.length > 150) errors.subject = ['The subject may not be greater than 150 characters.'];
      const text = messageText(b.body, errors);
      const members = Array.isArray(b.member_ids) ? b.member_ids : [];
      if (!members.length || members.length > 50 || !members.every((x) => Number.isSafeInteger(x) && (x as number) > 0))
        errors.member_ids = ['Choose at least one person to write to.'];
      const kind = b.about_kind === undefined || b.about_kind === null ? null : String(b.about_kind);
      if (kind !== null && (!ABOUT[kind] || !Number.isSafeInteger(b.about_id)))
        errors.about_kind = ['The thread must be about a claim, a patient or a payment, with its id.'];
      if (Object.keys(errors).length) throw invalidTexts(errors);
      return ctx.db.transaction(async (tx) => {
        // Only people of the thread's billing company may be in it; anyone else is refused by name, not silently left out.
        const ok = (
          await tx.query<{ id: number }>(
            'select user_id as id from billing_company_users where billing_company_id = $1 and user_id = any($2::bigint[])',
            [bc, members],
          )
        ).rows.map((r) => Number(r.id));
        if (ok.length !== new Set(members as number[]).size)
          throw invalid({ member_ids: [problem('everyone_conversation_work_billing_company')] });
        if (kind) {
          const found = (
            await tx.query(`select 1 from ${ABOUT[kind]} where id = $1 and billing_company_id = $2`, [b.about_id, bc])
          ).rows.length;
          if (!found) throw invalid({ about_id: [problem('record_conversation_about_not_found')] });
        }
        const t = (
          await tx.query<{ id: number }>(
            'insert into message_threads (billing_company_id, subject, about_kind, about_id, created_by) values ($1, $2, $3, $4, $5) returning id',
            [bc, subject, kind, kind ? b.about_id : null, actor.userId],
          )
        ).rows[0];
        const thread = { id: Number(t.id), billing_company_id: bc };
        await tx.query(
          'insert into message_thread_members (thread_id, user_id) select $1, unnest($2::bigint[]) on conflict do nothing',
          [thread.id, [actor.userId, ...ok]],
        );
        await writeAudit(tx, actor, {
          entity: 'message-thread',
          entityId: thread.id,
          billingCompanyId: bc,
          event: 'created',
          oldValues: null,
          newValues: {
            subject,
            about_kind: kind,
            about_id: kind ? b.about_id : null,
            member_ids: ok,
          },
        });
        await post(tx, actor, thread, text);
        return asThread(
          (
            await tx.query<Record<string, unknown>>(
              `select ${THREAD_COLUMNS} from message_thread_members m join message_threads t on t.id = m.thread_id where t.id = $1 and m.user_id = $2`,
              [thread.id, actor.userId],
            )
          ).rows[0],
        );
      });
    },
  },
  {
    method: 'get',
    path: '/messenger/threads/{id}/messages',
    permission: null,
    summary: "A conversation's messages, oldest first (?after: only those newer than a message id)",
    async handle(ctx, req, actor) {
      const thread = await memberThread(ctx.db, actor, idParam(req));
      const after = req.query.after === undefined ? 0 : Number(req.query.after);
      if (!Number.isSafeInteger(after) || after < 0) throw invalid({ after: [problem('after_field_message_id')] });
      const rows = await ctx.db.query<Record<string, unknown>>(
        `select x.id, x.body, x.mentions, x.created_at, x.user_id, u.email, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name
           from messages x left join users u on u.id = x.user_id where x.thread_id = $1 and x.id > $2 order by x.id limit 500`,
        [thread.id, after],
      );
      return rows.rows.map((r) => ({
        ...r,
        id: Number(r.id),
        user_id: r.user_id === null ? null : Number(r.user_id),
        mentions: (r.mentions as unknown[]).map(Number),
        mine: Number(r.user_id) === actor.userId,
      }));
    },
  },
  {
    method: 'post',
    path: '/messenger/threads/{id}/messages',
    permission: null,
    status: 201,
    summary: 'Writes in a conversation I am in (body; @name mentions bring colleagues in)',
    async handle(ctx, req, actor) {
      const errors: Record<string, string[]> = {};
      const text = messageText(body(req).body, errors);
      if (Object.keys(errors).length) throw invalidTexts(errors);
      return ctx.db.transaction(async (tx) => {
        const thread = await memberThread(tx, actor, idParam(req));
        return { thread_id: thread.id, ...(await post(tx, actor, thread, text)) };
      });
    },
  },
  {
    method: 'post',
    path: '/messenger/threads/{id}/read',
    permission: null,
    summary: 'Marks a conversation read up to its newest message',
    async handle(ctx, req, actor) {
      return ctx.db.transaction(async (tx) => {
        const thread = await memberThread(tx, actor, idParam(req));
        await tx.query(
          `update message_thread_members set last_read_id = coalesce((select max(id) from messages where thread_id = $1), 0) where thread_id = $1 and user_id = $2`,
          [thread.id, actor.userId],
        );
        return { thread_id: thread.id, unread: 0 };
      });
    },
  },
  {
    method: 'get',
    path: '/messenger/events',
    permission: null,
    raw: true,
    summary:
      'Server-sent events: "message" with {thread_id, message_id} each time a message arrives in one of my conversations',
    async handle(ctx, req, actor, res) {
      res.status(200).set({
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      // Ready only once this process listens: a message committed before the LISTEN took effect would never arrive.
      const stop = await ctx.hub.subscribe(actor.userId, (n) =>
        res.write(`event: message\ndata: ${JSON.stringify({ thread_id: n.thread_id, message_id: n.message_id })}\n\n`),
      );
      res.write('event: ready\ndata: {}\n\n');
      // A comment now and then keeps proxies from closing a quiet stream.
      const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      await new Promise<void>((resolve) => req.on('close', () => resolve()));
      clearInterval(beat);
      stop();
      return undefined;
    },
  },
];
