import { notFound, invalid, problem } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import { MESSENGER_CHANNEL } from './messenger-hub.ts';

/** What a thread may be about, and the table whose row (of the same billing company) it names. */
export const ABOUT: Record<string, string> = { claim: 'claims', patient: 'patients', payment: 'payments' };

/** A thread the person belongs to, locked when asked; anyone else's is simply not found. */
export async function memberThread(
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

/** A conversation as one of its members lists it (THREAD_COLUMNS). */
interface ThreadRow {
  id: number;
  billing_company_id: number;
  subject: string;
  about_kind: string | null;
  about_id: number | null;
  last_message_at: Date;
  unread: number;
  last_message: { body: string; user: string; email: string | null } | null;
  members: Array<{ id: number; email: string; name: string }>;
}

/** A person's conversations, latest first, with the total; about: only those about one record. */
export async function listThreads(
  db: Queryable,
  userId: number,
  opts: { about?: { kind: string; id: string }; page: number; perPage: number },
): Promise<{ data: ThreadRow[]; count: number }> {
  const params: unknown[] = [userId];
  let where = '';
  if (opts.about) {
    params.push(opts.about.kind, opts.about.id);
    where = ` and t.about_kind = $2 and t.about_id = $3`;
  }
  const rows = await db.query<ThreadRow & { total__: number }>(
    `select ${THREAD_COLUMNS}, count(*) over () as total__ from message_thread_members m join message_threads t on t.id = m.thread_id
      where m.user_id = $1${where} order by t.last_message_at desc, t.id desc limit ${opts.perPage} offset ${(opts.page - 1) * opts.perPage}`,
    params,
  );
  return { data: rows.rows.map(({ total__: _t, ...r }) => r), count: rows.rows[0]?.total__ ?? 0 };
}

/** How many messages wait unread for a person. */
export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const r = await db.query<{ n: string }>(
    `select count(*) as n from message_thread_members m join messages x on x.thread_id = m.thread_id and x.id > m.last_read_id where m.user_id = $1`,
    [userId],
  );
  return Number(r.rows[0].n);
}

/** The roles of people outside the billing company's staff: a practice's patients, its client, its professionals. */
const OUTSIDE_ROLES = new Set(['patient', 'client', 'healthprofessional']);

/** Whether every role a person has is an outsider's (a staff role besides makes them staff). */
export const isOutsider = (actor: { roles: string[]; crossTenant: boolean }) =>
  !actor.crossTenant && actor.roles.length > 0 && actor.roles.every((r) => OUTSIDE_ROLES.has(r));

/**
 * The active people of a billing company one may write to but oneself, by name or e-mail containing term (lower
 * case), at most 50. Staff see the billing company's people; an outsider (a patient,
 * a client, a professional) sees only whom they already share a conversation with and the company's managers (billing
 * and account managers: whom they write to first) — never the staff list with its names and e-mails.
 */
export async function colleagues(
  db: Queryable,
  billingCompanyId: number,
  userId: number,
  term: string,
  outsider = false,
) {
  const r = await db.query<{ id: number; email: string; name: string }>(
    `select u.id, u.email, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name from users u
       join billing_company_users f on f.user_id = u.id and f.billing_company_id = $1
      where u.status and u.id <> $2 and ($3 = '' or lower(u.email) like '%' || $3 || '%' or lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like '%' || $3 || '%')
        and (not $4 or exists (select 1 from message_thread_members a join message_thread_members b on b.thread_id = a.thread_id
                                where a.user_id = $2 and b.user_id = u.id)
             or exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                         where ur.user_id = u.id and r.slug in ('billingmanager', 'accountmanager')))
      order by u.email limit 50`,
    [billingCompanyId, userId, term, outsider],
  );
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
}

export interface NewThread {
  billingCompanyId: number;
  subject: string;
  text: string;
  memberIds: number[];
  about: { kind: string; id: number } | null;
}

/** Starts a conversation with its first message: its members must all work for its billing company, what it is about must be theirs. */
export async function startThread(db: Database, actor: Actor, n: NewThread): Promise<ThreadRow> {
  const bc = n.billingCompanyId;
  return db.transaction(async (tx) => {
    // Only people of the thread's billing company may be in it; anyone else is refused by name, not silently left out.
    const ok = (
      await tx.query<{ id: number }>(
        'select user_id as id from billing_company_users where billing_company_id = $1 and user_id = any($2::bigint[])',
        [bc, n.memberIds],
      )
    ).rows.map((r) => Number(r.id));
    if (ok.length !== new Set(n.memberIds).size)
      throw invalid({ member_ids: [problem('everyone_conversation_work_billing_company')] });
    if (n.about) {
      const found = (
        await tx.query(`select 1 from ${ABOUT[n.about.kind]} where id = $1 and billing_company_id = $2`, [
          n.about.id,
          bc,
        ])
      ).rows.length;
      if (!found) throw invalid({ about_id: [problem('record_conversation_about_not_found')] });
    }
    const t = (
      await tx.query<{ id: number }>(
        'insert into message_threads (billing_company_id, subject, about_kind, about_id, created_by) values ($1, $2, $3, $4, $5) returning id',
        [bc, n.subject, n.about?.kind ?? null, n.about?.id ?? null, actor.userId],
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
        subject: n.subject,
        about_kind: n.about?.kind ?? null,
        about_id: n.about?.id ?? null,
        member_ids: ok,
      },
    });
    await post(tx, actor, thread, n.text);
    return (
      await tx.query<ThreadRow>(
        `select ${THREAD_COLUMNS} from message_thread_members m join message_threads t on t.id = m.thread_id where t.id = $1 and m.user_id = $2`,
        [thread.id, actor.userId],
      )
    ).rows[0];
  });
}

/** A conversation's messages newer than a message id, oldest first (500 at a time), to one of its members. */
export async function threadMessages(db: Queryable, actor: Actor, threadId: number, after: number) {
  const thread = await memberThread(db, actor, threadId);
  const rows = await db.query<{
    id: number;
    body: string;
    mentions: Array<number | string>;
    created_at: Date;
    user_id: number | null;
    email: string | null;
    name: string;
  }>(
    `select x.id, x.body, x.mentions, x.created_at, x.user_id, u.email, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name
       from messages x left join users u on u.id = x.user_id where x.thread_id = $1 and x.id > $2 order by x.id limit 500`,
    [thread.id, after],
  );
  // a bigint[] arrives as text from a PostgreSQL server (only bigint itself is read as a number)
  return rows.rows.map((r) => ({ ...r, mentions: r.mentions.map(Number), mine: r.user_id === actor.userId }));
}

/** Writes in a conversation the person is in. */
export async function writeMessage(db: Database, actor: Actor, threadId: number, text: string) {
  return db.transaction(async (tx) => {
    const thread = await memberThread(tx, actor, threadId);
    return { thread_id: thread.id, ...(await post(tx, actor, thread, text)) };
  });
}

/** Marks a conversation read up to its newest message for one of its members. */
export async function markRead(db: Database, actor: Actor, threadId: number) {
  return db.transaction(async (tx) => {
    const thread = await memberThread(tx, actor, threadId);
    await tx.query(
      `update message_thread_members set last_read_id = coalesce((select max(id) from messages where thread_id = $1), 0) where thread_id = $1 and user_id = $2`,
      [thread.id, actor.userId],
    );
    return { thread_id: thread.id, unread: 0 };
  });
}
