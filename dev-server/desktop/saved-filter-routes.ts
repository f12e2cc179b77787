import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { json } from '../http/answers.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import {
  checkedFilters,
  deleteSavedFilter,
  filteredList,
  MAX_SAVED_FILTERS,
  mySavedFilters,
  saveFilter,
} from './saved-filters.ts';

export interface SavedFilterContext {
  db: Database;
  entities: Entity[];
}

/** A saved filter's name: 1 to 60 characters once trimmed. */
function filterName(v: unknown): string {
  const name = typeof v === 'string' ? v.trim() : '';
  if (!name || name.length > 60) throw invalid({ name: [problem('saved_filter_name_required')] });
  return name;
}

export const savedFilterRoutes: GuardedRoute<SavedFilterContext>[] = [
  {
    method: 'get',
    path: '/saved-filters',
    answers: json([{ id: 'integer', entity: 'string', name: 'string', filters: 'object' }]),
    permission: null,
    summary: "My saved filters for one list (?entity: the list's entity, which I must be allowed to read), by name",
    handle: (ctx, req, actor) =>
      mySavedFilters(ctx.db, actor, filteredList(ctx.entities, actor, req.query.entity).name),
  },
  {
    method: 'post',
    path: '/saved-filters',
    answers: json({ id: 'integer', entity: 'string', name: 'string', filters: 'object' }),
    permission: null,
    summary: `Saves the filters of a list under a name ({entity, name, filters}; the same name replaces mine; dates may be relative: @today, @today-7); at most ${MAX_SAVED_FILTERS} a person`,
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const entity = filteredList(ctx.entities, actor, body.entity);
      const name = filterName(body.name);
      return saveFilter(ctx.db, actor, { entity: entity.name, name, filters: checkedFilters(entity, body.filters) });
    },
  },
  {
    method: 'delete',
    path: '/saved-filters/{id}',
    answers: json({ id: 'integer' }),
    permission: null,
    summary: 'Throws one of my saved filters away',
    handle: (ctx, req, actor) => deleteSavedFilter(ctx.db, actor, idParam(req)),
  },
];
