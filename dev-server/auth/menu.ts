import type { Entity } from '../../src/platform/entity.ts';
import { catalog } from '../security/permission-catalog.ts';
import { actionSlug } from '../../src/platform/route-plan.ts';
import type { Actor } from '../security/actor.ts';

type Flags = Record<string, boolean>;

// Categories and their modules as the predecessor's auth/me returned them (predecessor-facts §7.4).
export const MENU_CATEGORIES: Array<[string, string[]]> = [
  [
    'Claims Process',
    [
      'Claims Management',
      'Claim Batch Management',
      'Clearing House Files',
      'Claim Rules Management',
      'Admission / Encounter Management',
      'Payments Management',
      'ERA Files',
      'Patient Management',
      'Denial Management',
      'Ledger Management',
    ],
  ],
  [
    'Administration',
    [
      'Health Care Professional Management',
      'Insurance Management',
      'Company Management',
      'Facility Management',
      'Procedure Management',
      'Diagnosis Management',
      'Modifier Management',
      'User Management',
      'Clearing House Management',
      'Billing Company Management',
      'Status Management',
    ],
  ],
  ['Reports and statistics', ['Reports']],
  ['Tools', ['File Manager', 'Web Browser', 'Sticky Notes', 'Messenger', 'Calculator', 'Widgets']],
  [
    'System',
    [
      'Setting',
      'Profile',
      'Permission Management',
      'Role Management',
      'Restriction by IP',
      'Technical Support',
      'Guidelines',
    ],
  ],
];

// Screens of document 1 §2 that no entity schema owns (their routes are the spec's).
const ROUTES: Record<string, string> = {
  'Claims Management': '/claims-management',
  'Claim Batch Management': '/claims-batch-management',
  'Claim Rules Management': '/claims-rules-management',
  'Payments Management': '/payment-management',
  'Patient Management': '/patient-management',
  'Denial Management': '/denial',
  'Ledger Management': '/ledger-management',
  'Health Care Professional Management': '/health-professional-management',
  'Insurance Management': '/insurance-management',
  'Company Management': '/company-management',
  'Facility Management': '/facility-management',
  'Procedure Management': '/procedure-management',
  'Clearing House Management': '/clearing-house-management',
  'Status Management': '/claims-status-management',
  Reports: '/reports',
  'File Manager': '/about',
  Profile: '/profile',
  'Permission Management': '/permission-management',
  'Role Management': '/role-management',
  'Technical Support': '/technical-suport',
  Guidelines: '/guidelines',
  Setting: '/profile',
};

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
  const menu_by_category = MENU_CATEGORIES.map(([category, names]) => ({
    category,
    modules: names
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
          route:
            renamed === 'My Billing Company Management'
              ? '/my-billing-company-management'
              : (entity?.resource.menu?.route ?? ROUTES[name] ?? null),
          window: entity?.resource.menu?.window ?? null,
          permissions: flags,
        };
      })
      .filter((m) => {
        // Everyone may ask for help, whatever their role grants.
        if (EVERYONE.has(m.name)) return true;
        // A module shows when its view permission is held; one without a view action (Profile, Permission
        // Management) when any of its own actions is; the shell's tools always.
        const known = byName.get(m.name.replace('My ', ''));
        if (!known) return m.permissions.view;
        return known.actions.includes('view') ? m.permissions.view : known.actions.some((a) => m.permissions[a]);
      }),
  }));
  return { menu, menu_by_category };
}
