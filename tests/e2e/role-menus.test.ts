import { afterAll, beforeAll, describe, it } from 'vitest';
import { catalog, SYSTEM_ROLE_TYPE } from '../../dev-server/security/permission-catalog.ts';
import { en } from '../../src/client/i18n/en.ts';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

/*
 * Menus and permissions agree, as staff meet them: each default role signs in, and every app its start menu offers is
 * opened in the browser. None may show "Your role does not allow this window", and no call a window makes to show
 * itself may be refused (403): an app is offered only when its screen can open for that role.
 */
// A Super User holds every permission, so nothing can be refused to it (and the screen sweep opens all its windows).
const ROLES = catalog.roles.map((r) => r.slug).filter((slug) => slug !== 'superuser');
const PLATFORM = new Set(catalog.roles.filter((r) => r.type === SYSTEM_ROLE_TYPE).map((r) => r.slug));

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  const bc = await e.app.createBillingCompany('Menus BC', 'MNB');
  for (const role of ROLES)
    await e.app.createUser({
      email: `${role}@menus.test`,
      roles: [role],
      billingCompanyIds: PLATFORM.has(role) ? [] : [bc],
    });
});
afterAll(() => e.close());

// The roles walk side by side, each in its own browser context: most of a walk is waiting for a window to open. Side by
// side, the last role's clock runs as long as the whole walk (300 s on a loaded 2-core machine): its ceiling allows it.
describe.concurrent("every role's menu, opened in the browser", () => {
  for (const role of ROLES)
    it(`${role}: every app offered opens, and none is refused`, { timeout: 480_000 }, async ({ expect }) => {
      const { page } = await signIn(e, `${role}@menus.test`);
      page.setDefaultTimeout(15_000);
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.status() === 403) refused.push(`403 ${r.request().method()} ${new URL(r.url()).pathname}`);
      });
      await page.getByTestId('start-button').click();
      const offered = await page
        .getByTestId('start-menu')
        .locator('[data-testid^="start-"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice('start-'.length)));
      await page.keyboard.press('Escape');
      await page.getByTestId('start-menu').waitFor({ state: 'detached' });
      const problems: string[] = [];
      for (const app of offered) {
        const before = refused.length;
        const win = await openFromStart(page, app);
        // Shown once nothing in it is loading: its list, its screen, or the refusal.
        await expect.poll(() => win.getByRole('status', { name: 'Loading' }).count()).toBe(0);
        if (await win.getByText(en.shell.refused).count()) problems.push(`${app}: refused`);
        problems.push(...refused.slice(before).map((call) => `${app}: ${call}`));
        await win.getByRole('button', { name: en.shell.close }).first().click();
        await win.waitFor({ state: 'detached' });
      }
      await page.context().close();
      expect(offered.length).toBeGreaterThan(3);
      expect(problems).toEqual([]);
    });
});
