import express, { type Router } from 'express';
import type { Entity } from '../../src/platform/entity.ts';
import { searchExpression } from '../../src/platform/table-model.ts';
import type { Actor } from '../auth/actor.ts';
import type { Database } from '../db/database.ts';
import { invalid } from '../http/errors.ts';
import { ResourceStore } from '../resources/resource-store.ts';

const LIMIT = 5;

/** Spotlight: every entity with searchable fields the actor may view, through each entity's tenant-scoped store. */
export function searchRouter(db: Database, entities: Entity[]): Router {
  const router = express.Router();
  const searchable = entities.filter((e) => searchExpression(e));
  const visible = (actor: Actor) => searchable.filter((e) => actor.permissions.has(`${e.resource.permission}.view`));

  router.get(['/search-filters', '/search-filters/'], (_req, res) => {
    const actor = res.locals.actor as Actor;
    res.json(visible(actor).map((e) => ({ id: e.resource.searchFilter ?? e.resource.module, name: e.schema.title })));
  });

  router.get('/search/:term', async (req, res, next) => {
    try {
      const actor = res.locals.actor as Actor;
      const term = String(req.params.term).trim();
      if (term.length < 3) throw invalid({ term: ['The search needs at least 3 characters.'] });
      const filter = typeof req.query.filter === 'string' ? req.query.filter : undefined;
      const results: Array<{ entity: string; id: number; name: string; module: string; route: string | null }> = [];
      for (const e of visible(actor).filter((x) => !filter || (x.resource.searchFilter ?? x.resource.module) === filter)) {
        if (results.length >= LIMIT) break;
        const page = await new ResourceStore(db, e, actor).list({ query: term, itemsPerPage: String(LIMIT - results.length) }, false);
        for (const row of page.data) results.push({ entity: e.resource.module, id: row.id, name: row.display_name as string, module: e.resource.module, route: e.resource.menu?.route ?? null });
      }
      res.json(results);
    } catch (e) { next(e); }
  });
  return router;
}
