import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../helpers/test-app.ts';
import { openFromStart, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
let page: Page;
beforeAll(async () => {
  e = await startE2E();
  const bc = await e.app.createBillingCompany('Desktop Apps BC', 'DAB');
  await e.app.createUser({ email: 'biller@apps.test', roles: ['biller'], billingCompanyIds: [bc] });
  await e.app.createUser({ email: 'next@apps.test', roles: ['biller'], billingCompanyIds: [bc] });
  // One browser, one computer: the same context (its storage) for every person who signs in on it.
  const context = await e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});
afterAll(() => e.close());

async function signInHere(email: string) {
  await page.goto(`${e.origin}/#/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('taskbar').waitFor();
}

async function signOut() {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

describe('Sticky Notes', () => {
  it("a biller's note is kept for the biller alone: the next person on the same computer does not see it, the biller does again", async () => {
    await signInHere('biller@apps.test');
    let win = await openFromStart(page, 'Sticky Notes');
    await win.getByRole('button', { name: 'New note' }).click();
    await win.getByLabel('Note 1').fill('Call Aetna about the Quispe claim');
    await win.getByRole('button', { name: 'Colour: Green' }).click();
    await expect.poll(() => win.getByTestId('notes-state').textContent()).toBe('Saved');
    await signOut();
    // Nothing of it stayed in the browser.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('Quispe');

    await signInHere('next@apps.test');
    win = await openFromStart(page, 'Sticky Notes');
    await win.getByText('No notes yet.', { exact: false }).waitFor();
    expect(await win.textContent()).not.toContain('Quispe');
    await signOut();

    await signInHere('biller@apps.test');
    win = await openFromStart(page, 'Sticky Notes');
    await expect.poll(() => win.getByLabel('Note 1').inputValue()).toBe('Call Aetna about the Quispe claim');
    expect(await win.getByRole('button', { name: 'Colour: Green' }).getAttribute('aria-pressed')).toBe('true');
  });
});
