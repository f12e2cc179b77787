import { pdfText } from '../helpers/pdf-text.ts';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra } from '../helpers/era-claims.ts';
import { CONTRACT_BASIS } from '../../src/generated/ids.ts';

let e: E2E;
let page: Page;
let errors: string[];
let w: ClaimWorld;
let contractId: number;
// Rushmore Life pays 99211 ($800.00 billed) with $500.00 and a $300.00 deductible: $800.00 allowed, under the $900.00
// the contract below says; 93555 is allowed $1,150.00, as contracted.
const ERA = readFileSync(new URL('../fixtures/x12/835/managed-care.835', import.meta.url), 'latin1');
const SCHEDULE = 'CPT,Modifier,POS,Fee,Units basis\n99211,,,900.00,per unit\n93555,,,1150.00,per unit\n';

beforeAll(async () => {
  e = await startE2E({ withJobs: true });
  w = await claimWorld(e.app.db);
  await claimsForEra(e.app.db, w, ERA);
  const payer = Number(
    (await e.app.db.query<{ id: string }>(`select id from insurance_companies where name = 'RUSHMORE LIFE'`)).rows[0]
      .id,
  );
  // The contract itself is on file (its terms typed from the signed agreement); the manager brings its schedule in.
  contractId = Number(
    (
      await e.app.db.query<{ id: string }>(
        `insert into contracts (billing_company_id, name, company_id, insurance_company_id, basis_id, start_date, terms)
         values ($1, 'Rushmore Life PPO', $2, $3, $4, '2002-01-01', 'Section 5.1: Payer pays the lesser of billed charges or Exhibit A.') returning id`,
        [w.bc, w.company, payer, CONTRACT_BASIS.FEE_SCHEDULE],
      )
    ).rows[0].id,
  );
  await e.app.createUser({ email: 'manager@contracts.test', roles: ['billingmanager'], billingCompanyIds: [w.bc] });
  ({ page, errors } = await signIn(e, 'manager@contracts.test'));
  page.setDefaultTimeout(15_000);
});
afterAll(() => e.close());

describe('a billing manager holds a payer to its contract', () => {
  let contracts: Locator;

  it('imports the fee schedule from a spreadsheet, seeing its lines before they replace the schedule', async () => {
    contracts = await openFromStart(page, 'Payer Contracts');
    await contracts.getByText('Rushmore Life PPO').first().click();
    await contracts.getByRole('button', { name: 'Import fee schedule (CSV or XLSX)' }).click();
    const dialog = page.getByTestId('fee-import');
    await dialog
      .getByTestId('fee-import-file')
      .setInputFiles({ name: 'exhibit-a.csv', mimeType: 'text/csv', buffer: Buffer.from(SCHEDULE) });
    await dialog.getByText('exhibit-a.csv: 2 lines, 0 wrong; the contract has 0 lines now, all replaced.').waitFor();
    await dialog.getByRole('cell', { name: '$900.00' }).waitFor();
    await dialog.getByRole('button', { name: 'Import 2 lines' }).click();
    await dialog.waitFor({ state: 'detached' });
    const priced = await e.app.db.query<{ procedure_code: string; expected_allowed: string }>(
      `select procedure_code, expected_allowed from claim_services where expected_contract_id = $1 order by procedure_code`,
      [contractId],
    );
    expect(priced.rows.map((r) => [r.procedure_code, Number(r.expected_allowed)])).toEqual([
      ['93555', 115000],
      ['99211', 90000],
    ]);
  });

  it("posts the payer's ERA", async () => {
    const eras = await openFromStart(page, 'ERA Files');
    await eras
      .getByTestId('file-import-era')
      .setInputFiles({ name: 'managed-care.835', mimeType: 'text/plain', buffer: Buffer.from(ERA, 'latin1') });
    await eras.getByText('RUSHMORE LIFE').first().click();
    await eras.getByRole('button', { name: 'Process' }).click();
    const dialog = page.getByRole('dialog', { name: 'Process' });
    await dialog.getByRole('button', { name: 'Close' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('sees the underpaid line in the worklist with the difference to the cent, and prints its appeal letter as edited', async () => {
    const worklist = await openFromStart(page, 'Underpayments');
    await worklist.getByText('$100.00').first().waitFor();
    const listed = await e.app.db.query<{ variance: string }>(
      'select variance from underpayments where billing_company_id = $1',
      [w.bc],
    );
    expect(listed.rows.map((r) => Number(r.variance))).toEqual([10000]);
    await worklist.getByText('99211').first().click();
    await worklist.getByRole('button', { name: 'Appeal letter' }).click();
    // The letter is read first, in a box a person can write in: a line of their own goes to the payer with it.
    const letter = page.getByRole('dialog', { name: 'Appeal letter' });
    const text = letter.getByRole('textbox', { name: 'The letter, as it will be printed' });
    await expect.poll(() => text.inputValue()).toContain('The service was underpaid by $100.00.');
    await text.press('ControlOrMeta+End');
    await text.pressSequentially('\nCalled provider relations on 02/03; ref. PR-5521.');
    // The PDF the new tab shows is the one the server answered: read on its way to the page, it carries the person's line.
    let printed: Buffer | undefined;
    await page.route('**/appeal-letter', async (route) => {
      const answer = await route.fetch();
      printed = await answer.body();
      await route.fulfill({ response: answer, body: printed });
    });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      letter.getByRole('button', { name: 'Print' }).click(),
    ]);
    expect(popup.url()).toMatch(/^blob:/);
    expect(await pdfText(new Uint8Array(printed!))).toContain('Called provider relations on 02/03; ref. PR-5521.');
    await page.unroute('**/appeal-letter');
    await popup.close();
    await letter.waitFor({ state: 'detached' });
  });

  it('closes the month before the services from Month-end Close', async () => {
    const books = await openFromStart(page, 'Month-end Close');
    await books.getByRole('button', { name: 'Create' }).click();
    await books.getByLabel('Month (mm/yyyy)').fill('01/2002');
    await books.getByRole('button', { name: 'Save' }).click();
    await books.getByText('01/31/2002').first().waitFor();
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});
