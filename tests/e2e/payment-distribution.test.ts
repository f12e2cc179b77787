import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { insuranceCheck } from '../helpers/payment-fixtures.ts';

let e: E2E;
let page: Page;
let errors: string[];
let w: ClaimWorld;
let claimId: number;

beforeAll(async () => {
  e = await startE2E();
  w = await claimWorld(e.app.db);
  await e.app.createUser({ email: 'root@payments.test', roles: ['superuser'] });
  const root = e.app.as(await e.app.login('root@payments.test'));
  const c = await root(
    'POST',
    '/claim/verify-register',
    goodClaim(w, {
      services: [
        {
          from_service: '03/02/2026',
          to_service: '03/02/2026',
          procedure_code: '99213',
          diagnosis_pointers: ['A'],
          days_or_units: '1',
          price: 12500,
        },
        {
          from_service: '03/02/2026',
          to_service: '03/02/2026',
          procedure_code: '36415',
          diagnosis_pointers: ['A'],
          days_or_units: '1',
          price: 1500,
        },
        {
          from_service: '03/02/2026',
          to_service: '03/02/2026',
          procedure_code: '85025',
          diagnosis_pointers: ['A'],
          days_or_units: '1',
          price: 2500,
        },
      ],
    }),
  );
  claimId = c.body.id;
  await e.app.db.query('update claims set status_id = 3 where id = $1', [claimId]);
  await insuranceCheck(root, w, { name: 'Check 4455 SUN Health', amount: 9000, reference: 'CHK4455' });
  await e.app.createUser({ email: 'manager@payments.test', roles: ['billingmanager'], billingCompanyIds: [w.bc] });
  ({ page, errors } = await signIn(e, 'manager@payments.test'));
  page.setDefaultTimeout(10_000);
});
afterAll(() => e.close());

