import type { Request, RequestHandler, Response } from 'express';
import type { ActGuard } from '../security/act-limits.ts';
import { forbidden, invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { codeListLabel } from '../../src/platform/code-list-fields.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { CodeList, CodeListItem } from '../../src/platform/load-schemas.ts';
import { actionSlug, planRoutes, toExpressPath, type PlannedRoute } from '../../src/platform/route-plan.ts';
import { nameReaders } from '../../src/platform/name-readers.ts';
import { allowedNext } from '../../src/platform/state-machine.ts';
import type { Database } from '../db/database.ts';
import { checkAnswerOf, checkingAnswers } from '../http/answer-check.ts';
import { bodyObject, editedVersion, idParam, statusFromBody } from '../http/guarded-routes.ts';
import type { RouteEntry } from '../http/route-table.ts';
import { can, type Actor } from '../security/actor.ts';
import type { FileStore } from '../storage/file-store.ts';
import { imageUpload, savedImage } from '../storage/image-upload.ts';
import { genericAnswer } from './generic-answers.ts';
import { ResourceStore, type ListParams } from './resource-store.ts';
import { transitionHistory } from './state-history.ts';
import { systemWordsOf } from './system-words.ts';
import { stateAnswer, transitionRequest } from './state-routes.ts';
import { entityWriter } from './validation.ts';

/** The page a list call asks for (the first when not said). */
const pageNumber = (req: Request) => Number(req.query.page ?? 1) || 1;

type ExportFormat = 'csv' | 'xlsx' | 'pdf';

/** How a list is being taken away (?export=): one of the formats the list screens export, or not an export. */
function exportFormatOf(req: Request): ExportFormat | undefined {
  const given = req.query.export;
  if (given === undefined) return undefined;
  if (given === 'csv' || given === 'xlsx' || given === 'pdf') return given;
  throw invalid({ export: [problem('export_format')] });
}

export interface ResourceContext {
  db: Database;
  entities: Entity[];
  lists: Map<string, CodeList>;
  files: FileStore;
}

const actorOf = (res: { locals: Record<string, unknown> }) => res.locals.actor as Actor;

/** Every planned route of every entity, for the route table. Nothing here is specific to one entity. */
/**
 * The checks a generic route may need beyond its permission: the guarded acts' counts, and a recent proof that the
 * person is who signed in (sign-in lives above this layer, so it is handed in).
 */
export interface ResourceGuards {
  acts: ActGuard;
  freshProof: (actor: Actor) => Promise<void>;
}

export function resourceEntries(ctx: ResourceContext, { acts, freshProof }: ResourceGuards): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const add = (method: RouteEntry['method'], path: string, source: string, ...handlers: RequestHandler[]) =>
    entries.push({ method, path, handlers, source });
  const readers = nameReaders(ctx.entities);
  for (const entity of ctx.entities) {
    const { writable, check, merged } = entityWriter(entity);
    const words = systemWordsOf(entity);

    // A view's routes are all hand-written: it has no table of its own to serve generically.
    const handWritten = new Set(
      entity.resource.viewOf ? ['list', 'getList', 'codeList', 'show'] : (entity.resource.handWritten ?? []),
    );
    for (const route of planRoutes(entity).filter((r) => !handWritten.has(r.kind as never))) {
      const slug = actionSlug(entity.resource, route.action);
      // Names (a picker's list, a cell's name) are read by whoever reads a record pointing at them; the rest by its own permission.
      const allowedTo = (actor: Actor) =>
        route.kind === 'getList' ? readers.get(entity.name)!.some((s) => can(actor, s)) : can(actor, slug);
      const declared = { ...route, answers: genericAnswer(entity, route) };
      const handler: RequestHandler = async (req, res, next) => {
        try {
          const actor = actorOf(res);
          if (!allowedTo(actor)) throw forbidden();
          if (checkingAnswers) checkAnswerOf(declared, res);
          // A search of patients' information (a typed query on a PHI list) is a guarded act; paging is not.
          if (entity.resource.phi && (route.kind === 'list' || route.kind === 'getList') && req.query.query)
            await acts.check('phi_search', req, actor);
          // A list of patients' information taken away (CSV, XLSX, PDF) is a sensitive act: a recent proof that it is
          // the person, counted as an export at its first page.
          // Checked first: a format nobody exports counts no act and asks for no proof.
          const exported = route.kind === 'list' ? exportFormatOf(req) : undefined;
          if (exported && entity.resource.phi) {
            await freshProof(actor);
            if (pageNumber(req) === 1) await acts.check('export', req, actor);
          }
          const store = new ResourceStore(ctx.db, entity, actor);
          res.status(route.kind === 'create' ? 201 : 200).json(await handle(route, store, req, res, exported));
        } catch (e) {
          next(e);
        }
      };

      const handle = async (
        route: PlannedRoute,
        store: ResourceStore,
        req: Request,
        res: Response,
        exported?: ExportFormat,
      ): Promise<unknown> => {
        const q = req.query as ListParams;
        switch (route.kind) {
          case 'list': {
            const { export: _exported, ...params } = q;
            const page = await store.list(params);
            if (exported) await store.recordExport(page.data, exported);
            return words.page(page, res.locals.locale);
          }
          case 'getList':
            return store.pickList(q);
          case 'codeList':
            return codeListAnswer(ctx.lists.get(route.list!), res.locals.locale);
          case 'getBy':
            return store.getBy(route.getBy!.field, String(req.params[route.getBy!.field]), route.getBy!.notFound);
          case 'show': {
            const row = await store.get(idParam(req));
            await store.recordRead(row);
            return words.row(row, res.locals.locale);
          }
          case 'create': {
            const body = writable(bodyObject(req));
            check(body, res.locals.locale);
            const row = await store.create(body);
            if (!req.file) return row;
            const logo = await savedImage({
              files: ctx.files,
              actor: actorOf(res),
              kind: 'logo',
              file: req.file,
              billingCompanyId: tenantOf(row),
              fields: ['logo'],
            });
            return store.update(row.id, { logo });
          }
          case 'update': {
            const id = idParam(req);
            const body = writable(bodyObject(req));
            return store.update(id, body, {
              check: merged(body, res.locals.locale),
              version: editedVersion(req),
              requireVersion: true,
            });
          }
          case 'fieldUpdate': {
            const id = idParam(req);
            const body = bodyObject(req);
            const version = editedVersion(req);
            delete body.version;
            const extra = Object.keys(body).filter((k) => !route.fields!.includes(k));
            if (extra.length)
              throw invalid(Object.fromEntries(extra.map((k) => [k, [problem('field_not_allowed', { field: k })]])));
            return store.update(id, body, { check: merged(body, res.locals.locale), version });
          }
          case 'changeStatus':
            return store.changeStatus(idParam(req), statusFromBody(req, entity.resource.status!.field));
          case 'delete':
            await store.remove(idParam(req), { version: editedVersion(req) });
            return { message: 'Deleted.' };
          case 'states':
            return stateAnswer(entity.states!, res.locals.locale);
          case 'nextStates': {
            const row = await store.get(idParam(req));
            const m = entity.states!;
            return {
              current: row[m.field],
              next: allowedNext(entity.resource.permission, m, Number(row[m.field]), store.actorPermissions).map(
                (s) => s.id,
              ),
            };
          }
          case 'stateHistory': {
            const id = idParam(req);
            await store.get(id);
            return transitionHistory(ctx.db, entity, id, res.locals.locale);
          }
          case 'transition': {
            const t = transitionRequest(req);
            return store.transition(idParam(req), t.to, {
              note: t.note,
              subStatusId: t.subStatusId,
              version: editedVersion(req),
            });
          }
        }
      };

      const path = toExpressPath(route.path);
      const isMultipartCreate = route.kind === 'create' && entity.schema.properties.logo;
      const parsers: RequestHandler[] = isMultipartCreate ? [multipartIfSent] : [];
      add(route.method, path, `the ${entity.name} resource`, ...parsers, handler);
    }
    if (entity.schema.properties.logo) {
      add(
        'post',
        `/${entity.resource.basePath}/upload-image`,
        `the ${entity.name} resource`,
        multipartIfSent,
        async (req, res, next) => {
          try {
            const actor = actorOf(res);
            if (!can(actor, actionSlug(entity.resource, 'edit'))) throw forbidden();
            if (!req.file) throw invalid({ logo: [problem('photo_does_not_meet_parameters')] });
            const id = Number(
              (req.body as Record<string, string>).id ?? (req.body as Record<string, string>).billing_company_id,
            );
            if (!Number.isSafeInteger(id)) throw invalid({ id: [problem('id_field_required')] });
            const store = new ResourceStore(ctx.db, entity, actor);
            const row = await store.get(id);
            res.json(
              await store.update(id, {
                logo: await savedImage({
                  files: ctx.files,
                  actor,
                  kind: 'logo',
                  file: req.file,
                  billingCompanyId: tenantOf(row),
                  fields: ['logo'],
                }),
              }),
            );
          } catch (e) {
            next(e);
          }
        },
      );
    }
  }
  return entries;
}

/** The billing company a logo belongs to: the record's own, or the billing company itself. */
const tenantOf = (row: Record<string, unknown>) => Number(row.billing_company_id ?? row.id);

/** multipart/form-data when the client sends it (a logo attached); JSON bodies pass untouched. */
const multipartIfSent = imageUpload(['logo']);

/** [{id, name}] with name "code - description" where a code differs, in the caller's language where the list has it; non-public items left out; groups by name. */
function codeListAnswer(list: CodeList | undefined, locale: string): unknown {
  const items = (xs: CodeListItem[]) =>
    xs
      .filter((i) => i.public !== false)
      .map((i) => {
        return { id: i.id, name: codeListLabel(i, locale) };
      });
  if (list?.groups) return Object.fromEntries(Object.entries(list.groups).map(([k, xs]) => [k, items(xs)]));
  return items(list?.items ?? []);
}
