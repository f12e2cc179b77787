import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

// Issue 19 items 2 and 7: what a new billing manager meets when a save fails.
let e: E2E;
let page: Page;
let win: Locator;
let errors: string[];

beforeAll(async () => {
  e = await startE2E();
  const bc = await e.app.createBillingCompany('Feedback Billing', 'FBB');
  await e.app.db.query(
    `insert into companies (billing_company_id, code, name, npi) values ($1, 'FB-C', 'Feedback Clinic', '1234567893')`,
    [bc],
  );
  await e.app.createUser({ email: 'manager@feedback.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  ({ page, errors } = await signIn(e, 'manager@feedback.test'));
  page.setDefaultTimeout(15_000);
  win = await openFromStart(page, 'Patient Management');
  await win.getByRole('button', { name: 'Create' }).click();
  await win.getByRole('button', { name: 'Save' }).waitFor();
});
afterAll(() => e.close());

const messages = (where: Locator) =>
  where
    .locator('.MuiFormHelperText-root.Mui-error')
    .evaluateAll((els) => els.map((x) => x.textContent?.trim() ?? '').filter(Boolean));

describe('a form', () => {
  it('gives every input the same height: a date or a picker is not shorter than a text box', async () => {
    const height = async (label: string) =>
      Math.round((await win.getByLabel(label, { exact: true }).first().boundingBox())!.height);
    const text = await height('Medical number');
    expect(await height('Date of birth *')).toBe(text);
    expect(await height('SSN')).toBe(text);
  });
});

describe('a failed save', () => {
  it('brings the first field at fault into focus', async () => {
    await win.getByRole('button', { name: 'Save' }).click();
    await win.locator('.Mui-error').first().waitFor();
    const focused = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        invalid: a?.getAttribute('aria-invalid'),
        label: a?.closest('.MuiFormControl-root')?.querySelector('label')?.textContent ?? '',
      };
    });
    expect(focused.invalid).toBe('true');
    expect(focused.label).toContain('First name');
  });

  it('says each field at fault once, and the section counts as many as it shows', async () => {
    const section = win.getByRole('region', { name: 'Patient' });
    const shown = await messages(section);
    expect(shown.length).toBeGreaterThan(0);
    expect(await section.getByRole('heading').first().textContent()).toContain(`${shown.length} to fix`);
    await win.getByLabel('Date of birth *').fill('13/45/2020');
    await win.getByLabel('Date of birth *').blur();
    await win.getByRole('button', { name: 'Save' }).click();
    // First name, last name and the date: three fields, three messages (the date's not said twice), "3 to fix".
    await expect.poll(() => messages(section)).toHaveLength(3);
    expect(await section.getByRole('heading').first().textContent()).toContain('3 to fix');
  });

  it('keeps the Save button where it was when a message goes away', async () => {
    const save = win.getByRole('button', { name: 'Save' });
    const before = (await save.boundingBox())!;
    await win.getByLabel('First name *').fill('Ana');
    await win.getByLabel('Last name *').click();
    await win.getByLabel('Last name *').fill('Lopez');
    await win.getByLabel('Date of birth *').click();
    expect((await save.boundingBox())!.y).toBe(before.y);
  });

  it('offers the states to choose from where an address asks for one', async () => {
    const addresses = win.getByRole('region', { name: 'Addresses' });
    await addresses.getByRole('button', { name: /add/i }).first().click();
    const state = addresses.getByRole('combobox', { name: 'State *' });
    await state.fill('Flor');
    await page.getByRole('option', { name: 'FL - Florida' }).click();
    expect(await state.inputValue()).toBe('FL - Florida');
  });

  it('leaves what a toast covers clickable: the Edit button under "Created"', async () => {
    await win.getByRole('button', { name: 'Maximize' }).click();
    await win.getByLabel('Date of birth *').fill('03/02/1981');
    await win.getByLabel('Date of birth *').blur();
    const addresses = win.getByRole('region', { name: 'Addresses' });
    for (const [label, value] of [
      ['Address', '5 Main St'],
      ['City', 'Miami'],
      ['Zip', '33101'],
    ])
      await addresses
        .getByRole('textbox', { name: new RegExp(`^${label}`) })
        .first()
        .fill(value);
    await win.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast-success').waitFor();
    const edit = (await win.getByRole('button', { name: 'Edit', exact: true }).first().boundingBox())!;
    await page.mouse.click(edit.x + edit.width / 2, edit.y + edit.height / 2);
    await win.getByRole('heading', { name: /^Edit / }).waitFor();
  });

  it("checks the form in the browser without code made at run time: nothing broke the page's Content-Security-Policy", () => {
    // The saves above were refused and then accepted by the form's own checks (required, formats, the link rule).
    expect(errors).toEqual([]);
  });
});
