import { entityByMenu, type ClientEntity } from '../schema/entities.ts';
import type { Me } from './me.ts';
import { registeredApp, windowSize, type RegisteredApp } from '../apps/app-registry.ts';
import '../apps/load-apps.ts';

export type AppKind = 'entity' | 'registered' | 'unavailable';

export interface DesktopApp {
  name: string;
  category: string;
  route: string | null;
  kind: AppKind;
  entity?: ClientEntity;
  registered?: RegisteredApp;
  size: { width: number; height: number; minWidth?: number };
}

/** Shell tools the spec lists that auth/me does not (always visible). */
export const ALWAYS = [
  { name: 'Shortcuts', category: 'Tools' },
  { name: 'Search', category: 'Tools' },
];

export const DESKTOP_ICONS = [
  'Patient Management',
  'User Management',
  'File Manager',
  'Sticky Notes',
  'Medical Store',
  'Messenger',
  'Web Browser',
  'Guidelines',
  'Shortcuts',
];

/** The apps a person may open: auth/me's menu by category (already gated by permission) plus the shell's own tools. */
export function buildCatalogue(me: Me, viewport: { width: number; height: number }): DesktopApp[] {
  const out: DesktopApp[] = [];
  const add = (
    name: string,
    category: string,
    route: string | null,
    window: { width?: number; height?: number } | null,
  ) => {
    if (out.some((a) => a.name === name)) return;
    const entity = entityByMenu(name);
    const registered = registeredApp(name);
    // A window whose calls the person may not make is not offered (the server refuses them anyway).
    if (registered?.permission && !me.permissions.includes(registered.permission)) return;
    const kind: AppKind = entity ? 'entity' : registered?.Component ? 'registered' : 'unavailable';
    const size = windowSize(registered, viewport) ?? {
      width: window?.width ?? entity?.resource.menu?.window?.width ?? 1024,
      height: window?.height ?? entity?.resource.menu?.window?.height ?? 600,
    };
    out.push({ name, category, route, kind, entity, registered, size });
  };
  for (const c of me.menu_by_category) for (const m of c.modules) add(m.name, c.category, m.route, m.window);
  for (const a of ALWAYS) add(a.name, a.category, null, null);
  return out;
}

export const findApp = (apps: DesktopApp[], name: string) =>
  apps.find((a) => a.name === name) ?? apps.find((a) => a.route === name);
