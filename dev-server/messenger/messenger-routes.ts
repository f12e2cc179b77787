import { forbidden, problem, invalid, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { json, empty } from '../http/answers.ts';
import type { Actor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, idParam, optionalId, type GuardedRoute } from '../http/guarded-routes.ts';
import type { MessengerHub } from './messenger-hub.ts';
import {
  ABOUT,
  colleagues,
  isOutsider,
  listThreads,
  markRead,
  startThread,
  threadMessages,
  unreadCount,
  writeMessage,
} from './messenger-threads.ts';

export interface MessengerContext {
  db: Database;
  hub: MessengerHub;
}

const MAX_BODY = 5000;
const HEARTBEAT_MS = 25_000;

function messageText(v: unknown, errors: Record<string, FieldProblem[]>): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) errors.body = [problem('message_field_required')];
  else if (s.length > MAX_BODY) errors.body = [problem('message_over_max_characters', { max: MAX_BODY })];
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

export const messengerRoutes: GuardedRoute<MessengerContext>[] = [
  {
    method: 'get',
    path: '/messenger/threads',
    answers: json({
      data: [
        {
          id: 'integer',
          billing_company_id: 'integer',
          subject: 'string',
          about_kind: 'string',
          about_id: 'integer',
          last_message_at: 'string',
          unread: 'integer',
          last_message: 'object',
          members: ['object'],
        },
      ],
      count: 'integer',
    }),
    permission: null,
    summary:
      'My conversations, latest first, each with its unread count and last message (?about_kind=claim|patient|payment&about_id, page, itemsPerPage)',
    async handle(ctx, req, actor) {
      const q = req.query as Record<string, string | undefined>;
      const page = Number(q.page ?? 1);
      const perPage = Number(q.itemsPerPage ?? 20);
      const errors: Record<string, FieldProblem[]> = {};
      if (!Number.isSafeInteger(page) || page < 1) errors.page = [problem('page_positive_integer')];
      if (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > 100)
        errors.itemsPerPage = [problem('items_per_page_between', { max: 100 })];
      let about: { kind: string; id: string } | undefined;
      if (q.about_kind !== undefined) {
        if (!Object.hasOwn(ABOUT, q.about_kind) || !/^\d{1,18}$/.test(q.about_id ?? ''))
          errors.about_kind = [problem('thread_about_claim_patient_payment')];
        else about = { kind: q.about_kind, id: q.about_id! };
      }
      if (Object.keys(errors).length) throw invalid(errors);
      return listThreads(ctx.db, actor.userId, { about, page, perPage });
    },
  },
  {
    method: 'get',
    path: '/messenger/unread',
    answers: json({ unread: 'integer' }),
    permission: null,
    summary: 'How many messages wait unread for me (the taskbar badge)',
    async handle(ctx, _req, actor) {
      return { unread: await unreadCount(ctx.db, actor.userId) };
    },
  },
  {
    method: 'get',
    path: '/messenger/people',
    answers: json([{ id: 'integer', email: 'string', name: 'string' }]),
    permission: null,
    summary:
      "The people of my billing company I may write to (?query by name or e-mail); a patient, client or professional: those they already write with and the company's managers",
    async handle(ctx, req, actor) {
      const bc = threadCompany(actor, req.query.billing_company_id);
      const term = typeof req.query.query === 'string' ? req.query.query.trim().toLowerCase().slice(0, 50) : '';
      return colleagues(ctx.db, bc, actor.userId, term, isOutsider(actor));
    },
  },
  {
    method: 'post',
    path: '/messenger/threads',
    answers: json({
      id: 'integer',
      billing_company_id: 'integer',
      subject: 'string',
      about_kind: 'string?',
      about_id: 'integer?',
      last_message_at: 'string',
      unread: 'integer',
      last_message: { body: 'string', user: 'string', email: 'string' },
      members: [{ id: 'integer', email: 'string', name: 'string' }],
    }),
    permission: null,
    status: 201,
    summary:
      'Starts a conversation (subject, member_ids, body; about_kind and about_id for a claim, patient or payment; billing_company_id when I work for several)',
    async handle(ctx, req, actor) {
      const b = bodyObject(req);
      const bc = threadCompany(actor, b.billing_company_id);
      const errors: Record<string, FieldProblem[]> = {};
      const subject = typeof b.subject === 'string' ? b.subject.trim() : '';
      if (!subject) errors.subject = [problem('subject_field_required')];
      else if (subject.length > 150) errors.subject = [problem('subject_over_150_characters')];
      const text = messageText(b.body, errors);
      const members = Array.isArray(b.member_ids) ? b.member_ids : [];
      if (!members.length || members.length > 50 || !members.every((x) => Number.isSafeInteger(x) && (x as number) > 0))
        errors.member_ids = [problem('choose_person_to_write_to')];
      const kind = b.about_kind === undefined || b.about_kind === null ? null : String(b.about_kind);
      if (kind !== null && (!Object.hasOwn(ABOUT, kind) || !Number.isSafeInteger(b.about_id)))
        errors.about_kind = [problem('thread_about_claim_patient_payment')];
      if (Object.keys(errors).length) throw invalid(errors);
      return startThread(ctx.db, actor, {
        billingCompanyId: bc,
        subject,
        text,
        memberIds: members as number[],
        about: kind ? { kind, id: b.about_id as number } : null,
      });
    },
  },
  {
    method: 'get',
    path: '/messenger/threads/{id}/messages',
    answers: json([
      {
        id: 'integer',
        body: 'string',
        mentions: ['integer'],
        created_at: 'string',
        user_id: 'integer',
        email: 'string',
        name: 'string',
        mine: 'boolean',
      },
    ]),
    permission: null,
    summary: "A conversation's messages, oldest first (?after: only those newer than a message id)",
    async handle(ctx, req, actor) {
      const id = idParam(req);
      const after = req.query.after === undefined ? 0 : Number(req.query.after);
      if (!Number.isSafeInteger(after) || after < 0) throw invalid({ after: [problem('after_field_message_id')] });
      return threadMessages(ctx.db, actor, id, after);
    },
  },
  {
    method: 'post',
    path: '/messenger/threads/{id}/messages',
    answers: json({ thread_id: 'integer', id: 'integer', mentions: ['integer'] }),
    permission: null,
    status: 201,
    summary: 'Writes in a conversation I am in (body; @name mentions bring colleagues in)',
    async handle(ctx, req, actor) {
      const errors: Record<string, FieldProblem[]> = {};
      const text = messageText(bodyObject(req).body, errors);
      if (Object.keys(errors).length) throw invalid(errors);
      return writeMessage(ctx.db, actor, idParam(req), text);
    },
  },
  {
    method: 'post',
    path: '/messenger/threads/{id}/read',
    answers: json({ thread_id: 'integer', unread: 'integer' }),
    permission: null,
    summary: 'Marks a conversation read up to its newest message',
    async handle(ctx, req, actor) {
      return markRead(ctx.db, actor, idParam(req));
    },
  },
  {
    method: 'get',
    path: '/messenger/events',
    answers: empty('Server-sent events: message, with {thread_id, message_id}, as messages arrive'),
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
