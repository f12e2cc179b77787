import { describe, expect, it } from 'vitest';
import { MENU } from '../../../dev-server/auth/menu.ts';
import { registeredApp } from '../../../src/client/apps/app-registry.ts';
import '../../../src/client/apps/load-apps.ts';
import { ALWAYS, DESKTOP_ICONS } from '../../../src/client/shell/app-catalogue.ts';
import { entityByMenu } from '../../../src/client/schema/entities.ts';

describe('the desktop opens no placeholder', () => {
  it('every start-menu app, shell tool and desktop icon opens a screen of its own', () => {
    const names = new Set([
      ...MENU.categories.flatMap((c) => c.modules),
      ...ALWAYS.map((a) => a.name),
      ...DESKTOP_ICONS,
      'My Billing Company Management',
    ]);
    const without = [...names].filter((n) => !registeredApp(n)?.load && !entityByMenu(n));
    expect(without).toEqual([]);
  });
});
