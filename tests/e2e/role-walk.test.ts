import { mkdirSync } from 'node:fs';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../dev-server/demo/demo-data.ts';
import { en } from '../../src/client/i18n/en.ts';
import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

/*
 * Every role's day begins with its menu (issue 31 §3, issue 56 §1–2): each demo role signs in, and every window its
 * start menu offers is opened on the demo's records — its list, its first record and its new-record form, whose
 * pickers ask for their choices. None may show "Your role does not allow this window", no call a window makes to
 * show itself or fill its pickers may be refused (403), and no record it points at may be drawn as a bare id where
 * its name belongs. A window that fails is photographed into .test-data/role-walk.
 */
// A Super User holds every permission (the screen sweep opens all its windows); a patient or a health professional
// signs in to the portal of its own, not to the staff desktop.
const ROLES = DEMO_USERS.filter((u) => !['superuser', 'patient', 'healthprofessional'].includes(u.role)).map(
  (u) => u.role,
);
const SHOTS = '.test-data/role-walk';

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ withDemo: true });
  mkdirSync(SHOTS, { recursive: true });
}, DEMO_SETUP_TIMEOUT);
afterAll(() => e.close());

/**
 * The API calls a page has under way: a window is looked at once they have all answered. The messenger's event
 * stream stays open for the whole session and is not one of them.
 */
function pendingCalls(page: Page) {
  let pending = 0;
  const asked = (r: Request) => r.url().includes('/api/') && !r.url().endsWith('/messenger/events');
  const done = (r: Request) => asked(r) && (pending = Math.max(0, pending - 1));
  page.on('request', (r) => asked(r) && pending++);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => pending;
}

// The roles walk side by side, each in its own browser context: most of a walk is waiting for a window to open. Side by
// side, the last role's clock runs as long as the whole walk: its ceiling allows it.
describe.concurrent("every role's windows, opened in the browser on the demo", () => {
  for (const role of ROLES)
    it(
      `${role}: every window offered opens with its record and form, nothing refused, every reference named`,
      { timeout: 600_000 },
      async ({ expect }) => {
        const { page } = await signIn(e, `${role}@demo.test`, DEMO_PASSWORD);
        page.setDefaultTimeout(15_000);
        const pending = pendingCalls(page);
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
        /** What a screen of the window shows once everything it asked for has answered. */
        const judge = async (app: string, screen: string, win: Locator) => {
          await expect.poll(() => win.getByRole('status', { name: 'Loading' }).count()).toBe(0);
          await expect.poll(pending).toBe(0);
          const found: string[] = [];
          if (await win.getByText(en.shell.refused).count()) found.push(`${app} ${screen}: refused`);
          const bare = await win.locator('[data-bare-id]').allInnerTexts();
          if (bare.length)
            found.push(`${app} ${screen}: ids drawn where names belong (${bare.slice(0, 5).join(', ')})`);
          if (found.length)
            await win
              .screenshot({ path: `${SHOTS}/${role}-${app}-${screen}.png`.replace(/[^\w./-]+/g, '_') })
              .catch(() => undefined);
          problems.push(...found);
        };
        for (const app of offered) {
          const before = refused.length;
          const win = await openFromStart(page, app);
          await judge(app, 'list', win);
          const firstRow = win.getByTestId('list-rows').locator('tr[data-testid^="row-"]').first();
          if (!(await win.getByText(en.shell.refused).count()) && (await firstRow.count())) {
            await firstRow.click();
            const back = win.getByRole('button', { name: en.record.back, exact: true });
            await back.waitFor();
            await judge(app, 'record', win);
            await back.click();
          }
          const create = win.getByRole('button', { name: en.list.create, exact: true });
          if (await create.count()) {
            await create.first().click();
            // A new user starts from a look-up by e-mail; every other form from its fields.
            await win
              .getByRole('button', { name: en.record.save, exact: true })
              .or(win.getByRole('button', { name: en.users.lookup, exact: true }))
              .first()
              .waitFor();
            await judge(app, 'form', win);
          }
          problems.push(...refused.slice(before).map((call) => `${app}: ${call}`));
          await win.getByRole('button', { name: en.shell.close }).first().click();
          await win.waitFor({ state: 'detached' });
        }
        await page.context().close();
        expect(offered.length).toBeGreaterThan(3);
        expect(problems).toEqual([]);
      },
    );
});
