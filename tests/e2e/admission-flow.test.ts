import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';

let e: E2E;
let page: Page;
let win: Locator;
let errors: string[];
let w: ClaimWorld;
const day = (back: number) => {
  const d = new Date();
  d.setDate(d.getDate() - back);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

beforeAll(async () => {
  e = await startE2E();
  w = await claimWorld(e.app.db);
  await e.app.db.query(
    `insert into units (billing_company_id, company_id, code, name, rooms, status) values ($1, $2, 'MS', 'Medical-Surgical', $3, true)`,
    [
      w.bc,
      w.company,
      JSON.stringify([
        { code: '101', name: 'Room 101', capacity: 2 },
        { code: '102', name: 'Room 102', capacity: 1 },
      ]),
    ],
  );
  await e.app.db.query(`update facilities set bill_classification_ids = '[11]' where id = $1`, [w.facility]);
  await e.app.createUser({ email: 'manager@admissions.test', roles: ['billingmanager'], billingCompanyIds: [w.bc] });
  ({ page, errors } = await signIn(e, 'manager@admissions.test'));
  page.setDefaultTimeout(10_000);
  win = await openFromStart(page, 'Admission / Encounter Management');
});
afterAll(() => e.close());

async function choose(label: string | RegExp, option: string | RegExp, within: Locator = win) {
  await within.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option }).first().click();
}
/** The first policy picker of the admission form's Insurance section. */
const chosenPolicy = () =>
  win
    .locator('section[aria-label="Insurance"]')
    .getByRole('combobox', { name: /^Policy/ })
    .first();
const cell = (row: number, col: string) => win.locator(`[data-cell="${row}:${col}"]`);

