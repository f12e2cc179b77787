import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMenu, MENU } from '../../dev-server/auth/menu.ts';
import { systemActor } from '../../dev-server/security/actor.ts';
import { MODULE_ROUTES } from '../../src/generated/module-routes.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { moduleRoute } from '../../src/platform/menu-routes.ts';

/** The menu is data (schemas/menu.json and the entities' x-resource.menu): the server's menu and the client's router read the same table. */
const entities = loadEntities(join(import.meta.dirname, '../../schemas/entities'));

describe('the menu table, once', () => {
  it("every route the server's menu offers opens that module in the client's router", () => {
    // A billing manager who holds every permission: every module shows, "My Billing Company Management" included.
    const everything = { has: () => true } as unknown as Set<string>;
    const manager = {
      ...systemActor(1, 'menu test'),
      permissions: everything,
      roles: ['billingmanager'],
      crossTenant: false,
    };
    const { menu_by_category } = buildMenu(manager, entities);
    const offered = menu_by_category.flatMap((c) => c.modules).filter((m) => m.route);
    expect(offered.length).toBeGreaterThan(20);
    // Setting shares Profile's route (as the predecessor's menu did): the route opens the module that owns it.
    for (const m of offered) {
      const opened = MODULE_ROUTES[m.route!];
      expect([m.name, opened === m.name || moduleRoute(opened, entities, MENU) === m.route]).toEqual([m.name, true]);
    }
  });

  it('an entity that puts itself in the menu names the category the menu lists it under', () => {
    const categoryOf = new Map(MENU.categories.flatMap((c) => c.modules.map((m) => [m, c.name])));
    const misplaced = entities
      .filter((e) => e.resource.menu)
      .map((e) => [e.resource.menu!.name, e.resource.menu!.category, categoryOf.get(e.resource.menu!.name)])
      .filter(([, said, listed]) => said !== listed);
    expect(misplaced).toEqual([]);
  });
});
