import type { ComponentType } from 'react';
import { lazyPreload } from '../app/lazy-preload.ts';

/** A window's size: a fixed one, or one that follows the viewport (Reports: the viewport minus 100 each way). */
export type WindowSize =
  | { width: number; height: number; minWidth?: number }
  | ((viewport: { width: number; height: number }) => { width: number; height: number; minWidth?: number });

export interface AppRegistration {
  /** a stable key (notes, roles, ledger) */
  key: string;
  /** the menu names (auth/me's module names) this app answers to */
  names: string[];
  /** a permission the window needs; the menu already leaves out what a role may not open */
  permission?: string | null;
  size?: WindowSize;
  /** the screen, loaded when its window first opens (absent: the module arrives later) */
  load?: () => Promise<{ default: ComponentType<{ appName: string }> }>;
}

export interface RegisteredApp extends AppRegistration {
  Component?: ReturnType<typeof lazyPreload<{ appName: string }>>;
}

const byName = new Map<string, RegisteredApp>();

/** A hand-written screen's folder calls this once from its *.app.ts file; nothing shared is edited. */
export function registerApp(app: AppRegistration): void {
  const entry: RegisteredApp = { ...app, Component: app.load ? lazyPreload(app.load) : undefined };
  for (const name of app.names) {
    if (byName.has(name)) throw new Error(`Two apps register the window "${name}"`);
    byName.set(name, entry);
  }
}

export const registeredApp = (name: string) => byName.get(name);

export function windowSize(app: RegisteredApp | undefined, viewport: { width: number; height: number }) {
  const s = app?.size;
  return typeof s === 'function' ? s(viewport) : s;
}
