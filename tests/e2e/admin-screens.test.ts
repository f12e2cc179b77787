import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../helpers/test-app.ts';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
let page: Page;
let bc: number;
beforeAll(async () => {
  e = await startE2E();
  bc = await e.app.createBillingCompany('Admin BC', 'ABC');
  await e.app.createUser({ email: 'bm@admin.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  await e.app.createUser({ email: 'root@admin.test', roles: ['superuser'] });
  ({ page } = await signIn(e, 'bm@admin.test'));
});
afterAll(() => e.close());

describe('administration screens', () => {
  it('adds a user after an SSN look-up that finds nobody, with masks and a short date', async () => {
    const win = await openFromStart(page, 'User Management');
    await win.getByRole('button', { name: 'Create' }).click();
    await win.getByLabel('SSN').fill('123456789');
    expect(await win.getByLabel('SSN').inputValue()).toBe('123-45-6789');
    await win.getByRole('button', { name: 'Look up' }).click();
    await win.getByText("The user doesn't exist").waitFor();
    await win.getByRole('button', { name: 'Create a new user' }).click();
    await win.getByLabel('First name').fill('Nora');
    await win.getByLabel('Last name').fill('Vega');
    await win.getByLabel('E-mail').fill('nora@admin.test');
    await win.getByLabel('Phone').fill('3055550000');
    expect(await win.getByLabel('Phone').inputValue()).toBe('305-555-0000');
    await win.getByLabel('Date of birth').fill('0704');
    await win.getByLabel('Date of birth').blur();
    expect(await win.getByLabel('Date of birth').inputValue()).toBe(`07/04/${new Date().getFullYear()}`);
    await win.getByLabel('Date of birth').fill('07/04/1990');
    await win.getByLabel('Roles').click();
    await page.getByRole('option', { name: 'Biller' }).click();
    await page.keyboard.press('Escape');
    await win.getByRole('button', { name: 'Save' }).click();
    await win.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await win.getByTestId('field-ssn_last4').textContent()).toBe('6789');
  });

  it('the same SSN is then found, with the exists message', async () => {
    const win = page.getByTestId('window-User Management');
    await win.getByRole('button', { name: 'Back to list' }).click();
    await win.getByRole('button', { name: 'Create' }).click();
    await win.getByLabel('SSN').fill('123-45-6789');
    await win.getByRole('button', { name: 'Look up' }).click();
    await win.getByText(/User already exists for this email: Nora Vega/).waitFor();
  });

  it('creates an IP restriction through the generated screen', async () => {
    const win = await openFromStart(page, 'Restriction by IP');
    await win.getByRole('button', { name: 'Create' }).click();
    await win.getByLabel('IP address').first().fill('300.1.1.1');
    await win.getByRole('button', { name: 'Save' }).click();
    await win.getByText('Enter an IP address (IPv4 or IPv6).').first().waitFor();
    await win.getByLabel('IP address').first().fill('127.0.0.1');
    await win.getByRole('button', { name: 'Save' }).click();
    await win.getByRole('button', { name: 'Edit' }).waitFor();
  });

  it('keeps social networks on the profile, asking for the network when a link is given', async () => {
    const win = await openFromStart(page, 'Profile');
    await win.getByRole('button', { name: 'Add network' }).click();
    await win.getByLabel('Link').fill('https://linkedin.com/in/bm');
    await win.getByRole('button', { name: 'Save' }).nth(1).click();
    await win.getByText('This field is required.').waitFor();
    await win.getByRole('combobox', { name: 'Social network' }).click();
    await page.getByRole('option', { name: 'LinkedIn' }).click();
    await win.getByRole('button', { name: 'Save' }).nth(1).click();
    await page.getByTestId('toast-success').waitFor();
    const stored = await e.app.db.query<{ social_networks: unknown }>(
      "select social_networks from users where email = 'bm@admin.test'",
    );
    expect(stored.rows[0].social_networks).toEqual([{ network: 'LinkedIn', link: 'https://linkedin.com/in/bm' }]);
  });

  it('uploads a profile photo through the upload queue', async () => {
    const win = page.getByTestId('window-Profile');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    await win.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: /Uploads/ }).click();
    await page.getByTestId('upload-queue').getByText('Uploaded', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    const stored = await e.app.db.query<{ photo: string }>("select photo from users where email = 'bm@admin.test'");
    expect(stored.rows[0].photo).toMatch(/^api\/v1\/files\/\d+\/content$/);
    // No public address serves it: the taskbar fetches the bytes with the session's token and shows them from memory.
    expect((await fetch(`${e.origin}/${stored.rows[0].photo}`)).status).toBe(401);
    await page.reload();
    await page.getByTestId('user-menu').locator('img[src^="blob:"]').waitFor();
  });

  it('grants a permission to a role after confirmation (Super User)', async () => {
    const root = await signIn(e, 'root@admin.test');
    const win = await openFromStart(root.page, 'Role Management');
    await win.getByRole('button', { name: 'Client' }).click();
    await win
      .getByRole('button', { name: /Reports/ })
      .first()
      .click();
    await win.getByLabel('report.view').click();
    await root.page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
    await root.page.getByText('Permission report.view added to the role Client.').waitFor();
    await expect.poll(() => win.getByLabel('report.view').isChecked()).toBe(true);
    await root.page.context().close();
  });

  it("a role's two-step sign-in is switched on in Role Management, after the Super User proves it is them", async () => {
    const { page: rootPage } = await signIn(e, 'root@admin.test');
    const win = await openFromStart(rootPage, 'Role Management');
    await win.getByRole('button', { name: 'Biller', exact: true }).click();
    // The sign-in was an hour ago: a change of policy asks for the password first, then goes on by itself.
    await e.app.db.query(
      `update sessions set stepped_up_at = now() - interval '1 hour'
        where user_id = (select id from users where email = 'root@admin.test')`,
    );
    const twoStep = win.getByRole('switch', { name: 'Its people sign in in two steps (an authenticator app)' });
    await twoStep.click();
    const proof = rootPage.getByRole('dialog', { name: 'Confirm it is you' });
    await proof.getByLabel('Password').fill(PASSWORD);
    await proof.getByRole('button', { name: 'Confirm' }).click();
    await rootPage.getByText('People with the role Biller now sign in in two steps.').waitFor();
    await proof.waitFor({ state: 'detached' });
    expect(await twoStep.isChecked()).toBe(true);
    const biller = await e.app.db.query<{ mfa_required: boolean }>(
      "select mfa_required from roles where slug = 'biller'",
    );
    expect(biller.rows[0].mfa_required).toBe(true);
    await win.getByRole('button', { name: 'Super User', exact: true }).click();
    const always = win.getByRole('switch', {
      name: 'Its people always sign in in two steps (Super Users and managers)',
    });
    expect(await always.isChecked()).toBe(true);
    expect(await always.isDisabled()).toBe(true);
    await rootPage.context().close();
  });
  it("a role's sign-in hours are set in Role Management, and its people still signed in are told why they were signed out", async () => {
    await e.app.createUser({ email: 'col@admin.test', roles: ['collector'], billingCompanyIds: [bc] });
    const collector = await signIn(e, 'col@admin.test');
    const { page: rootPage } = await signIn(e, 'root@admin.test');
    const win = await openFromStart(rootPage, 'Role Management');
    await win.getByRole('button', { name: 'Collector', exact: true }).click();
    await win.getByRole('switch', { name: 'Its people sign in only on these days and hours' }).click();
    // Every day, but only in an hour two hours from now (UTC): certainly not now.
    for (const day of ['Saturday', 'Sunday']) await win.getByRole('button', { name: day }).click();
    const at = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString().slice(11, 16);
    const [from, to] = [at(2), at(3)];
    await win.getByLabel('From', { exact: true }).fill(from);
    await win.getByLabel('To', { exact: true }).fill(to);
    await win.getByLabel('Time zone', { exact: true }).fill('UT');
    await rootPage.getByRole('option', { name: 'UTC', exact: true }).click();
    await win.getByRole('button', { name: 'Save sign-in hours' }).click();
    await rootPage.getByText('People with the role Collector now sign in only within its hours.').waitFor();
    const stored = await e.app.db.query<{ login_hours: unknown }>(
      "select login_hours from roles where slug = 'collector'",
    );
    expect(stored.rows[0].login_hours).toEqual({
      days: [1, 2, 3, 4, 5, 6, 7],
      from,
      to,
      time_zone: 'UTC',
    });
    // The collector's next call finds the hours over: back to the sign-in screen, which says why.
    await collector.page.reload();
    await collector.page
      .getByRole('alert')
      .filter({ hasText: `Your role's sign-in hours are over (every day, ${from}–${to} (UTC))` })
      .waitFor();
    await e.app.db.query("update roles set login_hours = null where slug = 'collector'");
    await collector.page.context().close();
    await rootPage.context().close();
  });
});
