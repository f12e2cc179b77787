import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimMessage } from '../../src/domain/claims/claim-messages.ts';

let e: E2E;
let page: Page;
let win: Locator;
let errors: string[];
let w: ClaimWorld;
beforeAll(async () => {
  e = await startE2E();
  w = await claimWorld(e.app.db);
  await e.app.createUser({ email: 'biller@claims.test', roles: ['biller'], billingCompanyIds: [w.bc] });
  await e.app.db.query(
    `insert into claim_sub_statuses (billing_company_id, code, name, claim_status_ids, status) values ($1, 'NCOV', 'Service not covered', '[6]', true)`,
    [w.bc],
  );
  ({ page, errors } = await signIn(e, 'biller@claims.test'));
  // A ceiling, not a wait: the claim form's pickers load their choices from the server, slow while the other core runs a heavy file.
  page.setDefaultTimeout(20_000);
  win = await openFromStart(page, 'Claims Management');
});
afterAll(() => e.close());

/** Picks an option of a form's combobox in a window (the biller's, or the billing manager's). */
async function chooseIn(w: Locator, p: Page, label: string, option: string | RegExp) {
  await w
    .getByRole('combobox', { name: new RegExp(`^${label}( \\*)?( |$)`) })
    .first()
    .click();
  await p.getByRole('option', { name: option }).first().click();
}
const choose = (label: string, option: string | RegExp) => chooseIn(win, page, label, option);
const cell = (row: number, col: string) => win.locator(`[data-cell="${row}:${col}"]`);
const cellError = (row: number, col: string) => win.locator(`[data-error-for="${row}:${col}"]`);
/** Types into the focused cell and moves on with Tab: the keyboard only. */
async function typeCellsOn(p: Page, values: string[]) {
  for (const v of values) {
    if (v) await p.keyboard.type(v);
    await p.keyboard.press('Tab');
  }
}
const typeCells = (values: string[]) => typeCellsOn(page, values);

