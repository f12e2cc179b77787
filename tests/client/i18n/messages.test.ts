import { describe, expect, it } from 'vitest';
import { en } from '../../../src/client/i18n/en.ts';
import { es } from '../../../src/client/i18n/es.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('client messages', () => {
  it('every English message has a Spanish one', () => {
    const spanish = new Set(keys(es));
    expect(keys(en).filter((k) => !spanish.has(k))).toEqual([]);
  });

  it('Spanish has no message English lacks (a stale key would never show)', () => {
    const english = new Set(keys(en));
    expect(keys(es).filter((k) => !english.has(k) && !k.startsWith('apps.'))).toEqual([]);
  });

  it('every app the menu names has a Spanish name', async () => {
    const { readFileSync } = await import('node:fs');
    const menu = readFileSync(new URL('../../../dev-server/auth/menu.ts', import.meta.url), 'utf8');
    const names = [...menu.matchAll(/'([A-Z][A-Za-z /]+?)'/g)]
      .map((m) => m[1])
      .filter(
        (n) =>
          n.split(' ').length <= 5 &&
          !n.startsWith('My ') &&
          !['Claims Process', 'Administration', 'Reports and statistics', 'Tools', 'System'].includes(n),
      );
    expect(names.filter((n) => !(n in es.apps))).toEqual([]);
  });

  it("every tool of the shell and every desktop icon has a Spanish name (the Search tile said 'Search')", async () => {
    const { ALWAYS, DESKTOP_ICONS } = await import('../../../src/client/shell/app-catalogue.ts');
    const names = [...ALWAYS.map((a) => a.name), ...DESKTOP_ICONS];
    expect(names.filter((n) => !(n in es.apps))).toEqual([]);
  });
});