describe('a billing manager distributes a payment', () => {
  let dialog: Locator;
  it('opens the payment and finds the claim: the only match opens by itself', async () => {
    const win = await openFromStart(page, 'Payments Management');
    await win.getByText('Check 4455 SUN Health').first().click();
    await win.getByRole('tab', { name: 'Payments' }).click();
    await win.getByText('CHK4455').first().click();
    await win.getByRole('button', { name: 'Distribute' }).click();
    dialog = page.getByTestId('distribution-dialog');
    const search = dialog.getByLabel(/^Patient or claim number/);
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Perez');
    await dialog.getByLabel('Paid').first().waitFor();
    expect(await dialog.getByTestId('left').textContent()).toBe('90.00');
  });

  it('types the three lines from the keyboard: allowed and paid propose CO-45 and PR-2 taken with Enter, an added adjustment takes the focus, and a part is saved', async () => {
    const lines = dialog.locator('[data-testid^="line-"]');
    const typeLine = async (n: number, paid: string, adjustments: Array<[string, string, string]>) => {
      const line = lines.nth(n);
      await line.getByLabel('Paid').focus();
      await page.keyboard.type(paid);
      for (const [group, reason, amount] of adjustments) {
        await line.getByRole('button', { name: 'Add adjustment' }).focus();
        await page.keyboard.press('Enter');
        const k = (await line.getByLabel('CARC').count()) - 1;
        // The new adjustment's reason has the focus: no Shift+Tab back to it.
        await expect
          .poll(() =>
            line
              .getByLabel('CARC')
              .nth(k)
              .evaluate((el) => el === document.activeElement),
          )
          .toBe(true);
        if (group !== 'CO') {
          await line.getByRole('combobox', { name: 'Group' }).nth(k).focus();
          await page.keyboard.press('Enter');
          await page.getByRole('option', { name: group }).click();
          await line.getByLabel('CARC').nth(k).focus();
        }
        await page.keyboard.type(reason);
        await page.keyboard.press('Tab');
        await page.keyboard.type(amount);
      }
    };
    // Amounts typed as a poster reads them off the EOB, whole dollars or with cents: 70 is $70.00.
    const first = lines.nth(0);
    await first.getByLabel('Allowed').focus();
    await page.keyboard.type('85');
    await page.keyboard.press('Tab');
    await page.keyboard.type('70');
    await expect
      .poll(() => first.locator('[data-testid^="propose-"]').textContent())
      .toBe('Accept CO-45 40.00 · PR-2 15.00 (Enter)');
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        first
          .getByLabel('Adjustment', { exact: true })
          .evaluateAll((els) => els.map((x) => (x as HTMLInputElement).value)),
      )
      .toEqual(['40.00', '15.00']);
    expect(await first.locator('[data-testid^="gap-"]').textContent()).toBe('Unexplained 0.00');
    await expect
      .poll(() =>
        dialog
          .getByText(/CO-45: /)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await typeLine(1, '10.00', [['PR', '2', '5']]);
    // Two lines of three balance: the check can be saved as it stands and finished later.
    await dialog.getByTestId('partial').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save distribution' }).isEnabled()).toBe(true);
    await typeLine(2, '10', [['CO', '45', '15.00']]);
    await expect.poll(() => dialog.getByTestId('left').textContent()).toBe('0.00');
    await dialog.getByRole('button', { name: 'Save distribution' }).click();
    await dialog.waitFor({ state: 'detached' });
    const rows = (
      await e.app.db.query<{ paid: string; patient_responsibility: string }>(
        'select paid, patient_responsibility from payment_services order by id',
      )
    ).rows;
    expect(rows.map((r) => [Number(r.paid), Number(r.patient_responsibility)])).toEqual([
      [7000, 1500],
      [1000, 500],
      [1000, 0],
    ]);
    expect(
      (await e.app.db.query<{ s: number }>('select status_id s from claims where id = $1', [claimId])).rows[0].s,
    ).toBe(4);
  });

  it('uploads three EOBs through the queue: the second fails, the next still goes, and the retry sends it', async () => {
    let refusedOnce = false;
    // The network fails once for the second file, as a dropped connection would.
    await page.route('**/eobs', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      if (!refusedOnce && body.includes('eob-2.pdf')) {
        refusedOnce = true;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    const win = page.getByTestId('window-Payments Management');
    await win.getByRole('button', { name: 'Upload EOBs' }).click();
    const eob = page.getByTestId('eob-dialog');
    const pdf = (n: number) => ({
      name: `eob-${n}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n% EOB ${n}\ntrailer << >>\n%%EOF\n`),
    });
    await eob.getByTestId('eob-files').setInputFiles([pdf(1), pdf(2), pdf(3)]);
    await eob.getByRole('button', { name: 'Upload 3 files' }).click();
    await page
      .getByTestId('taskbar')
      .getByRole('button', { name: /^Uploads/ })
      .click();
    const queue = page.getByTestId('upload-queue');
    await queue.getByTestId('upload-queue-status').and(queue.locator('[data-status="finished_with_errors"]')).waitFor();
    expect(
      (await e.app.db.query<{ name: string }>('select name from payment_eobs order by id')).rows.map((r) => r.name),
    ).toEqual(['eob-1.pdf', 'eob-3.pdf']);
    await queue.getByRole('button', { name: 'Retry', exact: true }).click();
    await queue.getByTestId('upload-queue-status').and(queue.locator('[data-status="finished"]')).waitFor();
    expect(
      (await e.app.db.query<{ name: string }>('select name from payment_eobs order by id')).rows.map((r) => r.name),
    ).toEqual(['eob-1.pdf', 'eob-3.pdf', 'eob-2.pdf']);
    await queue.getByRole('button', { name: 'Clear' }).click();
    await queue.getByText('No uploads').waitFor();
    // A click outside the panel closes it, as a person does (its backdrop takes the click).
    await page.mouse.click(5, 5);
    await queue.waitFor({ state: 'hidden' });
  });

  it("opens the claim's payments and EOBs: what each line was paid, the patient's share, the three EOB files", async () => {
    const code = (await e.app.db.query<{ code: string }>('select code from claims where id = $1', [claimId])).rows[0]
      .code;
    const claims = await openFromStart(page, 'Claims Management');
    await claims.getByText(code).first().click();
    await claims.getByRole('button', { name: 'Payments and EOBs' }).click();
    const paid = page.getByTestId('claim-payments-dialog');
    await paid.getByRole('table', { name: 'Postings' }).waitFor();
    const total = paid.getByRole('row').filter({ hasText: 'Total' });
    expect((await total.getByRole('cell').allTextContents()).filter(Boolean)).toEqual(['Total', '90.00', '20.00']);
    expect(await paid.getByRole('button', { name: /^eob-\d\.pdf$/ }).allTextContents()).toEqual([
      'eob-1.pdf',
      'eob-3.pdf',
      'eob-2.pdf',
    ]);
    await paid.getByRole('button', { name: 'Close' }).click();
    await paid.waitFor({ state: 'detached' });
  });

  it('raised no error in the page', () => {
    expect(errors.filter((m) => !/ERR_CONNECTION_RESET|Failed to fetch|net::/.test(m))).toEqual([]);
  });
});
