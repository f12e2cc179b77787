import type { Entity } from '../../src/platform/entity.ts';
import { catalog } from './permission-catalog.ts';
import type { Actor } from './actor.ts';

type Flags = Record<string, boolean>;

// Categories and their modules as the predecessor's auth/me returned them (predecessor-facts §7.4).
const CATEGORIES: Array<[string, string[]]> = [
  ['Claims Process', ['Claims Management', 'Claim Rules Management', 'Payments Management', 'Patient Management', 'Denial Management', 'Ledger Management']],
  ['Administration', ['Health Care Professional Management', 'Insurance Management', 'Company Management', 'Facility Management', 'Procedure Management', 'Diagnosis Management', 'Modifier Management', 'User Management', 'Clearing House Management', 'Billing Company Management', 'Status Management']],
  ['Reports and statistics', ['Reports']],
  ['Tools', ['File Manager', 'Web Browser', 'Sticky Notes', 'Messenger', 'Calculator', 'Widgets']],
  ['System', ['Setting', 'Profile', 'Permission Management', 'Role Management', 'Restriction by IP', 'Technical Support', 'Guidelines']],
];

/** Per-module flags from the permissions held: the base actions plus any extra action by name. */
export function buildMenu(actor: Actor, entities: Entity[]) {
  const byName = new Map(catalog.modules.map((m) => [m.name, m]));
  const menu: Record<string, Flags> = {};
  for (const m of catalog.modules) {
    const flags: Flags = {};
    for (const a of ['create', 'view', 'show', 'edit', 'disable', 'history', ...m.actions]) flags[a] = actor.permissions.has(`${m.prefix}.${a}`);
    menu[m.name] = flags;
  }
  const isBillingManager = actor.roles.includes('billingmanager') && !actor.crossTenant;
  const menu_by_category = CATEGORIES.map(([category, names]) => ({
    category,
    modules: names.map((name) => {
      const known = byName.get(name);
      const entity = entities.find((e) => e.resource.menu?.name === name);
      const flags = known ? menu[name] : Object.fromEntries(['create', 'view', 'show', 'edit', 'disable', 'history'].map((a) => [a, true]));
      const renamed = isBillingManager && name === 'Billing Company Management' ? 'My Billing Company Management' : name;
      return {
        name: renamed,
        key: entity?.resource.module ?? name.toLowerCase().replace(/[^a-z]+/g, '_'),
        route: renamed === 'My Billing Company Management' ? '/my-billing-company-management' : entity?.resource.menu?.route ?? null,
        window: entity?.resource.menu?.window ?? null,
        permissions: flags,
      };
    }).filter((m) => m.permissions.view || !byName.has(m.name.replace('My ', ''))),
  }));
  return { menu, menu_by_category };
}
