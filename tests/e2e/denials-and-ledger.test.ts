import { toIsoDate } from '../../src/domain/formats.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { availityFolderAccount, claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra } from '../helpers/era-claims.ts';
import { deniedInFull, keyInsurance835, LUCIA } from '../helpers/key-insurance-835.ts';
import { pdfText } from '../helpers/pdf-text.ts';

let e: E2E;
let w: ClaimWorld;
let claims: Map<string, number>;
// One remittance: two claims denied (CO-50 not medically necessary, CO-29 late) and one paid 120.00 with a CO-45 write-off of 50.00 and 30.00 coinsurance (PR-2).
beforeAll(async () => {
  e = await startE2E();
  w = await claimWorld(e.app.db);
  await e.app.createUser({ email: 'root@denials.test', roles: ['superuser'] });
  const root = e.app.as(await e.app.login('root@denials.test'));
  // The clearing house the collector's eligibility questions go through (its exchange folder).
  await availityFolderAccount(root, w);
  const text = keyInsurance835({
    control: 21,
    trace: 'E2E-DEN',
    claims: [
      deniedInFull('DN-50', 15000, '50'),
      deniedInFull('DN-29', 42000, '29'),
      {
        patientControlNumber: 'LG-1',
        status: '1',
        charge: 20000,
        paid: 12000,
        patientResponsibility: 3000,
        payerControlNumber: 'ICN-LG-1',
        patient: LUCIA,
        from: toIsoDate('2026-03-02'),
        lines: [
          {
            procedure: '99213',
            charge: 20000,
            paid: 12000,
            date: toIsoDate('2026-03-02'),
            adjustments: [
              { group: 'CO', reason: '45', amount: 5000 },
              { group: 'PR', reason: '2', amount: 3000 },
            ],
          },
        ],
      },
    ],
  });
  claims = await claimsForEra(e.app.db, w, text);
  await root('POST', '/payments/eras/sync', { billing_company_id: w.bc, content: text, name: 'e2e-denials.835' });
  const era = (await e.app.db.query<{ id: number }>(`select id from era_files where name = 'e2e-denials.835'`)).rows[0];
  expect((await root('POST', '/payments/eras/process', { id: era.id })).body.posted_claims).toBe(3);
  await e.app.createUser({ email: 'collector@denials.test', roles: ['collector'], billingCompanyIds: [w.bc] });
  await e.app.createUser({ email: 'manager@denials.test', roles: ['billingmanager'], billingCompanyIds: [w.bc] });
});
afterAll(() => e.close());

