import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, SYSTEM_ROLE_TYPE } from '../../dev-server/security/permission-catalog.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { planRoutes } from '../../src/platform/route-plan.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Every default role, as the catalogue seeds them; the platform's (system) roles belong to no billing company.
const ROLES = catalog.roles.map((r) => r.slug);
const PLATFORM = new Set(catalog.roles.filter((r) => r.type === SYSTEM_ROLE_TYPE).map((r) => r.slug));
const entities = loadEntities(join(import.meta.dirname, '../../schemas/entities'));

/**
 * The call each window makes first, to show anything: an entity's list, or the hand-written screen's own. A window
 * absent here (the shell's tools, the profile) opens for everyone signed in.
 */
const FIRST_CALL: Record<string, string> = {
  ...Object.fromEntries(
    entities
      .filter((e) => e.resource.menu)
      .map((e) => [e.resource.menu!.name, planRoutes(e).find((r) => r.kind === 'list')!.path]),
  ),
  'Role Management': '/permission/roles-permissions',
  'Permission Management': '/permission/roles-permissions',
  'Ledger Management': '/ledger/filter',
  Reports: '/reports',
  'Restriction by IP': '/user-restriction-by-ip',
  'Medical Store': '/medical-store/choices',
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Menu BC', 'MBC');
  for (const role of ROLES)
    await app.createUser({
      email: `${role}@menu.test`,
      roles: [role],
      billingCompanyIds: PLATFORM.has(role) ? [] : [bc],
    });
});
afterAll(() => app.close());

describe('menus and permissions agree', () => {
  it('every app a role is offered opens: its first call answers, never 403', async () => {
    const refused: string[] = [];
    let opened = 0;
    for (const role of ROLES) {
      const api = app.as(await app.login(`${role}@menu.test`));
      const me = (await api('GET', '/auth/me')).body as {
        menu_by_category: Array<{ modules: Array<{ name: string }> }>;
      };
      for (const { name } of me.menu_by_category.flatMap((c) => c.modules)) {
        const call = FIRST_CALL[name.replace(/^My /, '')];
        if (!call) continue;
        const status = (await api('GET', call)).status;
        opened++;
        if (status === 403) refused.push(`${role}: ${name} (${call})`);
      }
    }
    expect(refused).toEqual([]);
    expect(opened).toBeGreaterThan(100);
  });

  it("a billing manager is not offered Role or Permission Management, which a manager's role does not grant", async () => {
    const api = app.as(await app.login('billingmanager@menu.test'));
    const names = (
      (await api('GET', '/auth/me')).body.menu_by_category as Array<{ modules: Array<{ name: string }> }>
    ).flatMap((c) => c.modules.map((m) => m.name));
    expect(names).not.toContain('Role Management');
    expect(names).not.toContain('Permission Management');
    expect(names).toContain('User Management');
  });
});
