import { checkIds, checkPage, type QueryProblems } from './query-checks.ts';
import express, { type Request, type Response } from 'express';
import type { RouteEntry } from './route-table.ts';
import { toExpressPath } from '../../src/platform/route-plan.ts';
import type { Actor } from '../security/actor.ts';
import { DomainError, fieldError, forbidden, invalid, notFound } from '../../src/domain/errors/domain-error.ts';
import { translate } from '../i18n/locale.ts';
import { routeLimit, type ActGuard, type GuardedAct } from '../security/act-limits.ts';
import type { Answer } from './answers.ts';
import { checkAnswerOf, checkingAnswers } from './answer-check.ts';

/**
 * A hand-written route declared as data: method, path (OpenAPI form) and the permission it needs.
 * The permission walk test and the OpenAPI document read these same declarations, so a route
 * cannot be added without saying who may call it.
 */
export interface GuardedRoute<C> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** the slug required; several mean any of them; null: any signed-in user */
  permission: string | string[] | null;
  summary: string;
  /** what a success answers: its JSON shape, a file, or nothing (./answers.ts); the OpenAPI document publishes it */
  answers: Answer;
  /** multipart/form-data parser to run first (uploads) */
  multipart?: express.RequestHandler;
  /** a parser that needs the context (a streaming upload into the file store); runs after the permission check */
  multipartFor?: (ctx: C) => express.RequestHandler;
  /** the handler writes the response itself (a file streamed out) */
  raw?: boolean;
  /** an act limited per person across processes (an upload route is limited as 'upload' without saying so) */
  limit?: GuardedAct;
  /** a sensitive act: the person must have proved it was them within the last minutes (dev-server/auth/step-up.ts) */
  stepUp?: boolean;
  status?: number;
  /**
   * Who may call it before any permission: a signed-in person (the default), anyone ('open': signing
   * in, recovering an account), or a signed-in person with these allowances (refresh with an expired
   * access token; reading one's shell without counting as activity).
   */
  access?: 'open' | SessionAllowances;
  /**
   * The route answers a patient's information (PHI) about one record: the read is audited once it has answered (a
   * `PhiRead`: which record, by which path parameter, and what of it was read), or 'recorded' where the handler
   * records it itself through a store's record read. A test walks the route table: a route answering PHI without it fails.
   */
  phi?: PhiRead | 'recorded';
  /** the module that declares it (its OpenAPI tag); set by the registry */
  module?: string;
  handle(ctx: C, req: Request, actor: Actor, res: Response): Promise<unknown>;
}

/** A read of one record's PHI a route declares: the audited entity (its module), the path parameter naming it, the view. */
export interface PhiRead {
  entity: string;
  /** the path parameter holding the record's id (default 'id') */
  param?: string;
  view: string;
}

/** A held slug satisfies a declared one; '*.history' is any module's history permission (the route checks which). */
export const satisfies = (held: ReadonlySet<string>, declared: string) =>
  declared.startsWith('*.') ? [...held].some((h) => h.endsWith(declared.slice(1))) : held.has(declared);

export const allows = (actor: Actor, permission: GuardedRoute<unknown>['permission']) =>
  permission === null ||
  (Array.isArray(permission) ? permission : [permission]).some((p) => satisfies(actor.permissions, p));

/** What a route allows of a session beyond the usual (see GuardedRoute.access). */
export interface SessionAllowances {
  allowExpiredAccess?: boolean;
  countsAsActivity?: boolean;
  /** answered to someone whose role's time to set up an authenticator is up (setting it up, signing out) */
  duringMfaEnrolment?: boolean;
}

/**
 * The routes' entries in the route table, each behind the session check it asks for (signIn makes
 * one), then its permission, run with ctx.
 */
