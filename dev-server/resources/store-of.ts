import type { EntityRows } from '../../src/generated/index.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import type { Row } from './resource-store.ts';
import { ResourceStore } from './resource-store.ts';

export interface StoreContext {
  db: Database;
  entities: Entity[];
}

/** The schema-driven store of an entity for this caller: tenancy and audit come with it. */
/** A stored record of an entity: its schema's fields, typed as generated, with its id. */
export type StoredRow<N extends keyof EntityRows> = EntityRows[N] & Row;

export function storeOf<N extends keyof EntityRows>(
  ctx: StoreContext,
  actor: Actor,
  name: N,
): ResourceStore<StoredRow<N>> {
  const entity = ctx.entities.find((e) => e.name === name);
  if (!entity) throw new Error(`no entity ${name}`);
  return new ResourceStore<StoredRow<N>>(ctx.db, entity, actor);
}

export const entityOf = (ctx: StoreContext, name: string) => ctx.entities.find((e) => e.name === name)!;

/** A list of positive ids from a body field, or null when it is not one. */
export function idList(v: unknown): number[] | null {
  if (!Array.isArray(v) || !v.every((x) => Number.isSafeInteger(x) && (x as number) > 0)) return null;
  return [...new Set(v as number[])];
}
