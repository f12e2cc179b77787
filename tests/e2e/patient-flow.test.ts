import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { npiFrom } from '../../src/domain/formats.ts';
import { confirmStatusToggle, openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
let page: Page;
let win: Locator;
let errors: string[];
beforeAll(async () => {
  e = await startE2E();
  const bc = await e.app.createBillingCompany('Flow Billing', 'FLW');
  await e.app.createUser({ email: 'root@flow.test', roles: ['superuser'] });
  await e.app.createUser({ email: 'bm@flow.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  await e.app.createUser({ email: 'support@flow.test', roles: ['superuser'] });
  await e.app.db.query(
    `insert into taxonomies (code, display_name) values ('207Q00000X', 'Family Medicine Physician'), ('261QF0400X', 'Federally Qualified Health Center (FQHC)')`,
  );
  // The set-up goes through the API as a Super User; the Billing Manager's first sign-in is the browser's.
  const root = e.app.as(await e.app.login('root@flow.test'));
  for (const [payer, name] of [
    ['60054', 'Aetna'],
    ['87726', 'UnitedHealthcare'],
  ]) {
    const p = await root('POST', '/insurance-company', { payer_id: payer, name });
    await root('POST', '/insurance-plan', {
      insurance_company_id: p.body.id,
      name: `${name} PPO`,
      code: `${payer}-PPO`,
      billing_company_id: bc,
    });
  }
  ({ page, errors } = await signIn(e, 'bm@flow.test'));
  page.setDefaultTimeout(10_000);
  win = await openFromStart(page, 'Patient Management');
});
afterAll(() => e.close());

const field = (within: Locator, label: string) => within.getByLabel(label, { exact: false }).first();
async function choose(within: Locator, label: string, option: string) {
  await field(within, label).click();
  await page.getByRole('option', { name: option }).first().click();
}
async function newPatient(med: string) {
  await win.getByRole('button', { name: 'Create' }).first().click();
  await field(win, 'Medical number').fill(med);
  await field(win, 'First name').fill('Valentina');
  await field(win, 'Last name').fill('Quispe');
  await field(win, 'Date of birth').fill('02/14/1979');
  await choose(win, 'Sex', 'Female');
}

/** Fills the address fields (by their text boxes: "Address" is also the start of "Address type"); the state is chosen from its list. */
async function fillAddress(within: Locator, a: { address: string; city: string; state: string; zip: string }) {
  const text = (name: string) => within.getByRole('textbox', { name: new RegExp(`^${name}`) }).first();
  for (const [label, value] of [
    ['Address', a.address],
    ['City', a.city],
    ['Zip', a.zip],
  ])
    await text(label).fill(value);
  await within
    .getByRole('combobox', { name: /^State/ })
    .first()
    .fill(a.state);
  await within
    .page()
    .getByRole('option', { name: new RegExp(`^${a.state} - `) })
    .click();
}

/** Fills the policy form that is open and saves it, back to the list of policies. */
async function addPolicy(policies: Locator, [payer, plan, number, resp]: string[]) {
  await choose(policies, 'Insurance company', payer);
  await choose(policies, 'Insurance plan', plan);
  await field(policies, 'Policy number').fill(number);
  await choose(policies, 'Responsibility', resp);
  await field(policies, 'Effective date').fill('01/01/2026');
  await policies.getByRole('button', { name: 'Save' }).click();
  await policies.getByRole('button', { name: 'Edit' }).waitFor();
  await policies.getByRole('button', { name: 'Back to list' }).click();
}

describe('a new user works a patient through the generated screens', () => {
  it('creates a patient with an address', async () => {
    await newPatient('MRN-778-899');
    const addresses = win.locator('section[aria-label="Addresses"]');
    await addresses.getByRole('button').first().click();
    await fillAddress(addresses, { address: '742 Evergreen Terrace', city: 'Miami', state: 'FL', zip: '33101' });
    await win.getByRole('button', { name: 'Save' }).click();
    await win.getByRole('button', { name: 'Edit' }).first().waitFor();
    expect(await win.getByRole('heading', { level: 3 }).first().textContent()).toBe(
      'Valentina Quispe 02/14/1979 MRN-778-899',
    );
  });

  it('goes from the new patient straight to its primary policy, in the second tab', async () => {
    const tab = win.getByRole('tab', { name: 'Insurance policies' });
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    expect(await win.getByRole('tab').nth(1).textContent()).toBe('Insurance policies');
    const policies = win.getByTestId('children-insurance-policy');
    await addPolicy(policies, ['60054 - Aetna', '60054-PPO - Aetna PPO', 'W123456789', 'P - Primary']);
    await win.getByRole('tab', { name: 'Addresses' }).click();
    await win.getByText('742 Evergreen Terrace').waitFor();
  });

  it('adds a secondary policy in the policies tab', async () => {
    await win.getByRole('tab', { name: 'Insurance policies' }).click();
    const policies = win.getByTestId('children-insurance-policy');
    await policies.getByRole('button', { name: 'Create' }).click();
    await addPolicy(policies, [
      '87726 - UnitedHealthcare',
      '87726-PPO - UnitedHealthcare PPO',
      'U987654321',
      'S - Secondary',
    ]);
    await expect.poll(() => policies.locator('[data-testid^="row-"]').count()).toBe(2);
    await policies.getByText('S - Secondary').waitFor();
  });

  it('finds the patient by spotlight, the result named by the window it opens in', async () => {
    await page.getByPlaceholder('Search (3 or more characters)').fill('Quispe');
    const hit = page
      .getByTestId('spotlight-results')
      .getByRole('button', { name: /Valentina Quispe 02\/14\/1979 MRN-778-899/ });
    await hit.first().waitFor();
    expect(await hit.first().textContent()).toContain('Patient Management');
    await page.keyboard.press('Escape');
  });

  it('finds an app by its name in the taskbar search, and opens it', async () => {
    await page.getByPlaceholder('Search (3 or more characters)').fill('ledger');
    const app = page.getByTestId('spotlight-results').getByRole('button', { name: /Ledger Management/ });
    await app.waitFor();
    expect(await app.textContent()).toContain('App');
    await app.click();
    await page.getByTestId('window-Ledger Management').waitFor();
    await page.getByTestId('window-Ledger Management').getByRole('button', { name: 'Close' }).first().click();
    await page.getByTestId('window-Ledger Management').waitFor({ state: 'detached' });
  });

  it('finds the patient by list search with and without hyphens', async () => {
    await win.getByRole('button', { name: 'Back to list' }).first().click();
    for (const term of ['MRN-778-899', 'MRN778899']) {
      await win.getByLabel('Search').fill(term);
      await expect.poll(() => win.locator('[data-testid^="row-"]').count()).toBe(1);
      await win.getByText('MRN-778-899').waitFor();
    }
    // The list says who pays first, without opening the patient.
    await win.getByRole('columnheader', { name: 'Primary insurance' }).waitFor();
    await win.getByRole('cell', { name: 'Aetna', exact: true }).waitFor();
  });

  it('finds the patient by the policy number on the insurance card', async () => {
    await win.getByLabel('Search').fill('U987654321');
    await expect.poll(() => win.locator('[data-testid^="row-"]').count()).toBe(1);
    await win.getByText('MRN-778-899').waitFor();
  });

  it('disables and re-enables the patient', async () => {
    const toggle = win.getByLabel(/Status Valentina Quispe/);
    await confirmStatusToggle(page, toggle, false);
    await confirmStatusToggle(page, toggle, true);
  });

  it("a patient's record says who accessed it: the manager's own opening, newest first, and the creation", async () => {
    await win.getByText('MRN-778-899').click();
    await win.getByRole('button', { name: 'Who accessed' }).click();
    const table = win.getByRole('table', { name: 'Who accessed' });
    await table.getByRole('row').nth(1).waitFor();
    const rows = await table.getByRole('row').allInnerTexts();
    expect(rows[1]).toMatch(/Opened/);
    expect(rows.some((r) => /Created/.test(r))).toBe(true);
    const patientId = (await e.app.db.query<{ id: number }>(`select id from patients where med_num = 'MRN-778-899'`))
      .rows[0].id;
    expect(rows[1]).toContain(`Patient ${patientId}`);
    await win.getByRole('button', { name: 'Back to the record' }).click();
    await win.getByRole('button', { name: 'Back to list' }).first().click();
  });

  it('warns before creating a second identical patient', async () => {
    await newPatient('MRN-000-777');
    await win.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('This patient is already registered').waitFor();
    await dialog.getByText(/Valentina Quispe 02\/14\/1979 MRN-778-899/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await win.getByRole('button', { name: 'Cancel' }).click();
  });

  it('refuses an NPI with a wrong check digit in the company form', async () => {
    const companies = await openFromStart(page, 'Company Management');
    await companies.getByRole('button', { name: 'Create' }).click();
    const good = npiFrom('123456789');
    await field(companies, 'Name').fill('Check Digit Clinic');
    await field(companies, 'NPI').fill(good.slice(0, 9) + ((Number(good[9]) + 1) % 10));
    await companies.getByRole('button', { name: 'Save' }).click();
    await companies.getByText("The NPI doesn't exist").first().waitFor();
    await field(companies, 'NPI').fill(good);
    await companies.getByRole('button', { name: 'Save' }).click();
    await companies.getByRole('button', { name: 'Edit' }).waitFor();
  });

  it('creates a facility, finding its taxonomy by typing part of its name', async () => {
    const facilities = await openFromStart(page, 'Facility Management');
    await facilities.getByRole('button', { name: 'Create' }).click();
    await field(facilities, 'NPI').fill(npiFrom('223456789'));
    await field(facilities, 'Name').fill('Eastside Health Center');
    await facilities.getByLabel('Clinic', { exact: true }).check();
    await facilities.getByRole('combobox', { name: /Taxonomies/ }).pressSequentially('qualified');
    await page.getByRole('option', { name: '261QF0400X - Federally Qualified Health Center (FQHC)' }).click();
    await fillAddress(facilities, { address: '12 Harbor Rd', city: 'Tampa', state: 'FL', zip: '33602' });
    await facilities.getByRole('button', { name: 'Save' }).click();
    await facilities.getByRole('button', { name: 'Edit' }).waitFor();
    await facilities.getByText('261QF0400X').waitFor();
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});

describe('a Super User looks for the patient among every billing company', () => {
  let rootPage: Page;
  let list: Locator;
  const rows = () => list.locator('[data-testid^="row-"]');
  beforeAll(async () => {
    ({ page: rootPage } = await signIn(e, 'support@flow.test'));
    rootPage.setDefaultTimeout(10_000);
    list = await openFromStart(rootPage, 'Patient Management');
  });

  it('across every billing company the search asks for a last name first and finds it from its start', async () => {
    const box = list.getByPlaceholder('Last name, first name or a number');
    await box.fill('quis');
    await list.getByText('MRN-778-899').waitFor();
    await box.fill('valentina quispe');
    await expect.poll(() => rows().count()).toBe(1);
    await box.fill('ispe');
    await list.getByText('No records found').waitFor();
  });

  it('with a billing company picked, the search finds any part of any field again', async () => {
    await list.getByRole('button', { name: 'Filters', exact: true }).click();
    await rootPage.getByLabel('Billing company').click();
    await rootPage.getByRole('option', { name: /Flow Billing/ }).click();
    await rootPage.getByRole('button', { name: 'Filters', exact: true }).last().click();
    await list.getByPlaceholder('Search', { exact: true }).fill('ispe');
    await list.getByText('MRN-778-899').waitFor();
  });
});