describe('a billing manager admits, discharges and bills', () => {
  it("picking a patient whose payer's latest 271 said inactive, the policy comes filled in with the warning at once", async () => {
    const ana = (
      await e.app.db.query<{ id: number }>(
        `insert into patients (billing_company_id, company_id, first_name, last_name, date_of_birth, sex) values ($1, $2, 'Ana', 'Quiroga', '1975-09-30', 'F') returning id`,
        [w.bc, w.company],
      )
    ).rows[0].id;
    const policy = (
      await e.app.db.query<{ id: number }>(
        `insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date)
         select billing_company_id, $1, insurance_company_id, insurance_plan_id, 'Q5550001', 1, '2020-01-01' from insurance_policies where id = $2 returning id`,
        [ana, w.policy],
      )
    ).rows[0].id;
    await e.app.db.query(
      `insert into eligibility_checks (billing_company_id, patient_id, insurance_policy_id, service_date, channel, state, trace, coverage, answered_at)
       values ($1, $2, $3, current_date, 'realtime', 'answered', 'E2E-INACTIVE', 'inactive', '2026-11-20T10:00:00Z')`,
      [w.bc, ana, policy],
    );
    await win.getByRole('button', { name: 'Create' }).first().click();
    await win
      .getByRole('combobox', { name: /^Patient/ })
      .first()
      .click();
    await page.keyboard.type('quiroga');
    await page
      .getByRole('option', { name: /Ana Quiroga/ })
      .first()
      .click();
    await expect
      .poll(() => chosenPolicy().textContent())
      .toContain("Q5550001 · SUN Health Plan — the payer's 271 of 11/20/2026 says inactive");
    // The field cuts a long name: the warning is said in full under it.
    await win
      .locator('section[aria-label="Insurance"]')
      .getByRole('alert')
      .filter({
        hasText:
          "The payer's 271 of 11/20/2026 says this policy is inactive: check eligibility again or choose another policy.",
      })
      .waitFor();
    await win.getByRole('button', { name: 'Cancel' }).click();
  });

  it('admits a patient into a room with a diagnosis and two services', async () => {
    await win.getByRole('button', { name: 'Create' }).first().click();
    // The patient is searched on the server as it is typed (an office has thousands), as on a claim.
    await win
      .getByRole('combobox', { name: /^Patient/ })
      .first()
      .click();
    const asked = page.waitForRequest((r) => r.url().includes('/patient/get-list') && r.url().includes('query=perez'));
    await page.keyboard.type('perez');
    await asked;
    await page
      .getByRole('option', { name: /Lucia Perez/ })
      .first()
      .click();
    await choose(/^Company/, 'Sunshine Family Clinic - SUN');
    await choose(/^Facility/, /Sunshine Outpatient Center/);
    await choose(/^Program/, 'Inpatient (acute care)');
    await choose(/^Unit/, 'MS - Medical-Surgical');
    await choose(/^Room/, /^101 ~ Room 101 ~ 0\/2/);
    await choose(/^Attending provider/, /Maria Lopez/);
    await win.getByLabel('Admission date', { exact: false }).first().fill(day(2));
    await win.getByLabel('Admission hour (0-23)', { exact: false }).first().fill('9');
    // The patient's policy in force is filled in as soon as the patient is picked.
    await expect.poll(() => chosenPolicy().textContent()).toContain('W123456789');
    await win.getByRole('button', { name: 'Add diagnosis' }).click();
    await page.keyboard.type('E11.9');
    // A stay says whether each diagnosis was present on admission.
    await win.getByLabel('POA').first().click();
    await page.getByRole('option', { name: 'Y', exact: true }).click();
    await win.getByRole('button', { name: 'Add line' }).click();
    await cell(0, 'from_service').fill(day(2));
    await cell(0, 'to_service').fill(day(1));
    await cell(0, 'revenue_code').fill('0120');
    await cell(0, 'days_or_units').fill('2');
    await cell(0, 'price').fill('900');
    await win.getByRole('button', { name: 'Add line' }).click();
    await cell(1, 'from_service').fill(day(1));
    await cell(1, 'to_service').fill(day(1));
    await cell(1, 'revenue_code').fill('0300');
    await cell(1, 'days_or_units').fill('1');
    await cell(1, 'price').fill('25');
    await win.getByRole('button', { name: 'Save', exact: true }).click();
    await win.getByRole('button', { name: 'Edit' }).waitFor();
    const stored = (
      await e.app.db.query<{ room: string; status_id: number; services: unknown[] }>(
        'select room, status_id, services from admissions',
      )
    ).rows;
    expect(stored).toMatchObject([{ room: '101', status_id: 1 }]);
    expect(stored[0].services).toHaveLength(2);
    expect(
      (await e.app.db.query<{ diagnoses: unknown }>('select diagnoses from admissions')).rows[0].diagnoses,
    ).toEqual([{ code: 'E11.9', poa: 'Y' }]);
    // Typed in dollars: 900 is $900.00 a day of room and board, 25 is $25.00.
    expect((stored[0].services as Array<{ price: number }>).map((l) => Number(l.price))).toEqual([90000, 2500]);
  });

  it('tries to discharge and sees the checklist of what is missing; completes it and discharges', async () => {
    await win.getByRole('button', { name: 'Discharge' }).click();
    const dialog = page.getByTestId('discharge-dialog');
    await dialog.getByTestId('need-admission_type').and(dialog.locator('[data-ready="false"]')).waitFor();
    expect(await dialog.getByTestId('need-policies').getAttribute('data-ready')).toBe('true');
    await expect.poll(() => dialog.getByRole('button', { name: 'Discharge' }).isDisabled()).toBe(true);
    // Two nights after the admission: its two days of room and board are the stay's nights.
    await dialog.getByLabel('Discharge date').fill(day(0));
    await dialog.getByLabel('Discharge time').fill('11');
    await dialog.getByLabel('Statement through').fill(day(0));
    await choose('Admission type', /Urgent/, dialog);
    await choose('Admission source', /^1 /, dialog);
    await choose('Patient status', /^01 /, dialog);
    await expect.poll(() => dialog.locator('[data-ready="false"]').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Discharge' }).click();
    await dialog.waitFor({ state: 'detached' });
    await win.getByTestId('state-chip').filter({ hasText: 'Discharged' }).first().waitFor();
    expect(
      (
        await e.app.db.query<{ ocupation: number }>(
          `select (r->>'ocupation')::int as ocupation from units, jsonb_array_elements(rooms) r where r->>'code' = '101'`,
        )
      ).rows[0].ocupation,
    ).toBe(0);
  });

  it('transfers to billing and opens the institutional claim, which verifies cleanly', async () => {
    await win.getByRole('button', { name: 'Transfer to billing' }).click();
    await win.getByTestId('state-chip').filter({ hasText: 'Billed' }).first().waitFor();
    const claim = (
      await e.app.db.query<{ id: number; code: string; format_id: number; admission_id: number }>(
        'select id, code, format_id, admission_id from claims',
      )
    ).rows[0];
    expect(claim.format_id).toBe(2);
    const claims = await openFromStart(page, 'Claims Management');
    await claims.getByText(claim.code).first().click();
    await claims.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Verify: Saved').first().waitFor();
    expect(
      (
        await e.app.db.query<{ verified: boolean; status_id: number }>(
          'select verified, status_id from claims where id = $1',
          [claim.id],
        )
      ).rows[0],
    ).toEqual({ verified: true, status_id: 2 });
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});
