import type { Entity } from '../../src/platform/entity.ts';
import { json, idNames } from '../http/answers.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { searchExpression } from '../../src/platform/table-model.ts';
import { actionSlug } from '../../src/platform/route-plan.ts';
import type { Actor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import { ResourceStore } from '../resources/resource-store.ts';

export interface SearchContext {
  db: Database;
  entities: Entity[];
}

const LIMIT = 5;

// What billing staff look for first: people and claims, then the billing company's other records, then
// the shared code sets and catalogues ("Smith" finds patients before diagnoses named after someone).
const FIRST = ['patient', 'claim', 'insurance_policy', 'admission', 'health_professional'];
const rank = (e: Entity) => {
  const i = FIRST.indexOf(e.resource.module);
  return i >= 0 ? i : e.resource.tenancy === 'billing-company' ? FIRST.length : FIRST.length + 1;
};

/** The entities with searchable fields the actor may view, people and claims first; each is searched through its own tenant-scoped store. */
const visible = (entities: Entity[], actor: Actor) =>
  entities
    .filter((e) => !e.resource.viewOf && searchExpression(e) && actor.permissions.has(actionSlug(e.resource, 'view')))
    .sort((a, b) => rank(a) - rank(b));

/** Spotlight: any signed-in person searches what their permissions let them view. */
export const searchRoutes: GuardedRoute<SearchContext>[] = [
  {
    method: 'get',
    path: '/search-filters',
    answers: json(idNames),
    permission: null,
    summary: 'What the spotlight can search for the actor',
    handle: async ({ entities }, _req, actor) =>
      visible(entities, actor).map((e) => ({ id: e.resource.searchFilter ?? e.resource.module, name: e.schema.title })),
  },
  {
    method: 'get',
    path: '/search/{term}',
    answers: json([{ entity: 'string', id: 'integer', name: 'string', module: 'string', route: 'string' }]),
    limit: 'phi_search',
    permission: null,
    summary: 'Spotlight search (at least 3 characters; ?filter narrows to one kind)',
    async handle({ db, entities }, req, actor) {
      const term = String(req.params.term).trim();
      if (term.length < 3) throw invalid({ term: [problem('search_needs_least_3_characters')] });
      const filter = typeof req.query.filter === 'string' ? req.query.filter : undefined;
      const results: Array<{ entity: string; id: number; name: string; module: string; route: string | null }> = [];
      for (const e of visible(entities, actor).filter(
        (x) => !filter || (x.resource.searchFilter ?? x.resource.module) === filter,
      )) {
        if (results.length >= LIMIT) break;
        const page = await new ResourceStore(db, e, actor).list(
          { query: term, itemsPerPage: String(LIMIT - results.length) },
          false,
        );
        for (const row of page.data)
          results.push({
            entity: e.resource.module,
            id: row.id,
            name: row.display_name as string,
            module: e.resource.module,
            route: e.resource.menu?.route ?? null,
          });
      }
      return results;
    },
  },
];
