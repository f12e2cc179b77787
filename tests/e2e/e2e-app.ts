import type { Browser, Locator, Page } from 'playwright-core';
import { beforeEach, expect } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { collectPageErrors, launchBrowser } from './browser.ts';

export interface E2E {
  app: TestApp;
  browser: Browser;
  origin: string;
  close(): Promise<void>;
}

/** The real server (with the built client) on a free port, and Debian's Chromium. */
export async function startE2E(
  opts: { withJobs?: boolean; withDemo?: boolean; frameAncestors?: string[] } = {},
): Promise<E2E> {
  const app = await startTestApp(opts);
  const browser = await launchBrowser();
  return {
    app,
    browser,
    origin: app.url.replace(/\/api\/v1$/, ''),
    async close() {
      await browser.close();
      await app.close();
    },
  };
}

declare module 'vitest' {
  interface TaskMeta {
    /** What the file's browsers showed when a test failed: the CI summary prints it beside the failure. */
    browsers?: string;
  }
}

/** The pages signed in by this file, each with the API answers that went wrong (status ≥ 400) and its script errors, newest last. */
const watched = new Map<Page, { refused: string[]; errors: string[] }>();

/*
 * A failed browser test says what the pages showed, not only which locator timed out: each page's address, its last
 * refused API calls and the alerts on screen. Kept on the test (its meta), so the CI summary can print it. Only under
 * vitest: the benches (bench/screens-bench.ts) sign in through this module outside any test run.
 */
if (process.env.VITEST)
  beforeEach(({ onTestFailed }) =>
    onTestFailed(async ({ task }) => {
      const seen: string[] = [];
      for (const [page, { refused, errors }] of watched) {
        if (page.isClosed()) continue;
        const alerts = await page
          .locator('[role="alert"]')
          .allInnerTexts()
          .catch(() => []);
        // The open windows' titles and the first words of the top one: a form that never came shows what came instead.
        const windows = await page
          .locator('[data-testid^="window-"]')
          .evaluateAll((els) =>
            els.map(
              (el) =>
                `${el.getAttribute('data-testid')?.slice('window-'.length)} ("${(el as HTMLElement).innerText.replace(/\s+/g, ' ').slice(0, 160)}")`,
            ),
          )
          .catch(() => []);
        seen.push(
          [
            new URL(page.url()).hash || '/',
            refused.length ? `refused: ${refused.slice(-5).join(', ')}` : 'no refused call',
            alerts.length ? `alerts: ${alerts.map((a) => a.replace(/\s+/g, ' ').trim()).join(' / ')}` : 'no alert',
            windows.length ? `windows: ${windows.join(', ')}` : 'no window',
            errors.length ? `script errors: ${errors.slice(-3).join(' / ')}` : 'no script error',
          ].join('; '),
        );
      }
      task.meta.browsers = seen.join(' || ');
    }),
  );

/** The API calls a signed-in page has seen fail on the server's side (5xx), oldest first: a walk should meet none. */
export const serverFailures = (page: Page) => (watched.get(page)?.refused ?? []).filter((call) => call.startsWith('5'));

/** A fresh browser context (own local storage) signed in through the login screen, as a person would. */
export async function signIn(
  e: E2E,
  email: string,
  password = PASSWORD,
  viewport = { width: 1440, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  const context = await e.browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const refused: string[] = [];
  watched.set(page, { refused, errors });
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(`${e.origin}/#/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('taskbar').waitFor();
  return { page, errors };
}

export async function openFromStart(page: Page, app: string) {
  const win = page.getByTestId(`window-${app}`);
  const item = page.getByTestId(`start-${app}`);
  await page.getByTestId('start-button').click();
  await item.click();
  // A click that lands while the menu is still growing in can be lost on a loaded machine (seen on CI: the menu
  // stayed open, no window): the window is waited for, and while it has not come and the item is still there, the
  // item is clicked again.
  for (let tries = 1; !(await win.count()); tries++) {
    const came = await win.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (came) break;
    if (tries >= 3) throw new Error(`${app} did not open from the start menu after ${tries} clicks`);
    if (await item.isVisible()) await item.click();
  }
  // The start menu fades out; until it is gone its half-transparent items are still on the page.
  await page.getByTestId('start-menu').waitFor({ state: 'detached' });
  await win.waitFor();
  return win;
}

/** Flips a list row's status switch after confirming, and waits until the row shows the server's answer. */
export async function confirmStatusToggle(page: Page, toggle: Locator, expected: boolean) {
  await toggle.click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => toggle.isChecked()).toBe(expected);
}