export function guardedEntries<C>(
  ctx: C,
  routes: GuardedRoute<C>[],
  signIn: (allowances: SessionAllowances) => express.RequestHandler,
  guards: {
    acts: ActGuard;
    stepUp: express.RequestHandler;
    /** writes a declared PHI read (dev-server/audit/phi-reads.ts) */
    phiRead: (req: Request, actor: Actor, phi: PhiRead) => Promise<void>;
  },
): RouteEntry[] {
  const checks = new Map<string, express.RequestHandler>();
  const sessionCheck = (a: SessionAllowances) => {
    const key = JSON.stringify(a);
    if (!checks.has(key)) checks.set(key, signIn(a));
    return checks.get(key)!;
  };
  return routes.map((route) => {
    const guard: express.RequestHandler = (_req, res, next) =>
      allows(res.locals.actor as Actor, route.permission) ? next() : next(forbidden());
    const run: express.RequestHandler = async (req, res, next) => {
      try {
        const actor = res.locals.actor as Actor;
        if (!allows(actor, route.permission)) throw forbidden();
        if (checkingAnswers) checkAnswerOf(route, res);
        const phi = route.phi && route.phi !== 'recorded' ? route.phi : null;
        // A file is recorded before its first byte goes (a client may hold it whole before the response ends); the
        // recorder writes nothing for a record the person may not read, which the handler then refuses.
        if (phi && route.raw) await guards.phiRead(req, actor, phi);
        const out = await route.handle(ctx, req, actor, res);
        if (route.raw) return;
        // Answered: the read is the person's now, recorded before they get the answer.
        if (phi) await guards.phiRead(req, actor, phi);
        // Messages a person reads ("The role … was assigned") in their language, like the errors.
        if (out && typeof out === 'object' && typeof (out as { message?: unknown }).message === 'string') {
          (out as { message: string }).message = translate(
            (out as { message: string }).message,
            res.locals.locale ?? 'en',
          );
        }
        res.status(route.status ?? 200).json(out);
      } catch (e) {
        next(e);
      }
    };
    const parsers = [
      ...(route.multipart ? [route.multipart] : []),
      ...(route.multipartFor ? [route.multipartFor(ctx)] : []),
    ];
    const limit = routeLimit(route);
    return {
      method: route.method,
      path: toExpressPath(route.path),
      handlers: [
        ...(route.access === 'open' ? [] : [sessionCheck(route.access ?? {})]),
        guard,
        ...(route.stepUp ? [guards.stepUp] : []),
        ...(limit ? [guards.acts.handler(limit)] : []),
        ...parsers,
        run,
      ],
      source: route.module ?? route.path,
    };
  });
}

/** A path parameter that must be a database id; anything else is simply not found. */
export function idParam(req: Request, name = 'id'): number {
  const raw = String(req.params[name]);
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id)) throw notFound();
  return id;
}

/** An optional id named by a query or body field: absent is undefined, anything but an id a 422 naming the field. */
export function optionalId(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1)
    throw fieldError(field, 'field_an_id', { field: field.replace(/_id$/, '').replace(/_/g, ' ') });
  return id;
}

/** ?ids=1,2,3 (the records a screen names), or undefined; anything else is refused as the generic lists refuse it. */
export function optionalIds(value: unknown): number[] | undefined {
  const problems: QueryProblems = {};
  const ids = checkIds({ ids: value }, problems, 5000);
  if (problems.ids) throw invalid(problems);
  return ids;
}

/**
 * The version of the record the person edited: the body's version field or an If-Match header.
 * required: a PUT of the generic screens must name it, so that a stale edit is refused, not merged.
 */
export function editedVersion(req: Request, required = false): number | undefined {
  const raw = bodyObject(req).version ?? req.get('if-match')?.replace(/^W\//, '').replace(/"/g, '');
  if (raw === undefined || raw === null || raw === '') {
    if (required) throw new DomainError('version_required');
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw fieldError('version', 'version_invalid');
  return n;
}

export function bodyObject(req: Request): Record<string, unknown> {
  const b = req.body;
  // A multipart body to a route that takes JSON is not an empty one: it is refused, not read as no fields.
  if (b === undefined && req.is('multipart/form-data'))
    throw new DomainError('unsupported_media_type', { type: 'multipart/form-data' });
  if (b === undefined) return {};
  if (typeof b !== 'object' || b === null || Array.isArray(b)) throw fieldError('_', 'body_not_object');
  return { ...b };
}

/**
 * The status a change-status call asks for, true or false, named in the body. Never a toggle: a repeated or
 * empty request (a retry, a stray click) must not flip a record the other way.
 */
export function statusFromBody(req: Request, field = 'status'): boolean {
  const body = bodyObject(req);
  const status = body.status ?? body[field];
  if (typeof status !== 'boolean') throw fieldError('status', 'status_true_or_false');
  return status;
}

/** A page of a list as the query asks it (?page, ?itemsPerPage), each checked: 422 on the one at fault. */
export function pageOf(q: Record<string, unknown>, perPageByDefault = 50, maxPerPage = 200) {
  const problems: QueryProblems = {};
  const paging = checkPage(q, problems, { perPage: perPageByDefault, max: maxPerPage, lastPage: 100_000 });
  if (Object.keys(problems).length) throw invalid(problems);
  return paging;
}
