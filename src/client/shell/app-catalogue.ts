import { entityByMenu, type ClientEntity } from '../schema/entities.ts';
import type { Me } from './me.ts';

export type AppKind = 'entity' | 'roles' | 'profile' | 'notes' | 'calculator' | 'shortcuts' | 'support' | 'guidelines' | 'search' | 'unavailable';

export interface DesktopApp {
  name: string;
  category: string;
  route: string | null;
  kind: AppKind;
  entity?: ClientEntity;
  size: { width: number; height: number; minWidth?: number };
}

/** Window sizes of document 1 §2; entity windows take theirs from the schema's x-resource.menu.window. */
const SIZES: Record<string, { width: number; height: number; minWidth?: number }> = {
  'File Manager': { width: 300, height: 420, minWidth: 300 }, 'Sticky Notes': { width: 300, height: 360, minWidth: 300 }, 'Medical Store': { width: 300, height: 500 },
  'Ledger Management': { width: 1024, height: 500 }, 'Technical Support': { width: 327, height: 172 }, Shortcuts: { width: 1280, height: 600 },
};

const TOOLS: Record<string, AppKind> = {
  'Sticky Notes': 'notes', Calculator: 'calculator', 'Medical Store': 'calculator', Shortcuts: 'shortcuts', 'Technical Support': 'support', Guidelines: 'guidelines',
  Profile: 'profile', Setting: 'profile', Search: 'search', 'Permission Management': 'roles', 'Role Management': 'roles',
};

/** Shell tools the spec lists that auth/me does not (always visible). */
const ALWAYS = [
  { name: 'Medical Store', category: 'Tools' }, { name: 'Shortcuts', category: 'Tools' }, { name: 'Search', category: 'Tools' },
];

export const DESKTOP_ICONS = ['Patient Management', 'User Management', 'File Manager', 'Sticky Notes', 'Medical Store', 'Messenger', 'Web Browser', 'Guidelines', 'Shortcuts'];


/** The apps a person may open: auth/me's menu by category (already gated by permission) plus the shell's own tools. */
export function buildCatalogue(me: Me, viewport: { width: number; height: number }): DesktopApp[] {
  const out: DesktopApp[] = [];
  const add = (name: string, category: string, route: string | null, window: { width?: number; height?: number } | null) => {
    if (out.some((a) => a.name === name)) return;
    const entity = entityByMenu(name);
    const kind: AppKind = entity ? 'entity' : TOOLS[name] ?? 'unavailable';
    const size = name === 'Reports' ? { width: viewport.width - 100, height: viewport.height - 100 }
      : SIZES[name] ?? { width: window?.width ?? entity?.resource.menu?.window?.width ?? 1024, height: window?.height ?? entity?.resource.menu?.window?.height ?? 600 };
    out.push({ name, category, route, kind, entity, size });
  };
  for (const c of me.menu_by_category) for (const m of c.modules) add(m.name, c.category, m.route, m.window);
  for (const a of ALWAYS) add(a.name, a.category, null, null);
  return out;
}

export const findApp = (apps: DesktopApp[], name: string) => apps.find((a) => a.name === name) ?? apps.find((a) => a.route === name);
