import type { Request } from 'express';
import { json, page as pageOf, type Shape } from '../http/answers.ts';
import type { Entity } from '../../src/platform/entity.ts';
import { can } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { forbidden, problem, invalid, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { auditEntry, page, recordHistory, rollBack } from './audit-trail.ts';

interface Paging {
  query?: string;
  page?: unknown;
  itemsPerPage?: unknown;
  sortBy?: string;
  sortDesc?: unknown;
}
const SORTABLE = ['id', 'created_at', 'event', 'entity', 'user_id'];

/** Paging params may come in the query string or the body (the spec's calls use both). */
function paging(req: Request): AuditPaging {
  const src = { ...(req.query as Paging), ...(bodyObject(req) as Paging) };
  const page = src.page === undefined ? 1 : Number(src.page);
  const perPage = src.itemsPerPage === undefined ? 10 : Number(src.itemsPerPage);
  const sortBy = src.sortBy || 'id';
  const errors: Record<string, FieldProblem[]> = {};
  if (!Number.isInteger(page) || page < 1) errors.page = [problem('page_positive_integer')];
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 1000)
    errors.itemsPerPage = [problem('items_per_page_between', { max: 1000 })];
  if (!SORTABLE.includes(sortBy)) errors.sortBy = [problem('list_cannot_be_sorted_by', { field: sortBy })];
  if (Object.keys(errors).length) throw invalid(errors);
  return {
    page,
    perPage,
    sortBy,
    desc: src.sortDesc === true || src.sortDesc === 'true' || src.sortDesc === '1',
    query: src.query,
  };
}

/** A request's paging of audit rows, read by paging(). */
export interface AuditPaging {
  page: number;
  perPage: number;
  sortBy: string;
  desc: boolean;
  query?: string;
}

/** The id an /audit-one body names (id or audit_id). */
function auditEntryId(req: Request): number {
  const id = Number(bodyObject(req).id ?? bodyObject(req).audit_id);
  if (!Number.isSafeInteger(id)) throw invalid({ id: [problem('id_field_required')] });
  return id;
}

export interface AuditContext {
  db: Database;
  entities: Entity[];
}

/** A page of audit entries: what changed (old and new values; none on a creation or a deletion), who, from where. */
const AUDIT_ENTRY = {
  id: 'integer',
  entity: 'string',
  entity_id: 'integer',
  event: 'string',
  old_values: 'object?',
  new_values: 'object?',
  ip: 'string?',
  url: 'string?',
  user_agent: 'string?',
  created_at: 'string',
} satisfies Shape;
const AUDIT_PAGE = pageOf({ ...AUDIT_ENTRY, user: 'object?' });

export const auditRoutes: GuardedRoute<AuditContext>[] = [
  {
    method: 'post',
    path: '/audit-all',
    answers: json(AUDIT_PAGE),
    permission: 'audit.view',
    summary: 'Every audit entry the actor may see (paging in the body or the query)',
    handle: async ({ db }, req, actor) => page({ db, actor, where: [], params: [], paging: paging(req) }),
  },
  {
    method: 'post',
    path: '/audit-all-by-user',
    answers: json(AUDIT_PAGE),
    permission: null,
    summary: "A user's audit entries (one's own; another's with audit.user.view)",
    async handle({ db }, req, actor) {
      const userId = Number(bodyObject(req).user_id ?? actor.userId);
      if (userId !== actor.userId && !can(actor, 'audit.user.view')) throw forbidden();
      if (!Number.isSafeInteger(userId)) throw invalid({ user_id: [problem('user_id_integer')] });
      return page({ db, actor, where: ['a.user_id = $1'], params: [userId], paging: paging(req) });
    },
  },
  {
    method: 'patch',
    path: '/audit-all-by-entity/{entity}/{id}',
    answers: json(AUDIT_PAGE),
    permission: '*.history',
    summary: "A record's history (the entity's history permission)",
    handle: (ctx, req, actor) =>
      recordHistory(ctx, actor, { entity: String(req.params.entity), id: idParam(req) }, paging(req)),
  },
  {
    method: 'post',
    path: '/audit-one',
    answers: json({
      ...AUDIT_ENTRY,
      billing_company_id: 'integer?',
      user_id: 'integer?',
      chain_seq: 'integer',
      prev_hash: 'string',
      row_hash: 'string',
      user_email: 'string?',
    }),
    permission: ['audit.show', '*.history'],
    summary: 'One audit entry (audit.show, or the history permission of its entity)',
    handle: (ctx, req, actor) => auditEntry(ctx, actor, auditEntryId(req)),
  },
  {
    method: 'patch',
    path: '/rollback-audit/{auditId}/by-entity/{entity}/{entityId}',
    answers: json({ id: 'integer', version: 'integer', display_name: 'string?' }),
    permission: '*.history',
    summary:
      "Restores a record to an audit entry's old data (the entity's history and edit permissions), through the same rules as any edit",
    handle: (ctx, req, actor, res) =>
      rollBack(ctx, actor, {
        entity: String(req.params.entity),
        auditId: idParam(req, 'auditId'),
        entityId: idParam(req, 'entityId'),
        locale: res.locals.locale,
      }),
  },
];
