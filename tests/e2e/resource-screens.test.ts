import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { confirmStatusToggle, openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
let page: Page;
let win: Locator;
beforeAll(async () => {
  e = await startE2E();
  await e.app.createUser({ email: 'root@screens.test', roles: ['superuser'] });
  for (let i = 1; i <= 23; i++)
    await e.app.createBillingCompany(`Seeded Billing ${String(i).padStart(2, '0')}`, `SB${i}`);
  ({ page } = await signIn(e, 'root@screens.test'));
  win = await openFromStart(page, 'Billing Company Management');
});
afterAll(() => e.close());

const field = (label: string) => win.getByLabel(label, { exact: false }).first();

describe('generated billing company screens', () => {
  it('creates a billing company through the generated form', async () => {
    await win.getByRole('button', { name: 'Create' }).click();
    await field('Name').fill('Acme Medical Billing');
    await field('Abbreviation').fill('ACME');
    await field('Phone').fill('3055551234');
    await win.getByRole('button', { name: 'Save' }).click();
    await win.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await win.getByTestId('field-phone').textContent()).toBe('305-555-1234');
  });

  it('edits it', async () => {
    await win.getByRole('button', { name: 'Edit' }).click();
    await field('City').fill('Miami');
    await win.getByRole('button', { name: 'Save' }).click();
    await win.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await win.getByTestId('field-city').textContent()).toBe('Miami');
  });

  it("shows the server's field error in place when the name is taken", async () => {
    await win.getByRole('button', { name: 'Back to list' }).click();
    await win.getByRole('button', { name: 'Create' }).click();
    await field('Name').fill('Acme Medical Billing');
    await field('Abbreviation').fill('ACM2');
    await win.getByRole('button', { name: 'Save' }).click();
    await win.getByText('The billing company is already registered').first().waitFor();
    await page.getByTestId('toast-error').waitFor();
    await win.getByRole('button', { name: 'Cancel' }).click();
  });

  it('disables and re-enables it after confirmation, the row following the server', async () => {
    await win.getByLabel('Search').fill('Acme');
    const toggle = win.getByLabel(/Status .*Acme Medical Billing/);
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await confirmStatusToggle(page, toggle, false);
    await confirmStatusToggle(page, toggle, true);
  });

  it('rolls a change back from the history', async () => {
    await win.getByText('Acme Medical Billing').first().click();
    await win.getByRole('button', { name: 'History' }).click();
    const restore = win.getByRole('button', { name: 'Restore this' });
    await restore.first().waitFor();
    // The newest entries are the status changes; the edit of the city is the one with city in it.
    await win.locator('tr', { hasText: 'city' }).getByRole('button', { name: 'Restore this' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('toast-success').waitFor();
    // History names the fields as the form does, never by their storage names.
    expect(await win.getByTestId('change-city').first().textContent()).toMatch(/^City:/);
    await win.getByRole('button', { name: 'Back to the record' }).click();
    await expect.poll(() => win.getByTestId('field-city').textContent()).toBe('—');
  });

  it('pages the list on the server', async () => {
    await win.getByRole('button', { name: 'Back to list' }).click();
    await win.getByLabel('Search').fill('');
    // The whole list is back (its total, not only ten rows) before the next page is asked for.
    await win.getByText(/^1–10 of (2[4-9]|[3-9]\d)$/).waitFor();
    await expect.poll(() => win.getByTestId('list-rows').locator('tr').count()).toBe(10);
    const rowIds = () =>
      win
        .getByTestId('list-rows')
        .locator('tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    const first = await rowIds();
    await win.getByRole('button', { name: 'Go to next page' }).click();
    await win.getByText(/^11–20 of /).waitFor();
    // The second page is the next ten records, none of the first page's.
    await expect.poll(async () => (await rowIds()).filter((id) => first.includes(id)).length).toBe(0);
    expect(await rowIds()).toHaveLength(10);
  });

  it('exports the whole filtered list to CSV, numbers as numbers', async () => {
    await win.getByLabel('Search').fill('Seeded');
    await expect.poll(() => win.getByText('Seeded Billing 01').count()).toBe(1);
    await win.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    const text = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(text).toHaveLength(24);
    const header = text[0].split(',');
    const idColumn = header.indexOf('Id');
    expect(header).toContain('Name');
    // Numbers are written bare, not quoted as text.
    expect(text.slice(1).every((l) => /^\d+$/.test(l.split(',')[idColumn]))).toBe(true);
  });

  it('exports the whole filtered list to XLSX with numeric cells', async () => {
    await win.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(24);
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const idColumn = header.indexOf('Id');
    const nameColumn = header.indexOf('Name');
    expect(typeof sheet.getRow(2).getCell(idColumn).value).toBe('number');
    const names = Array.from({ length: 23 }, (_, i) => sheet.getRow(i + 2).getCell(nameColumn).value);
    expect(names).toContain('Seeded Billing 23');
  });
});