describe('a biller writes claims', () => {
  it('creates a professional claim for a patient with three lines entered only from the keyboard, and sees the total', async () => {
    await win.getByRole('button', { name: 'Create' }).first().click();
    await choose('Patient', /Lucia Perez/);
    await choose('Company', 'Sunshine Family Clinic - SUN');
    await win.getByLabel(/P · W123456789/).check();
    await choose('Place of service', '11 - Office');
    await choose('Attending / rendering provider', /Maria Lopez/);
    // Diagnoses: A and B, Enter opens the next one.
    await win.getByRole('button', { name: 'Add diagnosis' }).click();
    await page.keyboard.type('J06.9');
    await page.keyboard.press('Enter');
    await page.keyboard.type('R05.9');
    // Lines: the first cell by the button, everything after from the keyboard.
    await win.getByRole('button', { name: 'Add line' }).click();
    await expect.poll(() => cell(0, 'from_service').evaluate((el) => el === document.activeElement)).toBe(true);
    // Prices are typed in dollars as a biller says them: 125 is $125.00, 15.00 is $15.00.
    await typeCells(['3/2', '3/2', '99213', '25', '11', 'AB', '1', '125', '']);
    await page.keyboard.press('Enter'); // on the last cell (EMG): a new line, its first cell focused
    await expect.poll(() => cell(1, 'from_service').inputValue()).toBe('03/02/2026');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await typeCells(['36415', '', '11', 'A', '1', '15.00', '']);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // The third line is broken on purpose: ends before it starts, an unknown code, a pointer to nothing, units with 4 decimals.
    await cell(2, 'from_service').fill('03/05/2026');
    await cell(2, 'to_service').focus();
    await page.keyboard.press('Control+A');
    await typeCells(['03/04/2026', '00000', '', '11', 'D', '1.2345', '90']);
    await expect.poll(() => win.getByTestId('claim-total').textContent()).toBe('Claim total: $140.00');
  });

  it('saves and verifies: every problem of the broken line comes back at once, on its cells', async () => {
    await win.getByRole('button', { name: 'Save and verify' }).click();
    await cellError(2, 'to_service').waitFor();
    await expect
      .poll(() => cellError(2, 'to_service').textContent())
      .toBe('The to date must not be before the from date.');
    await expect
      .poll(() => cellError(2, 'diagnosis_pointers').first().textContent())
      .toMatch(/pointer D points at no diagnosis/);
    await expect
      .poll(() => cellError(2, 'procedure_code').allTextContents())
      .toContain(claimMessage('procedureNotFound', { code: '00000' }));
    // A biller may not add codes: the cell says whom to ask instead of offering the dialog.
    await win.getByTestId('missing-procedure-00000').getByText('Ask your billing manager to add it.').waitFor();
    await expect.poll(() => cellError(2, 'days_or_units').count()).toBeGreaterThan(0);
    expect(Number((await e.app.db.query<{ n: number }>('select count(*) n from claims')).rows[0].n)).toBe(0);
  });

  it('fixes the line and sees the claim Not submitted and verified', async () => {
    await cell(2, 'to_service').fill('03/05/2026');
    await cell(2, 'procedure_code').fill('85025');
    await cell(2, 'diagnosis_pointers').fill('A');
    await cell(2, 'days_or_units').fill('1');
    await expect.poll(() => win.getByTestId('claim-total').textContent()).toBe('Claim total: $230.00');
    await win.getByRole('button', { name: 'Save and verify' }).click();
    await win.getByRole('button', { name: 'Edit' }).waitFor();
    await win.getByTestId('state-control').getByTestId('state-chip').filter({ hasText: 'Not submitted' }).waitFor();
    const [claim] = (
      await e.app.db.query<{ status_id: number; verified: boolean; billed_amount: string }>(
        'select status_id, verified, billed_amount from claims',
      )
    ).rows;
    expect(claim).toMatchObject({ status_id: 2, verified: true });
    expect(Number(claim.billed_amount)).toBe(23000);
    const prices = (await e.app.db.query<{ price: string }>('select price from claim_services order by id')).rows.map(
      (r) => Number(r.price),
    );
    expect(prices).toEqual([12500, 1500, 9000]);
  });

  it('creates an institutional claim with revenue codes and verifies it', async () => {
    await win.getByRole('button', { name: 'Back to list' }).click();
    await win.getByRole('button', { name: 'Create' }).first().click();
    await choose('Form', /UB-04/);
    await choose('Patient', /Lucia Perez/);
    await choose('Company', 'Sunshine Family Clinic - SUN');
    // The hospital bills an institutional claim (its facility's taxonomy, 282N…), not the family practice.
    await choose('Facility', /Sunshine Outpatient Center/);
    await choose('Attending / rendering provider', /Maria Lopez/);
    await win.getByLabel('Type of bill').fill('131');
    await choose('Patient status', '01 - Discharged home or self care');
    await win.getByRole('button', { name: 'Add diagnosis' }).click();
    await page.keyboard.type('E11.9');
    await win.getByRole('button', { name: 'Add line' }).click();
    await expect(await win.getByRole('columnheader', { name: 'Revenue' }).count()).toBe(1);
    await typeCells(['3/2', '3/2', '0450', '99213', '', '1', '45000']);
    await win.getByRole('button', { name: 'Save and verify' }).click();
    await win.getByRole('button', { name: 'Edit' }).waitFor();
    await win.getByTestId('state-control').getByTestId('state-chip').filter({ hasText: 'Not submitted' }).waitFor();
    const rows = (
      await e.app.db.query<{ revenue_code: string }>(
        `select s.revenue_code from claim_services s join claims c on c.id = s.claim_id where c.format_id = 2`,
      )
    ).rows;
    expect(rows).toEqual([{ revenue_code: '0450' }]);
  });

  it('a status change with a sub-status and a note appears in the history', async () => {
    const id = Number((await e.app.db.query<{ id: number }>('select id from claims where format_id = 2')).rows[0].id);
    await e.app.db.query('update claims set status_id = 3 where id = $1', [id]);
    await win.getByRole('button', { name: 'Back to list' }).click();
    await win.getByTestId(`row-${id}`).click();
    await win.getByTestId('move-to-6').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Sub-status').click();
    await page.getByRole('option', { name: 'Service not covered' }).click();
    await dialog.getByLabel(/Note/).fill('Payer says the visit is not a covered benefit');
    await dialog.getByRole('button', { name: 'Change state' }).click();
    await win
      .getByText(/Denied \(Service not covered\) · .* · Payer says the visit is not a covered benefit/)
      .waitFor();
    expect(
      (await e.app.db.query<{ status_id: number }>('select status_id from claims where id = $1', [id])).rows[0]
        .status_id,
    ).toBe(6);
    // A denied claim is not edited in place (a refile does that): the screen no longer offers Edit.
    await expect.poll(() => win.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
  });

  it('filters the claim list by a status and a patient chosen by name', async () => {
    await win.getByRole('button', { name: 'Back to list' }).click();
    await win.getByRole('button', { name: 'Filters', exact: true }).click();
    const pop = page.locator('.MuiPopover-paper form');
    await pop.getByTestId('filter-status_id').click();
    await page.getByRole('option', { name: 'Denied' }).click();
    await pop.getByTestId('filter-patient_id').click();
    await page.getByRole('option', { name: /Lucia Perez/ }).click();
    await pop.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect.poll(() => win.locator('[data-testid^="row-"]').count()).toBe(1);
    await win.getByTestId('state-chip').filter({ hasText: 'Denied' }).waitFor();
  });

  it("opens the payer's guidelines from the claim form, drawn from their Markdown and never as HTML", async () => {
    const payer = (
      await e.app.db.query<{ id: string }>(
        `select insurance_company_id as id from insurance_policies where policy_number = 'W123456789'`,
      )
    ).rows[0].id;
    await e.app.db.query(
      `insert into guidelines (billing_company_id, title, insurance_company_id, body) values ($1, 'Payer filing rules', $2, $3), ($1, 'General checklist', null, 'Check eligibility')`,
      [w.bc, payer, '# Filing\n- Timely filing: **90 days**\n<script>window.hacked = 1</script>'],
    );
    await page.keyboard.press('Escape');
    await win.getByRole('button', { name: 'Create' }).first().click();
    await choose('Patient', /Lucia Perez/);
    await win.getByRole('button', { name: 'Payer guidelines' }).first().click();
    const guide = page.getByTestId('window-Guidelines');
    await expect
      .poll(() => guide.locator('[data-testid^="row-"]').allInnerTexts())
      .toEqual([expect.stringContaining('Payer filing rules')]);
    await guide.getByText('Payer filing rules').click();
    const md = guide.getByTestId('markdown');
    await md.getByRole('heading', { name: 'Filing' }).waitFor();
    expect(await md.locator('strong').textContent()).toBe('90 days');
    expect(await md.textContent()).toContain('<script>window.hacked = 1</script>');
    expect(await md.locator('script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  });

  it("starts a claim from the patient found by 'last name, birth date' in one box: the patient named, the active policy checked, the clinic and provider of the last claim", async () => {
    // Another Perez, born another day: the birth date typed after the name is what tells them apart.
    await e.app.db.query(
      `insert into patients (billing_company_id, company_id, first_name, last_name, date_of_birth, sex) values ($1, $2, 'Ana', 'Perez', '1975-09-30', 'F')`,
      [w.bc, w.company],
    );
    const patients = await openFromStart(page, 'Patient Management');
    await patients.getByLabel('Search', { exact: true }).fill('perez, 04/12/1980');
    const rows = patients.locator('[data-testid^="row-"]');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Lucia');
    await rows.first().click();
    await patients.getByRole('button', { name: 'New claim' }).click();
    const patient = win.getByRole('combobox', { name: /^Patient( \*)?$/ });
    await expect.poll(() => patient.inputValue()).toMatch(/^Lucia Perez/);
    expect(await win.getByLabel(/P · W123456789/).isChecked()).toBe(true);
    expect(await win.getByLabel(/S · S998877/).isChecked()).toBe(false);
    await expect
      .poll(() =>
        win
          .getByRole('combobox', { name: /^Company( \*)?( |$)/ })
          .first()
          .textContent(),
      )
      .toContain('Sunshine Family Clinic - SUN');
    await expect
      .poll(() =>
        win
          .getByRole('combobox', { name: /^Attending \/ rendering provider( \*)?( |$)/ })
          .first()
          .textContent(),
      )
      .toContain('Maria Lopez');
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});

describe('a billing manager adds the CPT code a claim needs from the claim itself', () => {
  let bm: Page;
  let bw: Locator;
  const bcell = (row: number, col: string) => bw.locator(`[data-cell="${row}:${col}"]`);
  beforeAll(async () => {
    await e.app.createUser({ email: 'bm@claims.test', roles: ['billingmanager'], billingCompanyIds: [w.bc] });
    ({ page: bm } = await signIn(e, 'bm@claims.test'));
    bm.setDefaultTimeout(20_000);
    bw = await openFromStart(bm, 'Claims Management');
  });

  it('types 99215 and 24, adds each to the code list with a description in its own words, and the claim verifies', async () => {
    const pick = (label: string, option: string | RegExp) => chooseIn(bw, bm, label, option);
    await bw.getByRole('button', { name: 'Create' }).first().click();
    await pick('Patient', /Lucia Perez/);
    await pick('Company', 'Sunshine Family Clinic - SUN');
    await bw.getByLabel(/P · W123456789/).check();
    await pick('Place of service', '11 - Office');
    await pick('Attending / rendering provider', /Maria Lopez/);
    await bw.getByRole('button', { name: 'Add diagnosis' }).click();
    await bm.keyboard.type('J06.9');
    await bw.getByRole('button', { name: 'Add line' }).click();
    await typeCellsOn(bm, ['4/6', '4/6', '99215', '24', '11', 'A', '1']);
    const procedure = bw.getByTestId('missing-procedure-99215');
    await procedure.getByText('99215 is not in your code list.').waitFor();
    await procedure.getByRole('button', { name: 'Add to code list' }).click();
    const dialog = bm.getByRole('dialog', { name: 'Add procedure 99215 to your code list' });
    await dialog.getByLabel('Short description').fill('Office visit, established, high complexity');
    await dialog.getByLabel('Price ($)').fill('210');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await procedure.waitFor({ state: 'detached' });
    // The price the manager gave fills the line that had none.
    await expect.poll(() => bcell(0, 'price').inputValue()).toBe('210.00');
    const modifier = bw.getByTestId('missing-modifier-24');
    await modifier.getByRole('button', { name: 'Add to code list' }).click();
    const mdialog = bm.getByRole('dialog', { name: 'Add modifier 24 to your code list' });
    await mdialog.getByLabel('Short description').fill('Unrelated visit during a post-operative period');
    await mdialog.getByRole('button', { name: 'Add' }).click();
    await modifier.waitFor({ state: 'detached' });
    await bw.getByRole('button', { name: 'Save and verify' }).click();
    await bw.getByTestId('state-control').getByTestId('state-chip').filter({ hasText: 'Not submitted' }).waitFor();
    const codes = (
      await e.app.db.query<{ code: string; billing_company_id: string }>(
        `select code, billing_company_id from procedures where code = '99215' union all select code, billing_company_id from modifiers where code = '24'`,
      )
    ).rows;
    expect(codes.map((c) => ({ code: c.code, owner: Number(c.billing_company_id) }))).toEqual([
      { code: '99215', owner: w.bc },
      { code: '24', owner: w.bc },
    ]);
    const line = (
      await e.app.db.query<{ procedure_code: string; modifiers: string[]; price: string; verified: boolean }>(
        `select s.procedure_code, s.modifiers, s.price, c.verified from claim_services s join claims c on c.id = s.claim_id where s.procedure_code = '99215'`,
      )
    ).rows;
    expect(line.map((l) => ({ ...l, price: Number(l.price) }))).toEqual([
      { procedure_code: '99215', modifiers: ['24'], price: 21000, verified: true },
    ]);
  });
});
