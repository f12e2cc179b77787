import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';

/*
 * Issue 56 §1, the payment processor's day, signed in as that role: a paper check arrives; the processor opens a
 * payment batch (its company chosen by name), enters the payer's payment (its payer chosen by name) and posts the EOB
 * onto the claim. Until now the role could not see a company's or a payer's name: both pickers were empty (403).
 */
let e: E2E;
let page: Page;
let w: ClaimWorld;
let claimId: number;

beforeAll(async () => {
  e = await startE2E();
  w = await claimWorld(e.app.db);
  await e.app.createUser({ email: 'root@processor.test', roles: ['superuser'] });
  const root = e.app.as(await e.app.login('root@processor.test'));
  // One line of 125.00 (the office visit of the usual claim).
  const c = await root('POST', '/claim/verify-register', goodClaim(w, { services: goodClaim(w).services.slice(0, 1) }));
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  claimId = c.body.id;
  await e.app.db.query('update claims set status_id = 3 where id = $1', [claimId]);
  await e.app.createUser({ email: 'processor@processor.test', roles: ['paymentprocessor'], billingCompanyIds: [w.bc] });
  ({ page } = await signIn(e, 'processor@processor.test'));
  page.setDefaultTimeout(10_000);
});
afterAll(() => e.close());

describe('the payment processor posts a paper EOB', () => {
  let win: Locator;
  it('opens a payment batch, choosing its company by name', async () => {
    win = await openFromStart(page, 'Payments Management');
    await win.getByRole('button', { name: 'Create' }).first().click();
    await win.getByLabel('Name', { exact: false }).first().fill('Check 7788 SUN Health');
    await win.getByRole('combobox', { name: /^Company/ }).click();
    await page.getByRole('option', { name: /Sunshine Family Clinic/ }).click();
    await win.getByLabel('Amount', { exact: false }).first().fill('70');
    await win.getByRole('button', { name: 'Save', exact: true }).click();
    await win.getByRole('tab', { name: 'Payments' }).waitFor();
    const batch = (
      await e.app.db.query<{ company_id: number; amount: number }>(
        `select company_id, amount from payment_batches where name = 'Check 7788 SUN Health'`,
      )
    ).rows[0];
    expect(batch).toEqual({ company_id: w.company, amount: 7000 });
  });

  it("enters the payer's check, choosing the payer by name", async () => {
    await win.getByRole('tab', { name: 'Payments' }).click();
    const children = win.locator('[data-testid^="children-"]');
    await children.getByRole('button', { name: 'Create', exact: true }).click();
    await children.getByRole('combobox', { name: /^Source/ }).click();
    await page.getByRole('option', { name: 'Insurance', exact: true }).click();
    await children.getByRole('combobox', { name: /^Payer/ }).click();
    await page.getByRole('option', { name: /SUN Health Plan/ }).click();
    await children.getByRole('combobox', { name: /^Method/ }).click();
    await page.getByRole('option', { name: 'Check', exact: true }).click();
    await children.getByLabel('Payment date', { exact: false }).first().fill('03/20/2026');
    await children.getByLabel('Amount', { exact: false }).first().fill('70');
    await children.getByLabel('Reference', { exact: false }).first().fill('CHK7788');
    await children.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect
      .poll(
        async () =>
          (
            await e.app.db.query<{ insurance_company_id: number; amount: number }>(
              `select insurance_company_id, amount from payments where reference = 'CHK7788'`,
            )
          ).rows[0],
      )
      .toEqual({ insurance_company_id: w.payer, amount: 7000 });
  });

  it('posts the EOB onto the claim: the proposed CO-45 and PR-2 taken, and the claim says what insurance paid and what is owed', async () => {
    await win.getByText('CHK7788').first().click();
    await win.getByRole('button', { name: 'Distribute' }).click();
    const dialog = page.getByTestId('distribution-dialog');
    await dialog.getByLabel(/^Patient or claim number/).fill('Perez');
    const line = dialog.locator('[data-testid^="line-"]').first();
    await line.getByLabel('Allowed').fill('85');
    await line.getByLabel('Paid').fill('70');
    await expect
      .poll(() => line.locator('[data-testid^="propose-"]').textContent())
      .toBe('Accept CO-45 40.00 · PR-2 15.00 (Enter)');
    await line.locator('[data-testid^="propose-"]').click();
    await expect.poll(() => dialog.getByTestId('left').textContent()).toBe('0.00');
    await dialog.getByRole('button', { name: 'Save distribution' }).click();
    await dialog.waitFor({ state: 'detached' });
    const claim = (
      await e.app.db.query<{ insurance_paid: number; balance: number }>(
        'select insurance_paid, balance from claims where id = $1',
        [claimId],
      )
    ).rows[0];
    expect(claim).toEqual({ insurance_paid: 7000, balance: 1500 });
  });
});