/** Picks an option of a select by its label. */
async function choose(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe("the denial worklist at a collector's speed", () => {
  let page: Page;
  let errors: string[];
  let win: Locator;
  let rows: Locator;
  beforeAll(async () => {
    ({ page, errors } = await signIn(e, 'collector@denials.test'));
    page.setDefaultTimeout(10_000);
    win = await openFromStart(page, 'Denial Management');
    rows = win.getByTestId('list-rows').locator('tr');
    await rows.nth(1).waitFor();
  });

  it('a denial is one line, its codes short chips whose words are in the tooltip', async () => {
    const chip = rows.filter({ hasText: 'DN-50' }).getByLabel('CO-50: Not medically necessary', { exact: false });
    expect(await chip.textContent()).toBe('CO-50');
    for (const box of [await rows.nth(0).boundingBox(), await rows.nth(1).boundingBox()])
      expect(box!.height).toBeLessThanOrEqual(40);
    await chip.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toContain('Not medically necessary');
  });

  it('rows are worked from the keyboard: arrows move between them, Space selects, Enter opens', async () => {
    await rows.nth(0).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => rows.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(() => rows.nth(1).getByRole('checkbox').isChecked()).toBe(true);
    await win.getByRole('button', { name: 'Change selected (1)' }).waitFor();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => rows.nth(0).evaluate((el) => el === document.activeElement)).toBe(true);
    const first = (await rows.nth(0).locator('td').nth(1).textContent())!.trim();
    await page.keyboard.press('Enter');
    await win.getByRole('button', { name: 'Back' }).waitFor();
    expect(await win.textContent()).toContain(first);
    await win.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => rows.count()).toBe(2);
  });

  it("comfortable rows are the person's own choice, kept on the server", async () => {
    await win.getByRole('button', { name: 'Show long values in full (comfortable rows)' }).click();
    await win.getByRole('button', { name: 'One line a row (compact rows)' }).waitFor();
    const stored = async () =>
      (
        await e.app.db.query<{ d: string | null }>(
          `select settings->>'list_density' as d from users where email = 'collector@denials.test'`,
        )
      ).rows[0].d;
    expect(await stored()).toBe('comfortable');
    await win.getByRole('button', { name: 'One line a row (compact rows)' }).click();
    await win.getByRole('button', { name: 'Show long values in full (comfortable rows)' }).waitFor();
    expect(await stored()).toBe('compact');
  });

  it('"My follow-ups due" is saved once with its date relative to today, and brings the list back with one click', async () => {
    await e.app.db.query(`update claims set follow_up_date = current_date where code like 'DN-29%'`);
    await e.app.db.query(`update claims set follow_up_date = current_date + 5 where code like 'DN-50%'`);
    const now = new Date();
    const today = `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}/${now.getFullYear()}`;
    await win.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Follow up — To').fill(today);
    await page.getByRole('button', { name: 'Filters', exact: true }).last().click();
    await expect.poll(() => rows.count()).toBe(1);
    await win.getByRole('button', { name: 'Saved filters' }).click();
    await page.getByRole('menuitem', { name: 'Save these filters…' }).click();
    await page.getByLabel('Name').fill('My follow-ups due');
    expect(await page.getByLabel('Keep dates relative to the day it is opened').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved filter "My follow-ups due" kept').waitFor();
    const saved = (
      await e.app.db.query<{ name: string; filters: unknown }>(
        `select name, filters from saved_filters s join users u on u.id = s.user_id where u.email = 'collector@denials.test'`,
      )
    ).rows;
    expect(saved).toEqual([{ name: 'My follow-ups due', filters: { follow_up_date_to: '@today' } }]);

    await win.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await win.getByRole('button', { name: 'Saved filters' }).click();
    await page.getByRole('menuitem', { name: 'My follow-ups due' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('DN-29');
    await win.getByRole('button', { name: 'Filters', exact: true }).click();
    expect(await page.getByLabel('Follow up — To').inputValue()).toBe(today);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('back from a denial, the worklist keeps its search and the row just worked has the focus', async () => {
    await win.getByLabel('Search').fill('DN-5');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.nth(0).focus();
    await page.keyboard.press('Enter');
    await win.getByRole('button', { name: 'Back to list' }).first().click();
    await expect.poll(() => rows.nth(0).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await win.getByLabel('Search').inputValue()).toBe('DN-5');
    expect(await rows.count()).toBe(1);
    expect(await rows.nth(0).textContent()).toContain('DN-50');
    await win.getByLabel('Search').fill('');
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});

describe('a collector works a denial', () => {
  let page: Page;
  let errors: string[];
  let win: Locator;
  beforeAll(async () => {
    ({ page, errors } = await signIn(e, 'collector@denials.test'));
    page.setDefaultTimeout(10_000);
  });

  it('sees the denials most money first, each assignee by name, and filters them by CARC', async () => {
    // Assigned to the manager, whom a collector may not list: the name comes with the worklist's row.
    await e.app.db.query(
      `update users set first_name = 'Maria', last_name = 'Lopez' where email = 'manager@denials.test'`,
    );
    await e.app.db.query(
      `update claims set assigned_user_id = (select id from users where email = 'manager@denials.test') where code like 'DN-29%'`,
    );
    win = await openFromStart(page, 'Denial Management');
    const rows = win.getByTestId('list-rows').locator('tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('DN-29');
    expect(await rows.first().textContent()).toContain('Maria Lopez');
    await win.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Adjustment reason (CARC)').fill('50');
    await page.getByRole('button', { name: 'Filters', exact: true }).last().click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('DN-50');
    await rows.first().getByLabel('CO-50: Not medically necessary', { exact: false }).waitFor();
  });

  it('opens the denial and records a tracking call that starts from the claim', async () => {
    await win.getByText('DN-50').first().click();
    await win.getByTestId('field-insurance_claim_numbers').filter({ hasText: 'ICN-DN-50' }).waitFor();
    await win.getByRole('tab', { name: 'Follow-ups' }).click();
    const child = win.getByTestId('children-denial-tracking');
    await child.getByRole('button', { name: 'Create' }).click();
    // The claim's payer claim number and billed policy are there already: only what the call said is typed.
    await expect.poll(() => child.getByLabel('Payer claim number').inputValue()).toBe('ICN-DN-50');
    await child.getByLabel('Representative').fill('Dana at Key Insurance');
    await child.getByLabel('Call reference').fill('REF-7781');
    await child.getByLabel('Note').first().fill('Payer needs the corrected diagnosis pointer');
    await child.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Created').first().waitFor();
    const t = (
      await e.app.db.query<{
        rep_name: string;
        claim_number: string;
        interface_type: string;
        policy_responsible: string;
      }>('select rep_name, claim_number, interface_type, policy_responsible from denial_trackings')
    ).rows;
    // The policy the claim was billed to: Key Insurance's, whose remittance denied it.
    const billed = Number(
      (
        await e.app.db.query<{ p: string }>(`select insurance_policy_ids->>0 as p from claims where id = $1`, [
          claims.get('DN-50'),
        ])
      ).rows[0].p,
    );
    expect(t.map((r) => ({ ...r, policy_responsible: Number(r.policy_responsible) }))).toEqual([
      {
        rep_name: 'Dana at Key Insurance',
        claim_number: 'ICN-DN-50',
        interface_type: 'call',
        policy_responsible: billed,
      },
    ]);
  });

  it('refiles it as a corrected claim: frequency 7 with the payer claim number, back to Not submitted', async () => {
    await win.getByRole('tab', { name: 'Refiles' }).click();
    const child = win.getByTestId('children-claim-refile');
    await child.getByRole('button', { name: 'Create' }).click();
    await choose(page, child, 'Refile as', 'Corrected claim');
    await choose(page, child, 'Reason', /^01 /);
    await expect.poll(() => child.getByLabel('Payer claim number').inputValue()).toBe('ICN-DN-50');
    await child.getByRole('button', { name: 'Save' }).click();
    // Waited for on the claim itself: a "Created" toast of the tracking call before may still be on the screen.
    const claim = async () =>
      (
        await e.app.db.query<{ status_id: number; frequency: string; original_reference: string }>(
          'select status_id, frequency, original_reference from claims where id = $1',
          [claims.get('DN-50')],
        )
      ).rows[0];
    await expect.poll(claim).toEqual({ status_id: 2, frequency: '7', original_reference: 'ICN-DN-50' });
    await page.getByText('Created').first().waitFor();
  });

  it("asks the payers about both denied claims' coverage at once, from the claims list", async () => {
    const list = await openFromStart(page, 'Claims Management');
    await list.getByLabel('Search', { exact: true }).fill('DN-');
    // The searched page, not the first page shown before it (a selection made there is cleared when the search lands).
    await expect.poll(() => list.locator('[data-testid^="row-"]').count()).toBe(2);
    const ids = [claims.get('DN-50')!, claims.get('DN-29')!];
    for (const id of ids) await list.getByTestId(`row-${id}`).getByRole('checkbox').check();
    // The refile's "Created" lies over the list's tools for its moments.
    await page.getByTestId('toast-success').waitFor({ state: 'detached' });
    await list.getByRole('button', { name: 'Check eligibility (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check eligibility (2)' });
    await dialog.getByRole('button', { name: 'Check eligibility' }).click();
    const outcome = dialog.getByTestId('bulk-outcome');
    await outcome.waitFor();
    expect(await outcome.innerText()).toMatch(/^2 eligibility question\(s\) sent through /);
    const asked = await e.app.db.query<{ claim_id: string }>(
      'select claim_id from eligibility_checks where claim_id = any($1::bigint[]) order by claim_id',
      [ids],
    );
    expect(asked.rows.map((r) => Number(r.claim_id))).toEqual([...ids].sort((a, b) => a - b));
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});

describe("a billing manager reads a patient's ledger", () => {
  let page: Page;
  let errors: string[];
  let win: Locator;
  beforeAll(async () => {
    ({ page, errors } = await signIn(e, 'manager@denials.test'));
    page.setDefaultTimeout(10_000);
  });

  it('finds the patient and sees the charge, the insurance payment, the CO-45 write-off and the patient responsibility with the running balance', async () => {
    win = await openFromStart(page, 'Ledger Management');
    const box = await win.boundingBox();
    expect([box?.width, box?.height]).toEqual([1024, 500]);
    await win.getByLabel('Find a patient').fill('Perez');
    await win.getByTestId(`ledger-patient-${w.patient}`).click();
    const lg1 = win.getByTestId('ledger-rows').locator('tr').filter({ hasText: 'LG-1' });
    await expect.poll(() => lg1.count()).toBe(5);
    const cells = async (i: number) => (await lg1.nth(i).locator('td').allTextContents()).map((s) => s.trim());
    // The two denied claims (150.00 and 420.00) come first on 03/02 and stay open after their denial.
    expect((await cells(1)).slice(1)).toEqual([
      'Charge',
      'Charge 99213',
      'LG-1',
      '200.00',
      '',
      '770.00',
      '0.00',
      '770.00',
    ]);
    expect((await cells(2)).slice(1)).toEqual([
      'Payment',
      'Payment from KEY INSURANCE (E2E-DEN)',
      'LG-1',
      '-120.00',
      '',
      '650.00',
      '0.00',
      '650.00',
    ]);
    expect((await cells(3)).slice(1)).toEqual([
      'Adjustment',
      'Adjustment by KEY INSURANCE CO-45',
      'LG-1',
      '-50.00',
      '',
      '600.00',
      '0.00',
      '600.00',
    ]);
    expect((await cells(4)).slice(1, 8)).toEqual([
      'Patient responsibility',
      'Patient responsibility per KEY INSURANCE',
      'LG-1',
      '-30.00',
      '30.00',
      '570.00',
      '30.00',
    ]);
    expect(await win.getByTestId('ledger-total-patient').textContent()).toContain('$30.00');
    expect(await win.getByTestId('ledger-legend').textContent()).toMatch(
      /Draft.*Not submitted.*Submitted.*Approved.*Rejected.*Denied.*Complete/,
    );
  });

  it('prints the statement: a PDF with the amount due and a coupon, recorded as the 1st bill', async () => {
    // The bytes the server sends, read on their way to the page (which opens them in a new tab).
    let pdf: Buffer | null = null;
    let type = '';
    await page.route('**/ledger/*/statement', async (route) => {
      const r = await route.fetch();
      pdf = await r.body();
      type = r.headers()['content-type'];
      await route.fulfill({ response: r, body: pdf });
    });
    await win.getByRole('button', { name: 'Print statement' }).click();
    await expect.poll(() => pdf !== null).toBe(true);
    expect(type).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(pdf!));
    expect(text).toContain('AMOUNT DUE: $30.00');
    expect(text).toContain('Please detach and return this portion with your payment.');
    await expect
      .poll(async () =>
        Number(
          (
            await e.app.db.query<{ n: string }>(
              'select count(*) n from patient_statements where patient_id = $1 and sequence = 1',
              [w.patient],
            )
          ).rows[0].n,
        ),
      )
      .toBe(1);
    await win.getByTestId('ledger-rows').locator('tr[data-type="statement"]').waitFor();
  });

  it('writes off part of the patient balance, the amount typed in dollars as a person says it (12.5 is $12.50)', async () => {
    await win.getByRole('button', { name: 'Write-off', exact: true }).click();
    // The write-off's own modal dialog (every desktop window is a dialog too, not a modal one).
    const dialog = page.locator('[role="dialog"][aria-modal="true"]');
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('12.5');
    await dialog
      .getByRole('textbox', { name: /^Date/ })
      .fill(new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }));
    await dialog.getByRole('combobox', { name: /^Reason/ }).click();
    await page.getByRole('option', { name: 'Small balance write-off' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const entries = (
      await e.app.db.query<{ kind: string; amount: string }>(
        'select kind, amount from ledger_entries where patient_id = $1',
        [w.patient],
      )
    ).rows;
    expect(entries.map((r) => [r.kind, Number(r.amount)])).toEqual([['write_off', 1250]]);
  });

  it("opens a row's claim, and then another's in the same Claims window", async () => {
    const link = (code: string) =>
      win.getByTestId('ledger-rows').getByRole('button', { name: code, exact: true }).first();
    await link('LG-1').click();
    const claimsWin = page.getByTestId('window-Claims Management');
    await claimsWin.getByRole('heading', { name: 'LG-1' }).waitFor();
    // The taskbar brings the ledger back in front of the claim. A click that lands before the Claims window has
    // taken the front (a loaded CI box) would minimize the ledger instead: clicked until the ledger is in front.
    await expect
      .poll(
        async () => {
          if ((await win.getAttribute('data-focused')) !== 'true')
            await page.getByTestId('taskbar-Ledger Management').click();
          return win.getAttribute('data-focused');
        },
        { interval: 500 },
      )
      .toBe('true');
    await link('DN-29').click();
    await claimsWin.getByRole('heading', { name: 'DN-29' }).waitFor();
  });

  it('closes December from Month-end Close: the close is listed with the day the books are closed through', async () => {
    const books = await openFromStart(page, 'Month-end Close');
    await books.getByRole('button', { name: 'Create' }).click();
    await books.getByLabel('Month (mm/yyyy)').fill('12/2025');
    await books.getByRole('button', { name: 'Save' }).click();
    await books.getByText('12/31/2025').first().waitFor();
    const closed = await e.app.db.query<{ through: string }>(
      `select to_char(closed_through, 'YYYY-MM-DD') as through from books_closed where billing_company_id = $1`,
      [w.bc],
    );
    expect(closed.rows).toEqual([{ through: '2025-12-31' }]);
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});
