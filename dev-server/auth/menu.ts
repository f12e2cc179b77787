import { readFileSync } from 'node:fs';
import { moduleRoute, type MenuData } from '../../src/platform/menu-routes.ts';
import type { Entity } from '../../src/platform/entity.ts';
import { catalog } from '../security/permission-catalog.ts';
import { actionSlug } from '../../src/platform/route-plan.ts';
import type { Actor } from '../security/actor.ts';

type Flags = Record<string, boolean>;

/** The menu's categories and the routes of windows no entity owns (schemas/menu.json). */
export const MENU: MenuData = JSON.parse(readFileSync(new URL('../../schemas/menu.json', import.meta.url), 'utf8'));

/** Windows every signed-in person is offered. */
const EVERYONE = new Set(['Technical Support']);

/** Per-module flags from the permissions held: the base actions plus any extra action by name. */
export function buildMenu(actor: Actor, entities: Entity[]) {
  const byName = new Map(catalog.modules.map((m) => [m.name, m]));
  const menu: Record<string, Flags> = {};
  for (const m of catalog.modules) {
    const flags: Flags = {};
    for (const a of ['create', 'view', 'show', 'edit', 'disable', 'history', ...m.actions])
      flags[a] = actor.permissions.has(`${m.prefix}.${a}`);
    menu[m.name] = flags;
  }
  const isBillingManager = actor.roles.includes('billingmanager') && !actor.crossTenant;
  const menu_by_category = MENU.categories.map(({ name: category, modules }) => ({
    category,
    modules: modules
      .map((name) => {
        const known = byName.get(name);
        const entity = entities.find((e) => e.resource.menu?.name === name);
        // A window an entity schema adds (ERA Files) answers to that entity's own permission module; the shell's tools are open to all.
        const flags = known
          ? menu[name]
          : Object.fromEntries(
              ['create', 'view', 'show', 'edit', 'disable', 'history'].map((a) => [
                a,
                entity ? actor.permissions.has(actionSlug(entity.resource, a)) : true,
              ]),
            );
        const renamed =
          isBillingManager && name === 'Billing Company Management' ? 'My Billing Company Management' : name;
        return {
          name: renamed,
          key: entity?.resource.module ?? name.toLowerCase().replace(/[^a-z]+/g, '_'),
          route: moduleRoute(renamed, entities, MENU),
          window: entity?.resource.menu?.window ?? null,
          permissions: flags,
        };
      })
      .filter((m) => {
        // Everyone may ask for help, whatever their role grants.
        if (EVERYONE.has(m.name)) return true;
        // A module shows when its view permission is held; one without a view action (Profile, Permission
        // Management) when any of its own actions is; the shell's tools always.
        const needs = MENU.requires?.[m.name];
        if (needs) return [needs].flat().some((p) => actor.permissions.has(p));
        const known = byName.get(m.name.replace('My ', ''));
        if (!known) return m.permissions.view;
        return known.actions.includes('view') ? m.permissions.view : known.actions.some((a) => m.permissions[a]);
      }),
  }));
  return { menu, menu_by_category };
}
