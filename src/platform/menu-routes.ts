import type { ResourceMeta } from './entity.ts';

/** schemas/menu.json: the menu's categories in order, and the routes of windows no entity schema owns. */
export interface MenuData {
  categories: Array<{ name: string; modules: string[] }>;
  routes: Record<string, string[]>;
  /**
   * the permission a window needs when neither the catalogue nor an entity names it ($comment aside); a list: any one
   * of them (the Medical Store is for whoever may read claims, patients or payments, as its estimate call is)
   */
  requires?: Record<string, string | string[]>;
}

type MenuEntity = { resource: Pick<ResourceMeta, 'menu'> };

/** The route a module's menu entry shows: its entity schema's, else the menu's own first one. */
export function moduleRoute(name: string, entities: MenuEntity[], menu: MenuData): string | null {
  return entities.find((e) => e.resource.menu?.name === name)?.resource.menu?.route ?? menu.routes[name]?.[0] ?? null;
}

/** Every hash route that opens a module's window, with the module it opens (the first module to claim a route keeps it). */
export function moduleRoutes(entities: MenuEntity[], menu: MenuData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entities) if (e.resource.menu) out[e.resource.menu.route] ??= e.resource.menu.name;
  for (const [name, routes] of Object.entries(menu.routes)) for (const r of routes) out[r] ??= name;
  return out;
}
